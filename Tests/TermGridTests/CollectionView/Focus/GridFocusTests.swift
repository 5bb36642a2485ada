import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// The arrows in grids, lists and shelves through a real collection view:
/// Down to the next row's nearest item however far sideways, into the next
/// section or shelf, Left and Right along the row; checked on exact cases
/// and against a brute-force model of lines on random layouts.
@Suite struct GridFocusTests {
  func path(_ s: Int, _ i: Int) -> IndexPath { IndexPath(item: i, section: s) }

  /// A view of `counts` items on `layout`, `width` x `height`, no scroll
  /// bar, its delegate refusing the focus on `refused`.
  func makeView(
    _ layout: any CollectionLayout, _ counts: [Int], width: Int, height: Int, refused: Set<IndexPath> = []
  ) -> (CollectionView, NumberedItems, RecordingDelegate) {
    let view = CollectionView(layout: layout)
    let data = NumberedItems(counts)
    let delegate = RecordingDelegate()
    delegate.refuseHighlight = refused
    view.dataSource = data
    view.delegate = delegate
    view.showsScrollIndicator = false
    view.setFrame(CellRect(x: 0, y: 0, width: width, height: height))
    view.reloadData()
    return (view, data, delegate)
  }

  /// Whether the item at `p` is on screen: whole when it fits with a cell
  /// to spare either side (a shelf's resting places may cut one that
  /// does not), else its middle.
  func isOnScreen(_ view: CollectionView, _ p: IndexPath) -> Bool {
    let frame = view.layoutAttributesForItem(at: p)!.frame
    let visible = view.visibleRect
    return frame.width <= visible.width - 2 && frame.height <= visible.height
      ? visible.contains(frame) : visible.contains(frame.center)
  }

  // MARK: exact cases

