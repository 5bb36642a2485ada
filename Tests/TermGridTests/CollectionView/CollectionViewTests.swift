import GridLayout
import GridRender
import Testing

@testable import TermGrid

@Suite struct CollectionViewTests {
  @Test func onlyVisibleItemsAreAskedForContentEvenWithAMillion() {
    let (view, data) = makeGrid([1_000_000], width: 200, height: 60)
    defer { withExtendedLifetime(data) {} }
    var surface = Surface(width: 200, height: 60)
    view.draw(into: &surface)
    // 13 columns x 20 rows of 14x3 boxes.
    #expect(data.cellRequests == 13 * 20)
    data.cellRequests = 0
    view.focusItem(at: IndexPath(item: 999_999, section: 0))
    view.draw(into: &surface)
    #expect(data.cellRequests <= 13 * 21)
    #expect(view.indexPathsForVisibleItems.last == IndexPath(item: 999_999, section: 0))
  }

  @Test func adaptingToATerminalWithoutUTF8DrawsASCIIAndBlendsForItsColours() {
    let (view, data) = makeGrid([1], width: 16, height: 3)
    defer { withExtendedLifetime(data) {} }
    view.adapt(to: TerminalCapabilities(colors: .none, unicode: false))
    #expect(view.theme.asciiOnly && view.rasterizer.blend.colors == .none)
    var surface = Surface(width: 16, height: 3)
    view.draw(into: &surface)
    #expect(surface.lines[0] == "+------------+  ")
    view.adapt(to: TerminalCapabilities(colors: .indexed256))
    #expect(!view.theme.asciiOnly && view.rasterizer.blend.colors == .indexed256)
  }

  @Test func drawsBordersTitlesAndFocusInReverseVideo() {
    let (view, data) = makeGrid([3], width: 46, height: 4)
    defer { withExtendedLifetime(data) {} }
    var surface = Surface(width: 46, height: 4)
    view.draw(into: &surface)
    #expect(surface.lines[0] == "┌────────────┐ ┌────────────┐ ┌────────────┐  ")
    #expect(surface.lines[1] == "│ Item 0.0   │ │ Item 0.1   │ │ Item 0.2   │  ")
    #expect(surface[0, 0].style.reverse && surface[5, 1].style.reverse)
    #expect(!surface[15, 0].style.reverse)
  }

  @Test func arrowsMoveByGeometryAndStayAtEdges() {
    let (view, data) = makeGrid([10], width: 60, height: 24)  // 4 per row
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
    #expect(view.moveFocus(.right))
    #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
    #expect(view.moveFocus(.down))
    #expect(view.focusedIndexPath == IndexPath(item: 5, section: 0))
    #expect(!view.moveFocus(.down) || view.focusedIndexPath == IndexPath(item: 9, section: 0))
    view.focusItem(at: IndexPath(item: 3, section: 0))
    #expect(!view.moveFocus(.right))  // nothing to the right of the last column
    #expect(view.focusedIndexPath == IndexPath(item: 3, section: 0))
    #expect(!view.moveFocus(.up))
    #expect(data.focused.last == IndexPath(item: 3, section: 0))
  }

