import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// A compositional layout in a collection view: drawn, and the focus moved
/// by geometry through its featured and small items, as with any layout.
@Suite struct CompositionalLayoutViewTests {
  @Test func aFeaturedGridIsDrawnAndFocusFollowsItsGeometry() {
    let (view, _) = makeGrid([12], width: 60, height: 20)
    let size = { (w: LayoutDimension, h: LayoutDimension) in LayoutSize(widthDimension: w, heightDimension: h) }
    let featured = LayoutItem(layoutSize: size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
    let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
    let pair = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), repeatingSubitem: .item(small), count: 2)
    let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(8)), subitems: [.item(featured), .group(pair)])
    view.setLayout(CompositionalLayout(section: LayoutSection(group: group)), animated: false)
    var surface = Surface(width: 60, height: 20)
    view.draw(into: &surface)
    #expect(surface.text.contains("Item 0.0") && surface.text.contains("Item 0.1") && surface.text.contains("Item 0.2"))
    #expect(
      view.indexPathsForVisibleItems.count == 8, "two groups whole, and of the third (rows 16-23) the featured item and the upper small one"
    )
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(Key(.right)))
    #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0), "beside the featured item, the upper small one")
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath?.item == 4 || view.focusedIndexPath?.item == 3, "into the next group")
  }

  static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }

  /// Shelves of 12-wide items 3 tall that scroll sideways (`behavior`), one
  /// per section, each under a header, in a 40x20 view.
  static func makeShelves(_ counts: [Int], _ behavior: OrthogonalScrollingBehavior) -> (CollectionView, NumberedItems, CompositionalLayout)
  {
    let (view, data) = makeGrid(counts, width: 40, height: 20)
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
    let header = LayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top)
    let section = LayoutSection(
      group: .horizontal(layoutSize: size(.absolute(12), .absolute(3)), subitems: [.item(item)]),
      contentInsets: EdgeInsets(top: 0, left: 1, bottom: 1, right: 1), interGroupSpacing: 1, boundarySupplementaryItems: [header],
      orthogonalScrollingBehavior: behavior)
    let layout = CompositionalLayout(section: section)
    view.setLayout(layout, animated: false)
    return (view, data, layout)
  }

  @Test func theFocusedShelfScrollsToShowTheFocusAndTheOthersKeepTheirOffsets() {
    let (view, data, layout) = Self.makeShelves([10, 10, 10], .continuous)
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: IndexPath(item: 0, section: 0))
    for _ in 0..<4 { view.handle(.key(Key(.right))) }
    // Item 4 spans 53...65 unscrolled; with a cell of margin it ends at the view's edge.
    #expect(view.focusedIndexPath == IndexPath(item: 4, section: 0))
    #expect(layout.horizontalOffset(ofSection: 0) == 26)
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 1), "the item of the next shelf under the focus")
    #expect(layout.horizontalOffset(ofSection: 0) == 26 && layout.horizontalOffset(ofSection: 1) == 0)
    view.handle(.key(Key(.up)))
    #expect(view.focusedIndexPath == IndexPath(item: 4, section: 0))
    var surface = Surface(width: 40, height: 20)
    view.draw(into: &surface)
    #expect(surface.lines[2].hasSuffix("│ Item 0.4 │ "), "\(surface.lines[2])")
    #expect(surface.lines[7].hasPrefix(" │ Item 1.0 │"), "\(surface.lines[7])")
  }

  @Test func theFocusStopsAtTheEndOfAShelfAndTabKeepsTheNextShelfWhereItWas() {
    let (view, data, layout) = Self.makeShelves([10, 10, 10], .continuous)
    defer { withExtendedLifetime(data) {} }
    layout.setHorizontalOffset(40, ofSection: 1)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    for _ in 0..<12 { view.handle(.key(Key(.right))) }
    // At the end of shelf 0: Right has nowhere to go on screen (shelf 1's
    // items to the right are scrolled out of view), so the focus stays.
    #expect(view.focusedIndexPath == IndexPath(item: 9, section: 0))
    #expect(layout.horizontalOffset(ofSection: 1) == 40)
    // Down lands on what shelf 1 shows under it, not scrolling it back.
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath?.section == 1)
    let frame = view.layoutAttributesForItem(at: view.focusedIndexPath!)!.frame
    #expect(frame.minX >= 0 && frame.maxX <= 40)
    // Tab to shelf 2 (not scrolled): its first item; Shift-Tab back to shelf 1:
    // its first item whole on screen, the shelf where it was.
    view.perform(.nextSection)
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 2))
    let before = layout.horizontalOffset(ofSection: 1)
    view.perform(.previousSection)
    #expect(view.focusedIndexPath?.section == 1 && layout.horizontalOffset(ofSection: 1) == before)
    #expect(view.layoutAttributesForItem(at: view.focusedIndexPath!)!.frame.minX >= 0)
  }

  @Test func groupPagingComesToRestAtAGroupsLeadingEdge() {
    let (view, data, layout) = Self.makeShelves([10], .groupPaging)
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: IndexPath(item: 0, section: 0))
    for _ in 0..<3 { view.handle(.key(Key(.right))) }
    // Item 3 (40...52) shows at the least scroll that puts a group's edge at the inset: 13 (group 1 first).
    #expect(layout.horizontalOffset(ofSection: 0) == 13)
    view.handle(.key(Key(.right)))
    #expect(layout.horizontalOffset(ofSection: 0) == 26)
    let frame = view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame
    #expect(frame.minX >= 0 && frame.maxX <= 40)
  }

  @Test func theWheelScrollsTheShelfUnderThePointerSideways() {
    let (view, data, layout) = Self.makeShelves([10, 10, 10], .continuous)
    defer { withExtendedLifetime(data) {} }
    // Shelf 1's items are on rows 6-8.
    #expect(view.handle(.mouse(MouseEvent(.scrollRight, x: 5, y: 7))))
    #expect(layout.horizontalOffset(ofSection: 1) == 6 && layout.horizontalOffset(ofSection: 0) == 0)
    view.handle(.mouse(MouseEvent(.scrollLeft, x: 5, y: 7)))
    view.handle(.mouse(MouseEvent(.scrollLeft, x: 5, y: 7)))
    #expect(layout.horizontalOffset(ofSection: 1) == 0)
    // Paging shelves move by their resting offsets: a page (40) at a time.
    let (paged, pagedData, pagedLayout) = Self.makeShelves([10, 10, 10, 10, 10], .paging)
    defer { withExtendedLifetime(pagedData) {} }
    paged.handle(.mouse(MouseEvent(.scrollRight, x: 5, y: 2)))
    #expect(pagedLayout.horizontalOffset(ofSection: 0) == 40)
    paged.handle(.mouse(MouseEvent(.scrollRight, x: 5, y: 2)))
    #expect(pagedLayout.horizontalOffset(ofSection: 0) == 80)
    paged.handle(.mouse(MouseEvent(.scrollRight, x: 5, y: 2)))
    #expect(pagedLayout.horizontalOffset(ofSection: 0) == 91, "the row's end: 1 + 10 x 13 - 1 + 1 - 40")
    // The vertical wheel still scrolls the view.
    paged.handle(.mouse(MouseEvent(.scrollDown, x: 5, y: 2)))
    #expect(paged.contentOffset.y == 3)
  }

  @Test func offsetsFollowTheirSectionsThroughAnUpdate() throws {
    let (view, data, layout) = Self.makeShelves([10, 10, 10], .continuous)
    layout.setHorizontalOffset(20, ofSection: 1)
    layout.setHorizontalOffset(30, ofSection: 2)
    try view.performBatchUpdates(
      {
        data.counts.insert(4, at: 0)
        data.counts.remove(at: 2)
        try view.insertSections([0])
        try view.deleteSections([1])
      }, animated: false)
    // Old section 1 deleted, a section inserted before the others: new 1 is old 0, new 2 old 2.
    #expect(data.counts == [4, 10, 10])
    #expect(layout.horizontalOffset(ofSection: 0) == 0, "inserted")
    #expect(layout.horizontalOffset(ofSection: 1) == 0, "old section 0")
    #expect(layout.horizontalOffset(ofSection: 2) == 30, "old section 2")
  }

  /// On random layouts of ordinary and sideways-scrolling sections, every
  /// item can be reached by arrows, and wherever the focus lands it is on
  /// screen, its shelf scrolled to show it.
  @Test func focusReachesEveryItemAndIsAlwaysOnScreen() {
    let behaviors: [OrthogonalScrollingBehavior] = [
      .none, .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered,
    ]
    for seed in 0..<60 {
      var rng = SplitMix64(seed: UInt64(seed))
      func r(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
      let sections = (0..<r(1...4)).map { _ -> LayoutSection in
        let behavior = behaviors.randomElement(using: &rng)!
        let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
        let columns = r(1...3)
        let width: LayoutDimension =
          behavior == .none
          ? .fractionalWidth(1) : (Bool.random(using: &rng) ? .absolute(Double(r(8...30))) : .fractionalWidth(Double(r(2...4)) / 4))
        var group: LayoutGroup
        if Bool.random(using: &rng) {
          group = .horizontal(layoutSize: Self.size(width, .absolute(Double(r(2...5)))), repeatingSubitem: .item(item), count: columns)
          group.interItemSpacing = Double(r(0...1))
        } else {
          // A featured item beside a pair.
          let featured = LayoutItem(layoutSize: Self.size(.fractionalWidth(0.5), .fractionalHeight(1)))
          let half = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(0.5)))
          let pair = LayoutGroup.vertical(
            layoutSize: Self.size(.fractionalWidth(0.5), .fractionalHeight(1)), repeatingSubitem: .item(half), count: 2)
          group = .horizontal(layoutSize: Self.size(width, .absolute(Double(r(4...6)))), subitems: [.item(featured), .group(pair)])
        }
        return LayoutSection(
          group: group, contentInsets: EdgeInsets(top: 0, left: Double(r(0...2)), bottom: Double(r(0...1)), right: Double(r(0...2))),
          interGroupSpacing: Double(r(0...2)), orthogonalScrollingBehavior: behavior)
      }
      let counts = sections.map { _ in r(1...25) }
      let (view, data) = makeGrid(counts, width: r(30...90), height: r(8...24))
      defer { withExtendedLifetime(data) {} }
      let layout = CompositionalLayout { s, _ in sections[s] }
      view.setLayout(layout, animated: false)
      let screen = Rect(x: 0, y: 0, width: Double(view.frame.width), height: Double(view.frame.height))
      func onScreen(_ path: IndexPath) -> Bool {
        let f = view.layoutAttributesForItem(at: path)!.frame.offsetBy(dx: -view.contentOffset.x, dy: -view.contentOffset.y)
        // Whole when it fits; otherwise at least its top-left part.
        return f.width <= screen.width && f.height <= screen.height ? screen.contains(f) : f.intersects(screen) && f.minX >= 0
      }
      // Random walks: the focus is on screen after every key.
      let keys: [Key] = [Key(.right), Key(.left), Key(.down), Key(.up), Key(.pageDown), Key(.pageUp), Key(.home), Key(.end)]
      view.focusItem(at: IndexPath(item: 0, section: 0))
      for step in 0..<80 {
        let key = step % 7 == 6 ? keys[r(4...7)] : keys[r(0...3)]
        view.handle(InputEvent.key(key))
        let f = view.focusedIndexPath!
        #expect(
          onScreen(f),
          "seed \(seed), step \(step), \(key): \(f) at \(view.layoutAttributesForItem(at: f)!.frame), offset \(view.contentOffset)")
      }
      // Reachability: a search over the arrows from the first item.
      var seen: Set<IndexPath> = [IndexPath(item: 0, section: 0)]
      var queue = [IndexPath(item: 0, section: 0)]
      while let path = queue.popLast() {
        for direction in [FocusDirection.right, .left, .down, .up] {
          view.focusItem(at: path)
          guard view.moveFocus(direction), let next = view.focusedIndexPath else { continue }
          #expect(
            onScreen(next),
            "seed \(seed): \(path) \(direction) to \(next) at \(view.layoutAttributesForItem(at: next)!.frame), offset \(view.contentOffset), view \(view.frame)"
          )
          if seen.insert(next).inserted { queue.append(next) }
        }
      }
      #expect(
        seen.count == counts.reduce(0, +),
        "seed \(seed): reached \(seen.count) of \(counts) in \(view.frame): \((0..<counts.count).map { s in (0..<counts[s]).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: s))!.frame.description }.prefix(4).joined(separator: " ") + " \(sections[s].orthogonalScrollingBehavior)" })"
      )
    }
  }

  @Test func badgesAreDrawnOverTheirItemsAndTheBackgroundBehindTheSection() {
    let (view, data) = makeGrid([3], width: 40, height: 12)
    defer { withExtendedLifetime(data) {} }
    data.supplementaryTitle = { kind, _ in kind == "badge" ? "★" : "Header" }
    view.register({ _ in .filled(with: "░") }, forDecorationViewOfKind: "panel")
    let badge = LayoutSupplementaryItem(
      layoutSize: Self.size(.absolute(3), .absolute(1)), elementKind: "badge", containerAnchor: LayoutAnchor(edges: [.top, .trailing]))
    let item = LayoutItem(
      layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)), contentInsets: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1),
      supplementaryItems: [badge])
    let section = LayoutSection(
      group: .horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(3)), repeatingSubitem: .item(item), count: 3),
      contentInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), decorationItems: [.background(elementKind: "panel")])
    view.setLayout(CompositionalLayout(section: section), animated: false)
    var surface = Surface(width: 40, height: 12)
    view.draw(into: &surface)
    // 38 wide in three: items at 2-13, 15-26, 28-38 (edges rounded), the background round them.
    #expect(surface.lines[0] == String(repeating: "░", count: 40))
    #expect(surface.lines[1].hasPrefix("░░┌") && surface.lines[1].filter { $0 == "★" }.count == 3, "\(surface.lines[1])")
    #expect(surface.lines[1].hasSuffix("★ ░░"), "\(surface.lines[1])")
    #expect(surface.lines[2].hasPrefix("░░│Item 0.0"), "\(surface.lines[2])")
    #expect(surface.lines[4] == String(repeating: "░", count: 40))
    #expect(surface.lines[5].allSatisfy { $0 == " " }, "below the section, nothing")
  }

  /// Titles of different lengths, wrapped to up to three lines in bordered cards.
  final class Notes: CollectionViewDataSource {
    var titles: [String]
    init(_ titles: [String]) { self.titles = titles }
    func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      var content = ElementContent(title: titles[indexPath.item], border: .single)
      content.titleLineLimit = 3
      content.padding = 0
      return content
    }
  }

  @Test func aCollectionViewMeasuresItemsFromTheirContent() {
    let notes = Notes(["Short", "A title long enough to wrap", "One more title that wraps onto three lines", "Last"])
    let view = CollectionView(layout: FlowLayout())
    view.dataSource = notes
    view.showsScrollIndicator = false
    view.setFrame(CellRect(x: 0, y: 0, width: 34, height: 20))
    let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .estimated(3)))
    let group = LayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(0.5), .estimated(3)), subitems: [.item(item)])
    let layout = CompositionalLayout(section: LayoutSection(group: group))
    view.setLayout(layout, animated: false)
    #expect(layout.itemMeasurer === view)
    view.reloadData()
    // 17 wide: 15 for text. "Short": 3 rows; 2 lines: 4 rows; 3 lines: 5 rows.
    let heights = (0..<4).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.height }
    #expect(heights == [3, 4, 5, 3])
    #expect((0..<4).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.minY } == [0, 3, 7, 12])
    var surface = Surface(width: 34, height: 20)
    view.draw(into: &surface)
    #expect(surface.lines[8].hasPrefix("│One more title"), "\(surface.lines[8])")
    #expect(surface.lines[10].hasPrefix("│three lines"), "\(surface.lines[10])")
    // Content that changes is measured again when the data is reloaded.
    notes.titles[0] = "Now a much longer first title"
    view.reloadData()
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.height == 5, "three lines now")
  }

  @Test func fittingHeightCountsBorderTitleLinesAndDetail() {
    var content = ElementContent(title: "Alpha beta gamma", border: .single)
    content.padding = 0
    content.titleLineLimit = 2
    #expect(content.fittingHeight(width: 20) == 3)
    #expect(content.fittingHeight(width: 10) == 4, "the title wraps at 8")
    content.detail = "1999"
    content.lines = [StyledText("one"), StyledText("two")]
    #expect(content.fittingHeight(width: 10) == 7)
    content.border = nil
    #expect(content.fittingHeight(width: 10) == 5)
    #expect(ElementContent(title: "").fittingHeight(width: 5) == 1)
    content.draw = { _, _, _ in }
    #expect(content.fittingHeight(width: 10) == nil, "drawn by a closure: no height of its own")
  }
}