  @Test func theKeysOfACharacterMapReachItsShortLastRow() {
    // "a" to "~" in rows of 13: the last row `{ | } ~` under the first four columns.
    let (view, data, _) = makeView(FlowLayout(itemSize: Size(width: 3, height: 1)), [30], width: 51, height: 10)
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: path(0, 25))  // z, the last column
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == path(0, 29))  // ~
    view.handle(.key(Key(.up)))
    #expect(view.focusedIndexPath == path(0, 16))  // q, above ~
    view.handle(.key(Key(.right)))
    #expect(view.focusedIndexPath == path(0, 17))
    // Page Down runs past the end: the last row, its item nearest sideways.
    view.focusItem(at: path(0, 25))
    view.handle(.key(Key(.pageDown)))
    #expect(view.focusedIndexPath == path(0, 29))
    view.handle(.key(Key(.pageUp)))
    #expect(view.focusedIndexPath == path(0, 3))
    view.handle(.key(Key(.end)))
    #expect(view.focusedIndexPath == path(0, 29))
    // Shift+Down from z selects from z to ~ in index order.
    view.focusItem(at: path(0, 25))
    view.handle(.key(Key(.down, modifiers: .shift)))
    #expect(view.indexPathsForSelectedItems == (25...29).map { path(0, $0) })
  }

  @Test func aCardWhoseColumnHasNothingAboveGoesUpToTheShortSectionAbove() {
    let layout = FlowLayout(
      itemSize: Size(width: 14, height: 3), headerReferenceSize: Size(width: 0, height: 1), lineAlignment: .leading)
    let (view, data, _) = makeView(layout, [2, 0, 10], width: 60, height: 12)
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: path(2, 7))
    #expect(view.moveFocus(.up) && view.focusedIndexPath == path(2, 3))
    #expect(view.moveFocus(.up) && view.focusedIndexPath == path(0, 1))  // past the empty section
    #expect(view.contentOffset.y == 0)
    #expect(!view.moveFocus(.up))
    // Tab and Shift-Tab still go section by section, skipping the empty one.
    view.perform(.nextSection)
    #expect(view.focusedIndexPath == path(2, 0))
    view.perform(.previousSection)
    #expect(view.focusedIndexPath == path(0, 0))
  }

  @Test func itemsTheDelegateRefusesArePassedOver() {
    let layout = FlowLayout(itemSize: Size(width: 14, height: 3), lineAlignment: .leading)
    // Rows of 4: row 1 (4...7) refused whole, and 9 under 1.
    let refused = Set([4, 5, 6, 7, 9].map { path(0, $0) })
    let (view, data, delegate) = makeView(layout, [12], width: 60, height: 24, refused: refused)
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: path(0, 1))
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == path(0, 8))  // row 2's nearest the focus may land on: 8 (gap 1) before 10 (gap 1), by index
    view.handle(.key(Key(.up)))
    #expect(view.focusedIndexPath == path(0, 0))
    #expect(!delegate.calls.contains { $0.hasPrefix("highlight 0.9") || $0.hasPrefix("highlight 0.5") })
  }

  /// Compositional shelves of ten 12-wide items (3 tall) in a 40x20 view, under headers.
  func compositionalShelves(_ counts: [Int]) -> (CollectionView, NumberedItems, CompositionalLayout) {
    let (view, data) = makeGrid(counts, width: 40, height: 20)
    let size = { (w: LayoutDimension, h: LayoutDimension) in LayoutSize(widthDimension: w, heightDimension: h) }
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
    let header = LayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top)
    let section = LayoutSection(
      group: .horizontal(layoutSize: size(.absolute(12), .absolute(3)), subitems: [.item(item)]),
      contentInsets: EdgeInsets(top: 0, left: 1, bottom: 1, right: 1), interGroupSpacing: 1, boundarySupplementaryItems: [header],
      orthogonalScrollingBehavior: .continuous)
    let layout = CompositionalLayout(section: section)
    view.setLayout(layout, animated: false)
    return (view, data, layout)
  }

  @Test func downFromAShelfScrolledToEitherEndReachesTheNextShelf() {
    // Shelf 1 holds two cards at the left; shelf 2 is empty.
    let (view, data, layout) = compositionalShelves([10, 2, 0, 10])
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: path(0, 0))
    for _ in 0..<9 { view.handle(.key(Key(.right))) }
    #expect(view.focusedIndexPath == path(0, 9) && layout.horizontalOffset(ofSection: 0) == 91)
    // 0.9 at the right (27...39); shelf 1's cards further left (14...26 the
    // nearer), outside the cone: Down still lands on it, not on shelf 3.
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == path(1, 1))
    #expect(layout.horizontalOffset(ofSection: 0) == 91)
    view.handle(.key(Key(.down)))  // past the empty shelf, under 1.1
    #expect(view.focusedIndexPath == path(3, 1))
    for _ in 0..<8 { view.handle(.key(Key(.right))) }
    #expect(view.focusedIndexPath == path(3, 9) && layout.horizontalOffset(ofSection: 3) == 91)
    // Back up from shelf 3's end: shelf 1's nearer card, then shelf 0's card
    // over it as shelf 0 was left (at its end, 0.8 at 14...26).
    view.handle(.key(Key(.up)))
    #expect(view.focusedIndexPath == path(1, 1))
    view.handle(.key(Key(.up)))
    #expect(view.focusedIndexPath == path(0, 8))
    #expect(layout.horizontalOffset(ofSection: 0) == 91 && layout.horizontalOffset(ofSection: 3) == 91)
    // Shelf 0 at its start, shelf 3 at its end: Down from 1.0 lands on what
    // shelf 3 shows under it (3.7), not on 3.0 scrolled away.
    view.focusItem(at: path(1, 0))
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == path(3, 7) && layout.horizontalOffset(ofSection: 3) == 91)
  }

  @Test func theShelfItemReachedIsScrolledIntoView() {
    let layout = ShelfLayout(itemWidth: 12, itemHeight: 3)
    let (view, data, _) = makeView(layout, [10, 10], width: 40, height: 20)
    defer { withExtendedLifetime(data) {} }
    // Shelf 1 scrolled 6: its first card runs from -5 to 7, its middle on screen.
    layout.setHorizontalOffset(6, ofSection: 1)
    view.focusItem(at: path(0, 0))
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == path(1, 0))
    #expect(layout.horizontalOffset(ofSection: 1) == 0)
    #expect(isOnScreen(view, path(1, 0)))
  }

  @Test func aHorizontalFlowGoesColumnByColumn() {
    // Columns of four 10x2 cards in a 40x12 view; the last column of 13 holds one, at the top.
    let layout = FlowLayout(
      itemSize: Size(width: 10, height: 2), minimumInteritemSpacing: 1, minimumLineSpacing: 1, scrollDirection: .horizontal,
      lineAlignment: .leading)
    let (view, data, _) = makeView(layout, [13], width: 40, height: 12)
    defer { withExtendedLifetime(data) {} }
    #expect(view.layoutAttributesForItem(at: path(0, 12))!.frame == Rect(x: 33, y: 0, width: 10, height: 2))
    view.focusItem(at: path(0, 11))  // column 2, the bottom (y 9)
    view.handle(.key(Key(.right)))
    #expect(view.focusedIndexPath == path(0, 12))  // the short column's only card, nine rows up
    #expect(isOnScreen(view, path(0, 12)) && view.contentOffset.x > 0)
    view.handle(.key(Key(.left)))
    #expect(view.focusedIndexPath == path(0, 8))
    // Up and Down keep to the column.
    #expect(view.moveFocus(.down) && view.focusedIndexPath == path(0, 9))
    view.focusItem(at: path(0, 11))
    #expect(!view.moveFocus(.down))
    view.focusItem(at: path(0, 12))
    #expect(!view.moveFocus(.down) && !view.moveFocus(.up))
    // A page to the right from column 0's bottom: the last column, its card nearest.
    view.focusItem(at: path(0, 3))
    view.handle(.key(Key(.pageDown)))
    #expect(view.focusedIndexPath == path(0, 12))
  }

  @Test func aListGoesRowByRowAndLeftAndRightDoNothing() {
    var configuration = LayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    let (view, data, _) = makeView(CompositionalLayout.list(using: configuration), [2, 0, 3], width: 40, height: 24)
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: path(0, 1))
    #expect(view.moveFocus(.down) && view.focusedIndexPath == path(2, 0))
    #expect(!view.moveFocus(.left) && !view.moveFocus(.right))
    #expect(view.moveFocus(.up) && view.focusedIndexPath == path(0, 1))
  }

  @Test func aLiftedItemMovesByTheSameRows() {
    let (view, data, _) = makeView(FlowLayout(itemSize: Size(width: 3, height: 1)), [30], width: 51, height: 10)
    defer { withExtendedLifetime(data) {} }
    final class Mover: CollectionViewDelegate {
      func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    }
    let mover = Mover()
    view.delegate = mover
    view.focusItem(at: path(0, 25))
    #expect(view.beginInteractiveMovementForItem(at: path(0, 25)))
    // z picked up and moved down: to ~'s place, the last.
    #expect(view.moveInteractiveItem(.down))
    #expect(view.indexPathForMovingItem == path(0, 29))
    view.cancelInteractiveMovement()
    withExtendedLifetime(mover) {}
  }

  // MARK: against a model

  /// The lines of a layout as its inputs say they are (not read from its
  /// frames): the items of each line, in order across the content.
  struct LineModel {
    var lines: [[IndexPath]] = []
    /// Sections that scroll sideways.
    var sideways: Set<Int> = []
    /// The lines each item is in.
    var linesOf: [IndexPath: [Int]] = [:]
    /// The lower lines of sections that scroll sideways whose groups are a
    /// featured item beside a stacked pair, and those sections' featured
    /// items: where no item of the lower line but featured ones is on
    /// screen, what is on screen is one line (the nearest line is where an
    /// item is), so the lower line is passed over.
    var lowerLines: Set<Int> = []
    var featured: Set<IndexPath> = []

    mutating func add(_ line: [IndexPath]) {
      guard !line.isEmpty else { return }
      for p in line { linesOf[p, default: []].append(lines.count) }
      lines.append(line)
    }
  }

  /// Where the model says the focus goes from `x`: `rows` tells whether
  /// lines are rows (Up and Down cross them) or columns.
  func expected(
    _ model: LineModel, from x: IndexPath, _ direction: FocusDirection, rows: Bool, view: CollectionView, refused: Set<IndexPath>
  ) -> IndexPath? {
    func frame(_ p: IndexPath) -> Rect { view.layoutAttributesForItem(at: p)!.frame }
    let visible = view.visibleRect
    let layout = view.collectionViewLayout as? any SectionScrollingLayout
    // Items of shelves scrolled out of view are not landed on: from another
    // section, and from line to line in the focused item's own too.
    func isShown(_ p: IndexPath, evenInOwnSection: Bool = false) -> Bool {
      guard evenInOwnSection || p.section != x.section, model.sideways.contains(p.section),
        (layout?.maximumHorizontalOffset(ofSection: p.section) ?? 0) > 0
      else { return true }
      return frame(p).midX >= visible.minX && frame(p).midX <= visible.maxX
    }
    // Along crosses lines; across runs along them.
    func acrossSpan(_ r: Rect) -> (Double, Double) { rows ? (r.minX, r.maxX) : (r.minY, r.maxY) }
    func alongMid(_ r: Rect) -> Double { rows ? r.midY : r.midX }
    let fx = frame(x)
    let (x0, x1) = acrossSpan(fx)
    let mine = Set(model.linesOf[x]!.flatMap { model.lines[$0] })
    let crossing: Bool
    let forward: Bool
    switch direction {
    case .down: (crossing, forward) = (rows, true)
    case .up: (crossing, forward) = (rows, false)
    case .right: (crossing, forward) = (!rows, true)
    case .left: (crossing, forward) = (!rows, false)
    }
    if crossing {
      let own = model.linesOf[x]!
      let order = forward ? Array((own.max()! + 1)..<model.lines.count) : Array((0..<own.min()!).reversed())
      for l in order {
        if model.lowerLines.contains(l),
          !model.lines[l].contains(where: { !model.featured.contains($0) && isShown($0, evenInOwnSection: true) })
        {
          continue
        }
        let line = model.lines[l].filter { !mine.contains($0) && !refused.contains($0) && isShown($0, evenInOwnSection: true) }
        let best = line.min { a, b in
          func key(_ p: IndexPath) -> (Double, Double) {
            let (a0, a1) = acrossSpan(frame(p))
            return (max(0, a0 - x1, x0 - a1), abs((a0 + a1) / 2 - (x0 + x1) / 2))
          }
          return key(a) < key(b) || (key(a) == key(b) && a < b)
        }
        if let best { return best }
      }
      return nil
    }
    let middle = (x0 + x1) / 2
    let beside = mine.filter { p in
      let (a0, a1) = acrossSpan(frame(p))
      return p != x && !refused.contains(p) && isShown(p) && (forward ? (a0 + a1) / 2 > middle : (a0 + a1) / 2 < middle)
    }
    return beside.min { a, b in
      func key(_ p: IndexPath) -> (Double, Double) {
        let (a0, a1) = acrossSpan(frame(p))
        return (max(0, forward ? a0 - x1 : x0 - a1), abs(alongMid(frame(p)) - alongMid(fx)))
      }
      return key(a) < key(b) || (key(a) == key(b) && a < b)
    }
  }

  /// Every item of `counts`, and for each the four arrows from it: what
  /// the view would do equals what the model says, and doing it lands there
  /// with the item on screen.
  func checkEveryMove(
    _ view: CollectionView, _ model: LineModel, counts: [Int], rows: Bool, refused: Set<IndexPath>, _ rng: inout SplitMix64,
    _ what: String
  ) {
    for s in counts.indices {
      for i in 0..<counts[s] {
        let x = path(s, i)
        view.focusItem(at: x)
        for direction in FocusDirection.allCases {
          let want = expected(model, from: x, direction, rows: rows, view: view, refused: refused)
          let got = view.nearestItem(from: x, direction)
          #expect(
            got == want,
            "\(what): \(x) at \(view.layoutAttributesForItem(at: x)!.frame) \(direction): got \(got.map { "\($0) at \(view.layoutAttributesForItem(at: $0)!.frame)" } ?? "nil"), want \(want.map { "\($0) at \(view.layoutAttributesForItem(at: $0)!.frame)" } ?? "nil")"
          )
        }
        // Now really move, one way at random: the focus is there and on screen.
        let direction = FocusDirection.allCases.randomElement(using: &rng)!
        if let want = view.nearestItem(from: x, direction) {
          #expect(view.moveFocus(direction) && view.focusedIndexPath == want, "\(what): \(x) \(direction)")
          #expect(
            isOnScreen(view, want),
            "\(what): \(want) at \(view.layoutAttributesForItem(at: want)!.frame) not on screen (\(view.visibleRect)) after \(direction) from \(x)"
          )
        }
      }
    }
  }

  /// Sizes from a table, for flow layouts whose items differ.
  final class TableSizes: FlowLayoutItemSizing {
    let sizes: [[Size]]
    init(_ sizes: [[Size]]) { self.sizes = sizes }
    func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size { sizes[indexPath.section][indexPath.item] }
  }

  @Test func onRandomFlowLayoutsTheArrowsMoveLineByLine() {
    let alignments: [LineAlignment] = [.justified, .leading, .center, .trailing]
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(seed))
      func r(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
      let vertical = r(0...2) > 0
      let counts = (0..<r(1...4)).map { _ in r(0...4) == 0 ? 0 : r(1...30) }
      let width = r(20...90)
      let height = vertical ? r(8...30) : r(6...20)
      let inset = EdgeInsets(top: Double(r(0...2)), left: Double(r(0...2)), bottom: Double(r(0...2)), right: Double(r(0...2)))
      let spacing = Double(r(0...2))
      let uniform = Size(width: Double(r(1...16)), height: Double(r(1...4)))
      let sized = r(0...1) == 1
      let sizes = counts.map { n in (0..<n).map { _ in Size(width: Double(r(1...16)), height: Double(r(1...4))) } }
      let layout = FlowLayout(
        itemSize: uniform, minimumInteritemSpacing: spacing, minimumLineSpacing: Double(r(0...1)), sectionInset: inset,
        headerReferenceSize: Size(width: Double(r(0...2)), height: Double(r(0...2))),
        footerReferenceSize: Size(width: Double(r(0...1)), height: Double(r(0...1))),
        scrollDirection: vertical ? .vertical : .horizontal, lineAlignment: alignments[r(0...3)])
      layout.lastLineAlignment = [.columns, .sameAsOtherLines, .aligned(alignments[r(0...3)])][r(0...2)]
      let table = TableSizes(sizes)
      if sized { layout.delegate = table }
      var refused: Set<IndexPath> = []
      for s in counts.indices { for i in 0..<counts[s] where r(0...6) == 0 { refused.insert(path(s, i)) } }
      let (view, data, delegate) = makeView(layout, counts, width: width, height: height, refused: refused)
      // The model: greedy lines from the sizes and the room across.
      let available = Double(vertical ? width : height) - (vertical ? inset.left + inset.right : inset.top + inset.bottom)
      var model = LineModel()
      for s in counts.indices {
        var line: [IndexPath] = []
        var used = 0.0
        for i in 0..<counts[s] {
          let size = sized ? sizes[s][i] : uniform
          let length = min(vertical ? size.width : size.height, max(0, available))
          if !line.isEmpty, used + spacing + length > available + 1e-9 {
            model.add(line)
            line = []
          }
          used = line.isEmpty ? length : used + spacing + length
          line.append(path(s, i))
        }
        model.add(line)
      }
      checkEveryMove(view, model, counts: counts, rows: vertical, refused: refused, &rng, "flow seed \(seed)")
      withExtendedLifetime((data, delegate, table)) {}
    }
  }

  @Test func onRandomCompositionalLayoutsTheArrowsMoveRowByRow() {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize { LayoutSize(widthDimension: w, heightDimension: h) }
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(seed))
      func r(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
      // Each section: a grid of k a row, a list, or a featured item beside a
      // stacked pair; some scroll sideways.
      enum Kind {
        case grid(Int)
        case list, featured
      }
      var kinds: [Kind] = []
      let sections = (0..<r(1...5)).map { _ -> LayoutSection in
        let sideways = r(0...2) == 0
        let height = Double(r(1...4))
        let width: LayoutDimension =
          sideways ? (r(0...1) == 0 ? .absolute(Double(r(8...30))) : .fractionalWidth(Double(r(2...4)) / 4)) : .fractionalWidth(1)
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group: LayoutGroup
        switch r(0...2) {
        case 0:
          let k = r(1...4)
          kinds.append(.grid(k))
          var g = LayoutGroup.horizontal(layoutSize: size(width, .absolute(height)), repeatingSubitem: .item(item), count: k)
          g.interItemSpacing = Double(r(0...1))
          group = g
        case 1:
          kinds.append(.list)
          group = .horizontal(layoutSize: size(width, .absolute(height)), subitems: [.item(item)])
        default:
          kinds.append(.featured)
          let featured = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
          let half = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
          let pair = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), repeatingSubitem: .item(half), count: 2)
          group = .horizontal(layoutSize: size(width, .absolute(Double(r(4...7)))), subitems: [.item(featured), .group(pair)])
        }
        let header = LayoutBoundarySupplementaryItem(
          layoutSize: size(.fractionalWidth(1), .absolute(Double(r(0...1)))), elementKind: .header, alignment: .top)
        return LayoutSection(
          group: group, contentInsets: EdgeInsets(top: 0, left: Double(r(0...2)), bottom: Double(r(0...1)), right: Double(r(0...2))),
          interGroupSpacing: Double(r(0...2)), boundarySupplementaryItems: [header],
          orthogonalScrollingBehavior: sideways ? [.continuous, .groupPaging, .paging][r(0...2)] : .none)
      }
      let counts = sections.map { _ in r(0...5) == 0 ? 0 : r(1...20) }
      var refused: Set<IndexPath> = []
      for s in counts.indices { for i in 0..<counts[s] where r(0...6) == 0 { refused.insert(path(s, i)) } }
      let layout = CompositionalLayout { s, _ in sections[s] }
      let (view, data, delegate) = makeView(layout, counts, width: r(24...90), height: r(8...30), refused: refused)
      // Shelves start anywhere.
      for s in sections.indices where sections[s].orthogonalScrollingBehavior != .none {
        layout.setHorizontalOffset(Double(r(0...200)), ofSection: s)
      }
      var model = LineModel()
      for s in sections.indices {
        let items = (0..<counts[s]).map { path(s, $0) }
        let sideways = sections[s].orthogonalScrollingBehavior != .none
        if sideways { model.sideways.insert(s) }
        switch kinds[s] {
        case .grid(let k):
          if sideways {
            model.add(items)
          } else {
            for start in stride(from: 0, to: items.count, by: k) { model.add(Array(items[start..<min(start + k, items.count)])) }
          }
        case .list:
          if sideways {
            model.add(items)
          } else {
            for item in items { model.add([item]) }
          }
        case .featured:
          // Each group: the featured item (0) in both rows, the pair's upper
          // (1) and lower (2) one in one each. Where no lower one is there
          // (a last group cut short), the featured item and the upper one
          // are one row: the nearest row is where an item is.
          let groups = stride(from: 0, to: items.count, by: 3).map { Array(items[$0..<min($0 + 3, items.count)]) }
          func upper(_ g: [IndexPath]) -> [IndexPath] { Array(g.prefix(2)) }
          func lower(_ g: [IndexPath]) -> [IndexPath] { [g[0]] + g.dropFirst(2) }
          if sideways {
            model.add(groups.flatMap(upper))
            model.featured.formUnion(groups.map { $0[0] })
            if groups.contains(where: { $0.count == 3 }) {
              model.lowerLines.insert(model.lines.count)
              model.add(groups.flatMap(lower))
            }
          } else {
            for g in groups {
              model.add(upper(g))
              if g.count == 3 { model.add(lower(g)) }
            }
          }
        }
      }
      checkEveryMove(view, model, counts: counts, rows: true, refused: refused, &rng, "compositional seed \(seed) \(kinds)")
      withExtendedLifetime((data, delegate)) {}
    }
  }
}
