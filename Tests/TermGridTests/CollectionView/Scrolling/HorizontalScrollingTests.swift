import GridLayout
import GridRender
import Testing

@testable import TermGrid

@Suite struct HorizontalScrollingTests {
  /// 40 items of 14x3 flowing into columns of 3 (a 40x10 view, the bottom row the scroll bar).
  func makeColumns() -> (CollectionView, NumberedItems) {
    let layout = FlowLayout(
      itemSize: Size(width: 14, height: 3), minimumInteritemSpacing: 0, minimumLineSpacing: 1,
      scrollDirection: .horizontal)
    let view = CollectionView(layout: layout)
    let data = NumberedItems([40])
    view.dataSource = data
    view.delegate = data
    view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 10))
    view.reloadData()
    return (view, data)
  }

  @Test func theScrollBarRunsAlongTheBottomAndFollowsTheOffset() {
    let (view, data) = makeColumns()
    defer { withExtendedLifetime(data) {} }
    #expect(view.viewport == CellRect(x: 0, y: 0, width: 40, height: 9))
    // 14 columns of 3 items (the last of 1): 14 * 15 - 1 = 209 cells wide.
    #expect(view.contentSize == Size(width: 209, height: 9))
    var surface = Surface(width: 40, height: 10)
    view.draw(into: &surface)
    // 40 of 209 visible: a thumb of 8 at the start.
    #expect(surface.lines[9] == String(repeating: "▀", count: 8) + String(repeating: "─", count: 32))
    #expect(surface.lines[1].hasPrefix("│ Item 0.0   │ │ Item 0.3   │"))
    view.setContentOffset(Point(x: 169, y: 0))
    view.draw(into: &surface)
    #expect(surface.lines[9] == String(repeating: "─", count: 32) + String(repeating: "▀", count: 8))
  }

  @Test func arrowsPagesAndTheWheelScrollSideways() {
    let (view, data) = makeColumns()
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.perform(.moveFocus(.right))
    view.perform(.moveFocus(.right))
    view.perform(.moveFocus(.right))
    #expect(view.focusedIndexPath == IndexPath(item: 9, section: 0))
    // Item 9 is in column 3 (45...59): scrolled just enough to show it.
    #expect(view.contentOffset == Point(x: 19, y: 0))
    // A page (40 cells) on from column 3's centre (52) is 92: column 6
    // (90...104) on the same row, scrolled a page and then into view.
    view.perform(.pageDown)
    #expect(view.focusedIndexPath == IndexPath(item: 18, section: 0))
    #expect(view.contentOffset == Point(x: 64, y: 0))
    view.perform(.pageUp)
    #expect(view.focusedIndexPath == IndexPath(item: 9, section: 0))
    #expect(view.contentOffset == Point(x: 24, y: 0))
    // The wheel: six cells a notch.
    _ = view.handle(.mouse(MouseEvent(.scrollDown, x: 5, y: 5)))
    #expect(view.contentOffset == Point(x: 30, y: 0))
    _ = view.handle(.mouse(MouseEvent(.scrollUp, x: 5, y: 5)))
    _ = view.handle(.mouse(MouseEvent(.scrollUp, x: 5, y: 5)))
    #expect(view.contentOffset == Point(x: 18, y: 0))
  }
}
