import Testing

@testable import GridLayout

/// Where the arrows take the focus on the stock layouts, without a view:
/// rows for grids, lists and shelves, columns for horizontal flows, the
/// cone for free-form layouts, and a layout's own navigation.
@Suite struct FocusNavigationTests {
  func path(_ s: Int, _ i: Int) -> IndexPath { IndexPath(item: i, section: s) }

  /// Prepares `layout` for `counts` in `width` x `height`.
  func prepared<L: CollectionLayout>(_ layout: L, _ counts: [Int], width: Double, height: Double = 24) -> L {
    layout.prepare(for: LayoutContext(itemCounts: counts, boundsSize: Size(width: width, height: height)))
    layout.invalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: width, height: height))
    return layout
  }

  /// Where the focus goes from `from`, the screen at `visible`, refusing `refused`.
  func target(
    _ layout: any CollectionLayout, _ from: IndexPath, _ direction: FocusDirection, visible: Rect? = nil,
    refused: Set<IndexPath> = []
  ) -> IndexPath? {
    let screen = visible ?? Rect(origin: .zero, size: Size(width: layout.contentSize.width, height: 24))
    return layout.targetIndexPath(
      forFocusMovingFrom: from, in: direction, context: FocusMoveContext(visibleRect: screen) { !refused.contains($0) })
  }

  // MARK: flow layouts

  /// A character map: "a" to "~" (30 characters) in rows of 13 three-column
  /// cells, the last row `{ | } ~` short, under the first columns.
  func characterMap() -> FlowLayout {
    prepared(FlowLayout(itemSize: Size(width: 3, height: 1)), [30], width: 51)
  }

  @Test func theStockLayoutsSayHowTheyNavigate() {
    #expect(FlowLayout().focusNavigation == .rows)
    #expect(FlowLayout(itemSize: Size(width: 3, height: 1), scrollDirection: .horizontal).focusNavigation == .columns)
    #expect(
      CompositionalLayout(
        section: LayoutSection(
          group: .horizontal(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)), subitems: []))
      ).focusNavigation == .rows)
    #expect(ShelfLayout().focusNavigation == .rows)
    #expect(WaterfallLayout().focusNavigation == .geometric)
    #expect(CircleLayout().focusNavigation == .geometric)
    let flow = FlowLayout()
    flow.focusNavigation = .geometric
    flow.scrollDirection = .horizontal
    #expect(flow.focusNavigation == .geometric)
  }

  @Test func downFromTheLastFullRowReachesTheShortLastRowHoweverFarSideways() {
    let layout = characterMap()
    #expect(layout.layoutAttributesForItem(at: path(0, 25))!.frame == Rect(x: 48, y: 1, width: 3, height: 1))  // z
    #expect(layout.layoutAttributesForItem(at: path(0, 29))!.frame == Rect(x: 12, y: 2, width: 3, height: 1))  // ~
    #expect(target(layout, path(0, 25), .down) == path(0, 29))  // z to ~, 36 columns to the left
    #expect(target(layout, path(0, 13), .down) == path(0, 26))  // n to {, straight down
    #expect(target(layout, path(0, 27), .down) == nil)  // the last row
    // Up from the short row goes straight up; Left and Right keep to the row.
    #expect(target(layout, path(0, 29), .up) == path(0, 16))
    #expect(target(layout, path(0, 29), .right) == nil)
    #expect(target(layout, path(0, 26), .left) == nil)
    #expect(target(layout, path(0, 12), .right) == nil)  // m ends row 0: no wrapping to n
    #expect(target(layout, path(0, 13), .left) == nil)
    #expect(target(layout, path(0, 14), .left) == path(0, 13))
    // The cone, asked for, does not reach ~ from z.
    layout.focusNavigation = .geometric
    #expect(target(layout, path(0, 25), .down) == nil)
  }

  @Test func upFromACardWithNothingAboveReachesTheRowAbove() {
    // Two cards at the left, then rows of four: nothing above column 3.
    let layout = prepared(
      FlowLayout(
        itemSize: Size(width: 14, height: 3), headerReferenceSize: Size(width: 0, height: 1), lineAlignment: .leading), [2, 10],
      width: 60)
    #expect(target(layout, path(1, 3), .up) == path(0, 1))
    #expect(target(layout, path(1, 0), .up) == path(0, 0))
    #expect(target(layout, path(1, 7), .up) == path(1, 3))
    // Down from the short section reaches the next one's first row.
    #expect(target(layout, path(0, 1), .down) == path(1, 1))
    #expect(target(layout, path(1, 9), .down) == nil)
  }

  @Test func emptySectionsAreNotStoppedIn() {
    let layout = prepared(
      FlowLayout(
        itemSize: Size(width: 14, height: 3), headerReferenceSize: Size(width: 0, height: 1),
        footerReferenceSize: Size(width: 0, height: 1), lineAlignment: .leading), [3, 0, 0, 3, 0],
      width: 60)
    #expect(target(layout, path(0, 2), .down) == path(3, 2))
    #expect(target(layout, path(3, 0), .up) == path(0, 0))
    #expect(target(layout, path(3, 1), .down) == nil)
  }

  @Test func itemsTheFocusMayNotLandOnArePassedOver() {
    let layout = characterMap()
    // The nearest of the next row refused: the next nearest.
    #expect(target(layout, path(0, 25), .down, refused: [path(0, 29)]) == path(0, 28))
    // A whole row refused: the row after it.
    let row1 = Set((13..<26).map { path(0, $0) })
    #expect(target(layout, path(0, 5), .down, refused: row1) == path(0, 29))
    #expect(target(layout, path(0, 29), .up, refused: row1) == path(0, 3))
    // Beside, the next one the focus may land on.
    #expect(target(layout, path(0, 2), .right, refused: [path(0, 3), path(0, 4)]) == path(0, 5))
    #expect(target(layout, path(0, 2), .left, refused: [path(0, 0), path(0, 1)]) == nil)
  }

  @Test func itemsOfDifferentHeightsInALineAreOneRow() {
    final class Sizes: FlowLayoutItemSizing {
      func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        Size(width: 10, height: Double([1, 5, 2, 3][indexPath.item % 4]))
      }
    }
    let sizes = Sizes()
    let flow = FlowLayout(itemSize: Size(width: 10, height: 1))
    flow.delegate = sizes
    let layout = prepared(flow, [8], width: 44)  // 4 a row, each row 5 tall, items centred in it
    #expect(layout.layoutAttributesForItem(at: path(0, 0))!.frame == Rect(x: 0, y: 2, width: 10, height: 1))
    #expect(target(layout, path(0, 0), .right) == path(0, 1))
    #expect(target(layout, path(0, 1), .right) == path(0, 2))
    #expect(target(layout, path(0, 0), .down) == path(0, 4))
    #expect(target(layout, path(0, 5), .up) == path(0, 1))
    #expect(target(layout, path(0, 7), .left) == path(0, 6))
  }

  @Test func aHorizontalFlowMovesColumnByColumn() {
    // Columns of three 10x2 cards (8 rows high); the last column of section 0 holds one, at the top.
    let layout = prepared(
      FlowLayout(
        itemSize: Size(width: 10, height: 2), minimumLineSpacing: 1, headerReferenceSize: Size(width: 4, height: 0),
        scrollDirection: .horizontal, lineAlignment: .leading), [7, 0, 2],
      width: 80, height: 8)
    #expect(layout.layoutAttributesForItem(at: path(0, 5))!.frame == Rect(x: 15, y: 6, width: 10, height: 2))
    #expect(layout.layoutAttributesForItem(at: path(0, 6))!.frame == Rect(x: 26, y: 0, width: 10, height: 2))
    let screen = Rect(x: 0, y: 0, width: 80, height: 8)
    #expect(target(layout, path(0, 2), .right, visible: screen) == path(0, 5))
    #expect(target(layout, path(0, 5), .right, visible: screen) == path(0, 6))  // the short column, six rows up
    #expect(target(layout, path(0, 6), .right, visible: screen) == path(2, 0))  // past the empty section
    #expect(target(layout, path(2, 1), .left, visible: screen) == path(0, 6))
    #expect(target(layout, path(0, 6), .left, visible: screen) == path(0, 3))
    // Up and Down keep to the column.
    #expect(target(layout, path(0, 0), .down, visible: screen) == path(0, 1))
    #expect(target(layout, path(0, 2), .down, visible: screen) == nil)
    #expect(target(layout, path(0, 3), .up, visible: screen) == nil)
  }

  // MARK: compositional layouts

  static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
    LayoutSize(widthDimension: w, heightDimension: h)
  }

  /// A featured item two thirds wide beside two stacked small ones, 8 rows a group.
  static func featuredGroup() -> LayoutGroup {
    let featured = LayoutItem(layoutSize: size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
    let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
    let pair = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), repeatingSubitem: .item(small), count: 2)
    return .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(8)), subitems: [.item(featured), .group(pair)])
  }

  @Test func nestedGroupsHaveRowsOfTheirStackedItems() {
    let layout = prepared(CompositionalLayout(section: LayoutSection(group: Self.featuredGroup())), [9], width: 60)
    // 0 featured (rows 0-8), 1 over 2 beside it; then 3, 4 over 5; 6, 7 over 8.
    #expect(target(layout, path(0, 0), .right) == path(0, 1))
    #expect(target(layout, path(0, 2), .left) == path(0, 0))
    #expect(target(layout, path(0, 1), .down) == path(0, 2))
    #expect(target(layout, path(0, 2), .down) == path(0, 4))
    #expect(target(layout, path(0, 0), .down) == path(0, 3))
    #expect(target(layout, path(0, 4), .up) == path(0, 2))
    #expect(target(layout, path(0, 3), .up) == path(0, 0))
    #expect(target(layout, path(0, 5), .up) == path(0, 4))
    // The small one under refused: the next group, not the featured one beside.
    #expect(target(layout, path(0, 4), .down, refused: [path(0, 5)]) == path(0, 7))
    // The small one at the top of the next group refused: the featured one in its row.
    #expect(target(layout, path(0, 2), .down, refused: [path(0, 4)]) == path(0, 3))
  }

  @Test func aListMovesRowByRowAcrossSections() {
    var configuration = LayoutListConfiguration(appearance: .plain)
    configuration.rowHeight = 1
    configuration.headerMode = .supplementary
    let layout = prepared(CompositionalLayout.list(using: configuration), [2, 0, 3], width: 40)
    #expect(target(layout, path(0, 0), .down) == path(0, 1))
    #expect(target(layout, path(0, 1), .down) == path(2, 0))
    #expect(target(layout, path(2, 0), .up) == path(0, 1))
    #expect(target(layout, path(2, 1), .left) == nil && target(layout, path(2, 1), .right) == nil)
  }

  /// Shelves of ten 12-wide items in a 40-column view, under headers.
  func shelves(_ counts: [Int]) -> CompositionalLayout {
    let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
    let header = LayoutBoundarySupplementaryItem(
      layoutSize: Self.size(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top)
    let section = LayoutSection(
      group: .horizontal(layoutSize: Self.size(.absolute(12), .absolute(3)), subitems: [.item(item)]),
      contentInsets: EdgeInsets(top: 0, left: 1, bottom: 1, right: 1), interGroupSpacing: 1, boundarySupplementaryItems: [header],
      orthogonalScrollingBehavior: .continuous)
    return prepared(CompositionalLayout(section: section), counts, width: 40)
  }

  @Test func downFromAShelfScrolledToItsEndReachesTheNextShelfOnScreen() {
    let layout = shelves([10, 2, 10, 0, 10])
    let screen = Rect(x: 0, y: 0, width: 40, height: 24)
    // Shelf 0 at its end (items 7, 8, 9 on screen); shelf 1's two cards at the left.
    layout.setHorizontalOffset(1000, ofSection: 0)
    #expect(layout.horizontalOffset(ofSection: 0) == 91)
    #expect(layout.layoutAttributesForItem(at: path(0, 9))!.frame == Rect(x: 27, y: 1, width: 12, height: 3))
    #expect(layout.layoutAttributesForItem(at: path(1, 1))!.frame == Rect(x: 14, y: 6, width: 12, height: 3))
    #expect(target(layout, path(0, 9), .down, visible: screen) == path(1, 1))
    #expect(target(layout, path(1, 1), .up, visible: screen) == path(0, 8))
    // Shelf 2 at its end, shelf 4 (past an empty one) at its start.
    layout.setHorizontalOffset(1000, ofSection: 2)
    #expect(target(layout, path(1, 0), .down, visible: screen) == path(2, 7))  // not 2.0, scrolled away
    #expect(target(layout, path(2, 9), .down, visible: screen) == path(4, 2))
    #expect(target(layout, path(4, 0), .up, visible: screen) == path(2, 7))
    // Along a shelf, items off screen are reached (and a view scrolls to them).
    #expect(target(layout, path(2, 7), .left, visible: screen) == path(2, 6))
    #expect(target(layout, path(4, 2), .right, visible: screen) == path(4, 3))
    #expect(target(layout, path(4, 9), .right, visible: screen) == nil)
    #expect(target(layout, path(1, 1), .right, visible: screen) == nil)
  }

  // MARK: other layouts

  @Test func freeFormLayoutsKeepTheCone() {
    // A ring of 12: Down from three o'clock goes to four, Up to two.
    let ring = prepared(CircleLayout(), [12], width: 80)
    #expect(target(ring, path(0, 0), .down) == path(0, 1))
    #expect(target(ring, path(0, 0), .up) == path(0, 11))
    // A waterfall: Down straight down a column.
    let wall = prepared(WaterfallLayout(columns: .count(3), itemHeight: 3), [9], width: 60)
    #expect(target(wall, path(0, 1), .down) == path(0, 4))
  }

  @Test func aLayoutOfItsOwnOptsInToRowsOrSuppliesItsOwnNavigation() {
    /// Rows of three 10x2 items, each row shifted a column to the right of
    /// the one above: outside the cone of a diagonal neighbour, but rows.
    final class Staggered: CollectionLayout {
      var n = 0
      var navigation = FocusNavigation.geometric
      var asked: [(IndexPath, FocusDirection)] = []
      var ownNavigation = false
      var focusNavigation: FocusNavigation { navigation }
      func prepare(for context: LayoutContext) { n = context.numberOfItems(inSection: 0) }
      var contentSize: Size { Size(width: 60, height: Double((n + 2) / 3 * 2)) }
      func frame(_ i: Int) -> Rect { Rect(x: Double(i % 3 * 11 + i / 3 * 20), y: Double(i / 3 * 2), width: 10, height: 2) }
      func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        (0..<n).map { LayoutAttributes(forItemAt: IndexPath(item: $0, section: 0), frame: frame($0)) }.filter { $0.frame.intersects(rect) }
      }
      func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        indexPath.item < n ? LayoutAttributes(forItemAt: indexPath, frame: frame(indexPath.item)) : nil
      }
      func targetIndexPath(forFocusMovingFrom indexPath: IndexPath, in direction: FocusDirection, context: FocusMoveContext)
        -> IndexPath?
      {
        asked.append((indexPath, direction))
        guard ownNavigation else { return context.nearestItem(from: indexPath, direction, by: navigation, in: self) }
        // In index order: Down is the next item the focus may land on.
        var i = indexPath.item + (direction == .down ? 1 : -1)
        while i >= 0 && i < n {
          if context.canFocusItem(at: IndexPath(item: i, section: 0)) { return IndexPath(item: i, section: 0) }
          i += direction == .down ? 1 : -1
        }
        return nil
      }
    }
    let layout = prepared(Staggered(), [6], width: 60)
    // Item 0 (0...10, row 0); items 3, 4, 5 at 20, 31, 42 in row 1.
    #expect(target(layout, path(0, 0), .down) == nil)  // nothing in the cone
    layout.navigation = .rows
    #expect(target(layout, path(0, 0), .down) == path(0, 3))
    #expect(target(layout, path(0, 2), .down) == path(0, 3))  // 3 (20...30) overlaps it more than 4 (31...41)
    #expect(target(layout, path(0, 3), .up) == path(0, 2))
    layout.ownNavigation = true
    #expect(target(layout, path(0, 0), .down, refused: [path(0, 1)]) == path(0, 2))
    #expect(layout.asked.count == 5 && layout.asked.last! == (path(0, 0), .down))
  }
}