  @Test func sameSectionFirstThenTheNextSection() {
    // Two sections of 4 in rows of 4, with headers between.
    let (view, data) = makeGrid([4, 4], width: 60, height: 24, header: 1)
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: IndexPath(item: 2, section: 0))
    #expect(view.moveFocus(.down))
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 1))
    #expect(view.moveFocus(.up))
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
  }

  @Test func focusNavigationWorksForAnyLayout() {
    // A diagonal layout: nothing is directly below anything.
    final class Diagonal: CollectionLayout {
      var n = 0
      func prepare(for context: LayoutContext) { n = context.numberOfItems(inSection: 0) }
      var contentSize: Size { Size(width: Double(n * 10), height: Double(n * 4)) }
      func frame(_ i: Int) -> Rect { Rect(x: Double(i * 6), y: Double(i * 4), width: 5, height: 3) }
      func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        (0..<n).map { LayoutAttributes(forItemAt: IndexPath(item: $0, section: 0), frame: frame($0)) }
          .filter { $0.frame.intersects(rect) }
      }
      func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        indexPath.item < n ? LayoutAttributes(forItemAt: indexPath, frame: frame(indexPath.item)) : nil
      }
    }
    let view = CollectionView(layout: Diagonal())
    let data = NumberedItems([5])
    defer { withExtendedLifetime(data) {} }
    view.dataSource = data
    view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 10))
    view.reloadData()
    // Each item is 6 columns right and 4 rows (8 columns to the eye) down
    // of the one before: inside the cone of "down", outside that of "right".
    #expect(!view.moveFocus(.right))
    #expect(view.moveFocus(.down))
    #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
    #expect(view.moveFocus(.down))
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
    #expect(!view.moveFocus(.left))
    #expect(view.moveFocus(.up))
    #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
  }

  @Test func pagingHomeEndAndSections() {
    let (view, data) = makeGrid([100, 50, 0, 7], width: 60, height: 24, header: 1)
    defer { withExtendedLifetime(data) {} }
    view.perform(.last)
    #expect(view.focusedIndexPath == IndexPath(item: 6, section: 3))
    view.perform(.first)
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
    view.perform(.nextSection)
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1))
    view.perform(.nextSection)  // skips the empty section
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 3))
    view.perform(.previousSection)
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1))
    view.perform(.first)
    view.perform(.pageDown)
    // 24 rows = 8 box rows: the focus moves 8 rows (32 items) down.
    #expect(view.focusedIndexPath == IndexPath(item: 32, section: 0))
    #expect(view.contentOffset.y == 24)
    view.perform(.pageUp)
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
  }

  @Test func homeAndEndRevealTheHeadersAndFootersOfEmptySectionsAtTheEnds() {
    // Two empty sections first and last: Home and End show their headers and footers with the items.
    let (view, data) = makeGrid([0, 0, 200, 0], width: 60, height: 10, header: 1, footer: 1)
    defer { withExtendedLifetime(data) {} }
    view.perform(.last)
    #expect(view.focusedIndexPath == IndexPath(item: 199, section: 2))
    #expect(view.contentOffset.y == view.contentSize.height - 10)  // the last footer is on screen
    view.perform(.first)
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 2))
    #expect(view.contentOffset.y == 0)  // the empty sections' headers above are on screen
    // Where the edge is too far to show with the item, the item wins.
    let (tall, tallData) = makeGrid([0, 0, 0, 0, 0, 0, 30], width: 60, height: 6, header: 1, footer: 1)
    defer { withExtendedLifetime(tallData) {} }
    tall.perform(.last)
    tall.perform(.first)
    let frame = tall.layoutAttributesForItem(at: tall.focusedIndexPath!)!.frame
    #expect(frame.minY >= tall.contentOffset.y && frame.maxY <= tall.contentOffset.y + 6)
  }

  @Test func itemsInsertedIntoAnEmptyFirstSectionAfterHomeAreNotUnderItsPinnedHeader() throws {
    // The favourites case: an empty first section, Home, two items selected further down, then copied into it.
    let (view, data) = makeGrid([0, 40, 40], width: 60, height: 12, header: 1, footer: 1)
    defer { withExtendedLifetime(data) {} }
    (view.collectionViewLayout as! FlowLayout).sectionHeadersPinToVisibleBounds = true
    view.animationDuration = 0
    view.perform(.last)
    view.perform(.first)
    try view.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)]) { data.counts[0] = 2 }
    var surface = Surface(width: 60, height: 12)
    view.draw(into: &surface)
    // The header on the first row, the new items' top borders right under it.
    #expect(surface.lines[0].trimmingPrefix(" ").hasPrefix("header 0"))
    #expect(surface.lines[1].hasPrefix("┌"))
    #expect(surface.lines[2].contains("Item 0.0") && surface.lines[2].contains("Item 0.1"))
  }

  @Test func theFocusedItemIsAlwaysScrolledIntoView() {
    let (view, data) = makeGrid([200], width: 60, height: 10)
    defer { withExtendedLifetime(data) {} }
    for _ in 0..<20 { view.moveFocus(.down) }
    let frame = view.layoutAttributesForItem(at: view.focusedIndexPath!)!.frame
    #expect(view.visibleRect.contains(frame))
    #expect(view.contentOffset.y == frame.maxY - 10)
  }

  @Test func hitTestingFindsItemsNeverHeadersOrGaps() {
    let (view, data) = makeGrid([5], width: 60, height: 24, header: 1)
    defer { withExtendedLifetime(data) {} }
    #expect(view.indexPathForItem(at: Point(x: 1, y: 0.5)) == nil)  // the header
    #expect(view.indexPathForItem(at: Point(x: 1, y: 1.5)) == IndexPath(item: 0, section: 0))
    #expect(view.indexPathForItem(at: Point(x: 14.5, y: 1.5)) == nil)  // the gap between items
    #expect(view.indexPathForItem(at: Point(x: 16, y: 2)) == IndexPath(item: 1, section: 0))
    #expect(view.indexPathForItem(atSurfaceX: 1, y: 5) == IndexPath(item: 4, section: 0))
    #expect(view.indexPathForItem(atSurfaceX: 16, y: 5) == nil)  // the second row holds one item
  }

  @Test(arguments: [ScrollPosition.top, .centered, .bottom, .minimal])
  func scrollToItemPositions(position: ScrollPosition) {
    let (view, _) = makeGrid([400], width: 60, height: 12)  // 4 per row, rows of 3
    let target = IndexPath(item: 200, section: 0)  // row 50: y 150..<153
    view.scrollToItem(at: target, position: position)
    let expected: Double
    switch position {
    case .top: expected = 150
    case .centered: expected = 146  // 151.5 - 6 = 145.5, rounded
    case .bottom, .minimal: expected = 141
    }
    #expect(view.contentOffset.y == expected)
  }

  @Test func outOfRangeIndexPathsAreTypedErrorsNotCrashes() {
    let (view, data) = makeGrid([3])
    defer { withExtendedLifetime(data) {} }
    #expect(throws: CollectionViewError.indexPathOutOfRange(IndexPath(item: 5, section: 0), numberOfSections: 1, numberOfItems: 3)) {
      try view.validate(IndexPath(item: 5, section: 0))
    }
    #expect(throws: CollectionViewError.self) { try view.validate(IndexPath(item: 0, section: 4)) }
    view.focusItem(at: IndexPath(item: 9, section: 9))
    view.scrollToItem(at: IndexPath(item: 9, section: 9), position: .top)
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
  }

  @Test func tinyViewsDrawWithoutCrashing() {
    for (w, h) in [(0, 0), (1, 1), (2, 2), (3, 1), (5, 40)] {
      let (view, data) = makeGrid([50], width: w, height: h, header: 1)
      defer { withExtendedLifetime(data) {} }
      view.showsScrollIndicator = true
      var surface = Surface(width: w, height: h)
      view.draw(into: &surface)
      view.moveFocus(.down)
      view.perform(.pageDown)
      view.draw(into: &surface)
    }
  }
}
