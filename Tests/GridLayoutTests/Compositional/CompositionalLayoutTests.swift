import TermGridTesting
import Testing

@testable import GridLayout

/// The compositional layout: exact frames for the documented shapes, and
/// rect queries equal to a scan of every frame on random layouts.
@Suite struct CompositionalLayoutTests {
  static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }

  static func frames(_ layout: CompositionalLayout, section: Int = 0, count: Int) -> [Rect] {
    (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame }
  }

  @Test func aFeaturedItemBesideTwoSmallOnes() {
    let featured = LayoutItem(layoutSize: Self.size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
    let small = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(0.5)))
    let pair = LayoutGroup.vertical(
      layoutSize: Self.size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), repeatingSubitem: .item(small), count: 2)
    let group = LayoutGroup.horizontal(
      layoutSize: Self.size(.fractionalWidth(1), .absolute(8)), subitems: [.item(featured), .group(pair)])
    let layout = CompositionalLayout(section: LayoutSection(group: group, interGroupSpacing: 1))
    layout.prepare(for: LayoutContext(itemCounts: [5], boundsSize: Size(width: 60, height: 20)))
    #expect(
      Self.frames(layout, count: 5) == [
        Rect(x: 0, y: 0, width: 40, height: 8), Rect(x: 40, y: 0, width: 20, height: 4), Rect(x: 40, y: 4, width: 20, height: 4),
        Rect(x: 0, y: 9, width: 40, height: 8), Rect(x: 40, y: 9, width: 20, height: 4),
      ])
    #expect(layout.contentSize == Size(width: 60, height: 17))
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0)) == nil)
  }

  @Test func repeatedItemsShareTheRowWithSpacingInsetsAndCellEdges() {
    var item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
    item.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 1, right: 0)
    var group = LayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(5)), repeatingSubitem: .item(item), count: 3)
    group.interItemSpacing = 1
    let section = LayoutSection(group: group, contentInsets: EdgeInsets(top: 2, left: 3, bottom: 1, right: 3), interGroupSpacing: 2)
    let layout = CompositionalLayout(section: section)
    // 63 wide less 6 of insets: 57, less 2 of spacing: three of 18.33, each edge rounded
    // (so the middle one is a cell wider), less the items' insets.
    layout.prepare(for: LayoutContext(itemCounts: [4, 0, 1], boundsSize: Size(width: 63, height: 20)))
    #expect(
      Self.frames(layout, count: 4) == [
        Rect(x: 4, y: 2, width: 17, height: 4), Rect(x: 23, y: 2, width: 18, height: 4), Rect(x: 43, y: 2, width: 17, height: 4),
        Rect(x: 4, y: 9, width: 17, height: 4),
      ])
    // Section 0: 2 + 5 + 2 + 5 + 1 = 15; section 1 (empty): its insets, 3; section 2: 2 + 5 + 1.
    #expect(Self.frames(layout, section: 2, count: 1) == [Rect(x: 4, y: 20, width: 17, height: 4)])
    #expect(layout.contentSize.height == 26)
  }

  @Test func theSectionProviderSeesTheContainer() {
    let layout = CompositionalLayout { _, environment in
      let columns = environment.containerSize.width >= 200 ? 5 : 2
      let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
      return LayoutSection(
        group: .horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(3)), repeatingSubitem: .item(item), count: columns))
    }
    layout.prepare(for: LayoutContext(itemCounts: [10], boundsSize: Size(width: 80, height: 24)))
    #expect(Self.frames(layout, count: 3).map(\.origin) == [Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 0, y: 3)])
    layout.prepare(for: LayoutContext(itemCounts: [10], boundsSize: Size(width: 200, height: 60)))
    #expect(Self.frames(layout, count: 6).map(\.origin.x) == [0, 40, 80, 120, 160, 0])
    #expect(layout.contentSize.height == 6)
  }

  @Test func aCustomGroupPlacesItsItems() {
    let group = LayoutGroup.custom(layoutSize: Self.size(.fractionalWidth(1), .absolute(6))) { size in
      [Rect(x: 0, y: 0, width: size.width / 2, height: 6), Rect(x: size.width / 2, y: 2, width: 4, height: 2)]
    }
    let layout = CompositionalLayout(section: LayoutSection(group: group))
    layout.prepare(for: LayoutContext(itemCounts: [3], boundsSize: Size(width: 30, height: 10)))
    #expect(
      Self.frames(layout, count: 3) == [
        Rect(x: 0, y: 0, width: 15, height: 6), Rect(x: 15, y: 2, width: 4, height: 2), Rect(x: 0, y: 6, width: 15, height: 6),
      ])
  }

  @Test func headersAndFootersTakeRowsOfTheirOwnAndAHeaderPins() {
    let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(4)), repeatingSubitem: .item(item), count: 2)
    let header = LayoutBoundarySupplementaryItem(
      layoutSize: Self.size(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top, pinToVisibleBounds: true)
    let footer = LayoutBoundarySupplementaryItem(
      layoutSize: Self.size(.fractionalWidth(0.5), .absolute(2)), elementKind: .footer, alignment: .bottom)
    let layout = CompositionalLayout(
      section: LayoutSection(
        group: group, contentInsets: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2), boundarySupplementaryItems: [header, footer]))
    layout.prepare(for: LayoutContext(itemCounts: [4, 2], boundsSize: Size(width: 40, height: 10)))
    // Section 0: header row 0, inset, groups at 2 and 6, inset, footer at 11-12; section 1 from 13.
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 2, y: 0, width: 36, height: 1))
    #expect(Self.frames(layout, count: 4).map(\.origin) == [Point(x: 2, y: 2), Point(x: 20, y: 2), Point(x: 2, y: 6), Point(x: 20, y: 6)])
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 2, y: 11, width: 18, height: 2))
    #expect(Self.frames(layout, section: 1, count: 1).map(\.origin) == [Point(x: 2, y: 15)])
    #expect(layout.contentSize.height == 13 + 1 + 1 + 4 + 1 + 2)
    // Scrolled 5 rows: section 0's header at the top of the view, above the items; pushed off by the section's end.
    #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 5, width: 40, height: 10)))
    layout.invalidateLayout(forBoundsChange: Rect(x: 0, y: 5, width: 40, height: 10))
    let pinned = layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))
    #expect(pinned?.frame.origin.y == 5 && pinned?.zIndex == layout.pinnedHeaderZIndex)
    layout.invalidateLayout(forBoundsChange: Rect(x: 0, y: 12.5, width: 40, height: 10))
    #expect(layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame.origin.y == 12)
    #expect(
      layout.layoutAttributesForElements(in: Rect(x: 0, y: 12.5, width: 40, height: 10)).contains {
        $0.kind == .header && $0.indexPath.section == 1
      })
  }

  /// Section 0 a row of five 10-wide groups that scrolls sideways under a
  /// header, section 1 an ordinary one, in a view 30 wide.
  static func shelfAndGrid(_ behavior: OrthogonalScrollingBehavior) -> CompositionalLayout {
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [.item(item)])
    let header = LayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top)
    let shelf = LayoutSection(
      group: group, contentInsets: EdgeInsets(top: 0, left: 2, bottom: 0, right: 2), interGroupSpacing: 1,
      boundarySupplementaryItems: [header], orthogonalScrollingBehavior: behavior)
    let grid = LayoutSection(
      group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(2)), repeatingSubitem: .item(item), count: 3))
    let layout = CompositionalLayout { s, _ in s == 0 ? shelf : grid }
    layout.prepare(for: LayoutContext(itemCounts: [5, 4], boundsSize: Size(width: 30, height: 20)))
    return layout
  }

  @Test func anOrthogonalSectionIsOneRowThatScrollsOnItsOwn() {
    let layout = Self.shelfAndGrid(.continuous)
    // Header at row 0, the row at 1-3 from x 2, 11 apart; 2 + 54 + 2 = 58 wide.
    #expect(Self.frames(layout, count: 5).map(\.minX) == [2, 13, 24, 35, 46])
    #expect(Self.frames(layout, count: 5).allSatisfy { $0.minY == 1 && $0.height == 3 && $0.width == 10 })
    #expect(
      Self.frames(layout, section: 1, count: 4).map(\.origin) == [
        Point(x: 0, y: 4), Point(x: 10, y: 4), Point(x: 20, y: 4), Point(x: 0, y: 6),
      ])
    #expect(layout.contentSize == Size(width: 30, height: 8))
    #expect(layout.maximumHorizontalOffset(ofSection: 0) == 28 && layout.maximumHorizontalOffset(ofSection: 1) == 0)
    layout.setHorizontalOffset(12, ofSection: 0)
    layout.setHorizontalOffset(5, ofSection: 1)
    #expect(Self.frames(layout, count: 5).map(\.minX) == [-10, 1, 12, 23, 34])
    #expect(layout.horizontalOffset(ofSection: 1) == 0, "an ordinary section does not scroll sideways")
    let visible = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 30, height: 20))
    #expect(visible.filter { $0.category == .item && $0.indexPath.section == 0 }.map(\.indexPath.item) == [1, 2, 3])
    #expect(visible.contains { $0.kind == .header && $0.frame == Rect(x: 2, y: 0, width: 26, height: 1) }, "the header stays")
    // Kept (clamped) across a prepare with fewer items: 3 groups, 36 wide, at most 6.
    layout.prepare(for: LayoutContext(itemCounts: [3, 4], boundsSize: Size(width: 30, height: 20)))
    #expect(layout.horizontalOffset(ofSection: 0) == 6)
    layout.setHorizontalOffset(-4, ofSection: 0)
    #expect(layout.horizontalOffset(ofSection: 0) == 0)
    #expect(layout.restingHorizontalOffsets(ofSection: 0, in: 0...100) == nil, "continuous: anywhere")
  }

  @Test func eachBehaviourHasItsRestingOffsets() {
    #expect(Self.shelfAndGrid(.continuousGroupLeadingBoundary).restingHorizontalOffsets(ofSection: 0, in: -50...100) == [0, 11, 22, 28])
    #expect(Self.shelfAndGrid(.groupPaging).restingHorizontalOffsets(ofSection: 0, in: 5...23) == [11, 22])
    // Group k centred: its centre 2 + 11k + 5 at the view's centre, 15.
    #expect(Self.shelfAndGrid(.groupPagingCentered).restingHorizontalOffsets(ofSection: 0, in: -50...100) == [0, 3, 14, 25, 28])
    #expect(Self.shelfAndGrid(.paging).restingHorizontalOffsets(ofSection: 0, in: -50...100) == [0, 28])
    #expect(Self.shelfAndGrid(.paging).restingHorizontalOffsets(ofSection: 1, in: -50...100) == nil)
  }

  @Test func edgeSpacingMovesCentresAndPushesItems() {
    // Three 6-wide items in a row 40 wide and 5 tall: the first 2 cells in,
    // the second centred in the room left, the third pushed to the end and down.
    var first = LayoutItem(layoutSize: Self.size(.absolute(6), .absolute(2)))
    first.edgeSpacing = LayoutEdgeSpacing(leading: .fixed(2), top: .fixed(1))
    let second = LayoutItem(
      layoutSize: Self.size(.absolute(6), .absolute(3)),
      edgeSpacing: LayoutEdgeSpacing(leading: .flexible(0), top: .flexible(0), trailing: .flexible(0), bottom: .flexible(0)))
    let third = LayoutItem(
      layoutSize: Self.size(.absolute(6), .absolute(2)), edgeSpacing: LayoutEdgeSpacing(leading: .flexible(1), top: .flexible(0)))
    var group = LayoutGroup.horizontal(
      layoutSize: Self.size(.fractionalWidth(1), .absolute(5)), subitems: [.item(first), .item(second), .item(third)])
    group.interItemSpacing = 1
    let layout = CompositionalLayout(section: LayoutSection(group: group))
    layout.prepare(for: LayoutContext(itemCounts: [3], boundsSize: Size(width: 40, height: 10)))
    // Room left: 40 - 18 - 2 (fixed) - 1 (flexible minimum) - 2 (spacing) = 17, three flexible edges: 17/3 each.
    let share = 17.0 / 3
    #expect(
      Self.frames(layout, count: 3) == [
        Rect(x: 2, y: 1, width: 6, height: 2),
        CompositionalLayout.snapped(Rect(x: 9 + share, y: 1, width: 6, height: 3)),
        Rect(x: 34, y: 3, width: 6, height: 2),
      ])
    // In a column, top and bottom do the same: a flexible top pushes the last item to the bottom.
    let top = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .absolute(2)))
    let last = LayoutItem(
      layoutSize: Self.size(.absolute(4), .absolute(2)), edgeSpacing: LayoutEdgeSpacing(leading: .flexible(0), top: .flexible(0)))
    let column = LayoutGroup.vertical(layoutSize: Self.size(.absolute(10), .absolute(9)), subitems: [.item(top), .item(last)])
    let columns = CompositionalLayout(section: LayoutSection(group: column))
    columns.prepare(for: LayoutContext(itemCounts: [2], boundsSize: Size(width: 20, height: 10)))
    #expect(Self.frames(columns, count: 2) == [Rect(x: 0, y: 0, width: 10, height: 2), Rect(x: 6, y: 7, width: 4, height: 2)])
  }

  @Test func badgesSitOnTheirItemsAndABackgroundBehindTheSection() {
    let badge = LayoutSupplementaryItem(
      layoutSize: Self.size(.absolute(2), .absolute(1)), elementKind: "badge",
      containerAnchor: LayoutAnchor(edges: [.bottom, .trailing]))
    let corner = LayoutSupplementaryItem(
      layoutSize: Self.size(.absolute(4), .absolute(2)), elementKind: "corner",
      containerAnchor: LayoutAnchor(edges: [.top, .leading], fractionalOffset: Point(x: -0.5, y: -0.5)))
    let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)), supplementaryItems: [badge, corner])
    var background = LayoutDecorationItem.background(elementKind: "panel")
    background.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    let header = LayoutBoundarySupplementaryItem(
      layoutSize: Self.size(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top)
    let section = LayoutSection(
      group: .horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(4)), repeatingSubitem: .item(item), count: 3),
      contentInsets: EdgeInsets(top: 1, left: 3, bottom: 1, right: 3), interGroupSpacing: 1, boundarySupplementaryItems: [header],
      decorationItems: [background])
    let layout = CompositionalLayout(section: section)
    layout.prepare(for: LayoutContext(itemCounts: [4, 1], boundsSize: Size(width: 36, height: 20)))
    // Items 10 wide from x 3; rows at 2 and 7; section 0 ends at 12, section 1 runs 12-18 (items at 14).
    #expect(
      Self.frames(layout, count: 4) == [
        Rect(x: 3, y: 2, width: 10, height: 4), Rect(x: 13, y: 2, width: 10, height: 4), Rect(x: 23, y: 2, width: 10, height: 4),
        Rect(x: 3, y: 7, width: 10, height: 4),
      ])
    func supplementary(_ kind: ElementKind, _ item: Int, _ section: Int = 0) -> Rect? {
      layout.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: item, section: section))?.frame
    }
    #expect(supplementary("badge", 0) == Rect(x: 11, y: 5, width: 2, height: 1))
    #expect(supplementary("badge", 3) == Rect(x: 11, y: 10, width: 2, height: 1))
    // Half out of the item's top-left corner: x 3 - 2, y 2 - 1.
    #expect(supplementary("corner", 1) == Rect(x: 11, y: 1, width: 4, height: 2))
    #expect(supplementary("badge", 4) == nil)
    #expect(supplementary(.header, 0) == Rect(x: 3, y: 0, width: 30, height: 1), "a header at item 0's path is still the header")
    #expect(supplementary("badge", 0, 1) == Rect(x: 11, y: 17, width: 2, height: 1))
    // The background: the section's rows (header to bottom inset) across the view, less its insets.
    let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 36, height: 30))
    #expect(
      all.filter { $0.category == .decoration }.map { "\($0.kind) \($0.indexPath.section) \($0.frame)" } == [
        "panel 0 \(Rect(x: 1, y: 0, width: 34, height: 12))", "panel 1 \(Rect(x: 1, y: 12, width: 34, height: 7))",
      ])
    #expect(
      all.filter { $0.kind == "badge" }.map(\.indexPath) == [0, 1, 2, 3].map { IndexPath(item: $0, section: 0) } + [
        IndexPath(item: 0, section: 1)
      ])
    #expect(all.filter { $0.kind == "badge" }.allSatisfy { $0.zIndex == 1 })
    // A query of the row above the items finds the corners sticking out of them, not the items.
    let above = layout.layoutAttributesForElements(in: Rect(x: 0, y: 1, width: 36, height: 1))
    #expect(above.filter { $0.category == .item }.isEmpty)
    #expect(above.filter { $0.kind == "corner" }.map(\.indexPath.item) == [0, 1, 2])
  }

  /// Heights from a table, as content would measure.
  final class TableMeasurer: LayoutItemMeasuring {
    var heights: [IndexPath: Double]
    var asked: [(IndexPath, Double)] = []
    init(_ heights: [IndexPath: Double]) { self.heights = heights }
    func layoutHeight(forItemAt indexPath: IndexPath, width: Double, estimatedHeight: Double, in layout: CompositionalLayout) -> Double {
      asked.append((indexPath, width))
      return heights[indexPath] ?? estimatedHeight
    }
  }

  @Test func estimatedHeightsAreMeasuredAndEachRowIsAsTallAsItsTallestItem() {
    let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .estimated(3)), contentInsets: EdgeInsets(top: 0, left: 1))
    // Two columns; rows as tall as their content, a row apart.
    let group = LayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .estimated(3)), repeatingSubitem: .item(item), count: 2)
    let layout = CompositionalLayout(section: LayoutSection(group: group, interGroupSpacing: 1))
    let heights: [Double] = [2, 5, 4, 1, 7]
    let measurer = TableMeasurer(
      Dictionary(uniqueKeysWithValues: heights.enumerated().map { (IndexPath(item: $0.offset, section: 0), $0.element) }))
    layout.itemMeasurer = measurer
    layout.prepare(for: LayoutContext(itemCounts: [5], boundsSize: Size(width: 40, height: 10)))
    #expect(
      Self.frames(layout, count: 5) == [
        Rect(x: 1, y: 0, width: 19, height: 2), Rect(x: 21, y: 0, width: 19, height: 5),
        Rect(x: 1, y: 6, width: 19, height: 4), Rect(x: 21, y: 6, width: 19, height: 1),
        Rect(x: 1, y: 11, width: 19, height: 7),
      ])
    #expect(layout.contentSize.height == 18)
    #expect(measurer.asked.map(\.1).allSatisfy { $0 == 19 }, "measured at their width, less their insets")
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 4, width: 40, height: 2)).map(\.indexPath.item) == [1])
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 10, width: 40, height: 3)).map(\.indexPath.item) == [4])
    // Without a measurer, the estimates.
    layout.itemMeasurer = nil
    layout.prepare(for: LayoutContext(itemCounts: [5], boundsSize: Size(width: 40, height: 10)))
    #expect(Self.frames(layout, count: 3).map(\.minY) == [0, 0, 4])
  }

  @Test func aMeasuredColumnStacksItsItemsAndAMeasuredShelfIsAsTallAsItsTallestGroup() {
    let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .estimated(2)))
    let badge = LayoutSupplementaryItem(
      layoutSize: Self.size(.absolute(1), .absolute(1)), elementKind: "badge", containerAnchor: LayoutAnchor(edges: [.bottom, .trailing]))
    let labelled = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .absolute(1)), supplementaryItems: [badge])
    // A column: a measured item over a one-row label.
    let column = LayoutGroup.vertical(layoutSize: Self.size(.absolute(10), .estimated(3)), subitems: [.item(item), .item(labelled)])
    let layout = CompositionalLayout(section: LayoutSection(group: column, interGroupSpacing: 1, orthogonalScrollingBehavior: .continuous))
    let measurer = TableMeasurer([IndexPath(item: 0, section: 0): 4, IndexPath(item: 2, section: 0): 6])
    layout.itemMeasurer = measurer
    defer { withExtendedLifetime(measurer) {} }
    layout.prepare(for: LayoutContext(itemCounts: [4, 2], boundsSize: Size(width: 15, height: 10)))
    // Group 0: 4 + 1; group 1: 6 + 1; the row 7 tall; section 1 from 7.
    #expect(
      Self.frames(layout, count: 4) == [
        Rect(x: 0, y: 0, width: 10, height: 4), Rect(x: 0, y: 4, width: 10, height: 1),
        Rect(x: 11, y: 0, width: 10, height: 6), Rect(x: 11, y: 6, width: 10, height: 1),
      ])
    #expect(Self.frames(layout, section: 1, count: 2).map(\.minY) == [7, 9], "the estimate, 2, for unmeasured items")
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: "badge", at: IndexPath(item: 3, section: 0))?.frame
        == Rect(x: 20, y: 6, width: 1, height: 1))
    layout.setHorizontalOffset(6, ofSection: 0)
    #expect(Self.frames(layout, count: 4).map(\.minX) == [-6, -6, 5, 5])
    #expect(layout.layoutAttributesForElements(in: Rect(x: 14, y: 6, width: 1, height: 1)).map(\.kind) == ["cell", "badge"])
  }

  @Test func rectQueriesEqualAScanOfEveryFrameOnRandomLayouts() {
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(seed))
      func r(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
      func fraction() -> LayoutDimension { .fractionalWidth(Double(r(1...4)) / 4) }
      let sections = (0..<r(1...4)).map { _ -> LayoutSection in
        let badges = (0..<r(0...1)).map { _ in
          LayoutSupplementaryItem(
            layoutSize: Self.size(.absolute(Double(r(1...3))), .absolute(1)), elementKind: "badge",
            containerAnchor: LayoutAnchor(
              edges: [[.top, .trailing], [.bottom, .leading], [], [.top]].randomElement(using: &rng)!,
              absoluteOffset: Point(x: Double(r(-2...2)), y: Double(r(-1...1)))))
        }
        // A third of the sections size themselves: their items measured.
        let measured = r(0...2) == 0
        let item = LayoutItem(
          layoutSize: Self.size(fraction(), measured ? .estimated(Double(r(1...3))) : .fractionalHeight(Double(r(1...2)) / 2)),
          contentInsets: EdgeInsets(top: Double(r(0...1)), left: Double(r(0...1))), supplementaryItems: badges)
        var inner = LayoutGroup.vertical(
          layoutSize: Self.size(.fractionalWidth(Double(r(1...2)) / 2), measured ? .estimated(3) : .fractionalHeight(1)),
          subitems: Array(repeating: .item(item), count: r(1...3)))
        inner.interItemSpacing = Double(r(0...1))
        let behaviors: [OrthogonalScrollingBehavior] = [
          .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered,
        ]
        let behavior = Bool.random(using: &rng) ? .none : behaviors.randomElement(using: &rng)!
        var group = LayoutGroup.horizontal(
          layoutSize: Self.size(
            behavior == .none ? .fractionalWidth(1) : fraction(), measured ? .estimated(Double(r(2...9))) : .absolute(Double(r(2...9)))),
          subitems: (0..<r(1...3)).map { _ in Bool.random(using: &rng) ? .item(item) : .group(inner) })
        group.interItemSpacing = Double(r(0...2))
        var supplementaries: [LayoutBoundarySupplementaryItem] = []
        if Bool.random(using: &rng) {
          supplementaries.append(
            LayoutBoundarySupplementaryItem(
              layoutSize: Self.size(.fractionalWidth(1), .absolute(Double(r(1...3)))), elementKind: .header, alignment: .top,
              pinToVisibleBounds: Bool.random(using: &rng)))
        }
        if Bool.random(using: &rng) {
          supplementaries.append(
            LayoutBoundarySupplementaryItem(
              layoutSize: Self.size(.fractionalWidth(0.5), .absolute(Double(r(1...2)))), elementKind: .footer, alignment: .bottom))
        }
        return LayoutSection(
          group: group,
          contentInsets: EdgeInsets(top: Double(r(0...2)), left: Double(r(0...3)), bottom: Double(r(0...2)), right: Double(r(0...3))),
          interGroupSpacing: Double(r(0...2)), boundarySupplementaryItems: supplementaries, orthogonalScrollingBehavior: behavior)
      }
      let layout = CompositionalLayout { s, _ in sections[s] }
      let counts = sections.map { _ in r(0...40) }
      var heights: [IndexPath: Double] = [:]
      for (s, n) in counts.enumerated() {
        for i in 0..<n { heights[IndexPath(item: i, section: s)] = Double(1 + (i * 7 + s * 3) % 5) }
      }
      let measurer = TableMeasurer(heights)
      layout.itemMeasurer = measurer
      defer { withExtendedLifetime(measurer) {} }
      let width = Double(r(20...90))
      layout.prepare(for: LayoutContext(itemCounts: counts, boundsSize: Size(width: width, height: 20)))
      // Orthogonal sections scrolled anywhere (past the end is clamped).
      for s in counts.indices {
        let maximum = layout.maximumHorizontalOffset(ofSection: s)
        #expect(sections[s].orthogonalScrollingBehavior != .none || maximum == 0)
        layout.setHorizontalOffset(Double(r(0...Int(maximum) + 5)), ofSection: s)
        #expect(layout.horizontalOffset(ofSection: s) <= maximum)
      }
      var all: [IndexPath: Rect] = [:]
      for (s, n) in counts.enumerated() {
        // An orthogonal section's groups form one row: every group's items
        // as the first group's, a stride apart, less the section's offset.
        if sections[s].orthogonalScrollingBehavior != .none, n > 0 {
          let perGroup = sections[s].group.itemFrames(in: .zero).count
          let first = (0..<min(n, perGroup)).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: s))!.frame }
          let spacing = sections[s].interGroupSpacing
          let groupWidth =
            (sections[s].group.layoutSize.widthDimension.value * (width - sections[s].contentInsets.left - sections[s].contentInsets.right))
            .rounded()
          for i in 0..<n {
            let frame = layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame
            let expected = first[i % perGroup].offsetBy(dx: Double(i / perGroup) * (groupWidth + spacing), dy: 0)
            if sections[s].group.layoutSize.heightDimension.kind == .estimated {
              // Measured: the same columns, heights of their own.
              #expect(frame.minX == expected.minX && frame.width == expected.width, "seed \(seed)")
            } else {
              #expect(frame == expected, "seed \(seed)")
            }
          }
          let x0 = first[0].minX + layout.horizontalOffset(ofSection: s) - sections[s].contentInsets.left
          #expect(
            x0
              == (sections[s].group.itemFrames(in: Size(width: groupWidth, height: 9)).first.map { CompositionalLayout.snapped($0).minX }
                ?? 0))
        }
        for i in 0..<n {
          let frame = layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame
          #expect(
            frame.minX + layout.horizontalOffset(ofSection: s) >= 0 && frame.minY >= 0,
            "items may overflow their group to the right and below, never above or left")
          #expect(frame.minX == frame.minX.rounded() && frame.width == frame.width.rounded(), "whole cells")
          all[IndexPath(item: i, section: s)] = frame
        }
      }
      for _ in 0..<5 {
        let rect = Rect(
          x: Double(r(-20...60)), y: Double(r(0...Int(max(1, layout.contentSize.height)))), width: Double(r(1...40)),
          height: Double(r(1...25)))
        // Pinned headers where the view is.
        layout.invalidateLayout(forBoundsChange: Rect(x: 0, y: rect.minY, width: width, height: 20))
        let attributes = layout.layoutAttributesForElements(in: rect)
        let found = Dictionary(uniqueKeysWithValues: attributes.filter { $0.category == .item }.map { ($0.indexPath, $0.frame) })
        let expected = all.filter { $0.value.intersects(rect) }
        #expect(found == expected, "seed \(seed), \(rect)")
        var supplementaries: Set<String> = []
        for s in counts.indices {
          for kind in [ElementKind.header, .footer] {
            if let a = layout.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: s)),
              a.frame.intersects(rect)
            {
              supplementaries.insert("\(kind) \(s) \(a.frame)")
            }
          }
          for i in 0..<counts[s] {
            if let a = layout.layoutAttributesForSupplementaryElement(ofKind: "badge", at: IndexPath(item: i, section: s)),
              a.frame.intersects(rect)
            {
              supplementaries.insert("badge \(a.indexPath) \(a.frame)")
            }
          }
        }
        #expect(
          Set(
            attributes.filter { $0.category == .supplementary }.map {
              $0.kind == "badge" ? "badge \($0.indexPath) \($0.frame)" : "\($0.kind) \($0.indexPath.section) \($0.frame)"
            })
            == supplementaries)
      }
    }
  }
}
