import GridLayout
import GridRender
import Testing

@testable import TermGrid

@Suite struct ShelfScrollingTests {
  /// Three shelves of 10 items 12 wide in a 40x20 view.
  func makeShelves() -> (CollectionView, NumberedItems, ShelfLayout) {
    let layout = ShelfLayout(itemWidth: 12, itemHeight: 3)
    let view = CollectionView(layout: layout)
    let data = NumberedItems([10, 10, 10])
    view.dataSource = data
    view.delegate = data
    view.showsScrollIndicator = false
    view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 20))
    view.reloadData()
    return (view, data, layout)
  }

  @Test func movingRightScrollsOnlyTheFocusedShelfAndOtherShelvesKeepTheirOffsets() {
    let (view, data, layout) = makeShelves()
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: IndexPath(item: 0, section: 0))
    for _ in 0..<5 { view.perform(.moveFocus(.right)) }
    #expect(view.focusedIndexPath == IndexPath(item: 5, section: 0))
    // Item 5 spans 66...78 unscrolled; with a cell of margin it ends at the view's edge.
    #expect(layout.horizontalOffset(ofSection: 0) == 39)
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))!.frame.maxX == 39)
    #expect(layout.horizontalOffset(ofSection: 1) == 0)
    // Down lands on the item of shelf 1 under the focus (item 2, 27...39), which needs no scrolling.
    view.perform(.moveFocus(.down))
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 1))
    #expect(layout.horizontalOffset(ofSection: 0) == 39 && layout.horizontalOffset(ofSection: 1) == 0)
    view.perform(.moveFocus(.right))
    #expect(layout.horizontalOffset(ofSection: 1) == 13)
    // Back up: shelf 0 is where it was left, and the focus on the item above.
    view.perform(.moveFocus(.up))
    #expect(layout.horizontalOffset(ofSection: 0) == 39 && layout.horizontalOffset(ofSection: 1) == 13)
    #expect(view.focusedIndexPath == IndexPath(item: 5, section: 0))
    // Home goes back to the first item, and its shelf back to the start.
    view.perform(.first)
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0) && layout.horizontalOffset(ofSection: 0) == 0)
  }

  @Test func aScrolledShelfIsDrawnScrolledAndThePlankIsADecoration() {
    let (view, data, _) = makeShelves()
    defer { withExtendedLifetime(data) {} }
    view.drawsIncrementally = true
    view.register({ _ in .filled(with: "▔") }, forDecorationViewOfKind: ShelfLayout.plankKind)
    var surface = Surface(width: 40, height: 20)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.draw(into: &surface)
    #expect(surface.lines[2].hasPrefix(" │ Item 0.0 │ │ Item 0.1 │"))
    #expect(surface.lines[4] == String(repeating: "▔", count: 40))
    for _ in 0..<4 { view.perform(.moveFocus(.right)) }
    view.draw(into: &surface)
    // Shelf 0 moved (item 4 ends a cell before the edge), shelf 1 did not.
    #expect(surface.lines[2].hasSuffix("│ Item 0.4 │ "))
    #expect(surface.lines[8].hasPrefix(" │ Item 1.0 │"))
    var fresh = Surface(width: 40, height: 20)
    view.setNeedsDisplay()
    view.drawsIncrementally = false
    view.draw(into: &fresh)
    #expect(fresh.lines == surface.lines)
  }
}
