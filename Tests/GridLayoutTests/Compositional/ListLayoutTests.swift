import TermGridTesting
import Testing

@testable import GridLayout

/// The list configuration: exact frames of rows, headers, footers,
/// separators and grouped backgrounds for each appearance, and rect
/// queries against a model of the list built row by row.
@Suite struct ListLayoutTests {
  /// Heights from a table (1 for the rest), as content would measure.
  final class Heights: LayoutItemMeasuring {
    let heights: [IndexPath: Double]
    var widths: [IndexPath: Double] = [:]
    init(_ heights: [IndexPath: Double]) { self.heights = heights }
    func layoutHeight(forItemAt indexPath: IndexPath, width: Double, estimatedHeight: Double, in layout: CompositionalLayout) -> Double {
      widths[indexPath] = width
      return heights[indexPath] ?? estimatedHeight
    }
  }

  /// What an element is, for comparing: "item 0.1 0,2 20x1".
  static func describe(_ a: LayoutAttributes) -> String {
    let f = a.frame
    let what = a.category == .item ? "item" : a.kind.rawValue
    return "\(what) \(a.indexPath.section).\(a.indexPath.item) \(Int(f.minX)),\(Int(f.minY)) \(Int(f.width))x\(Int(f.height))"
  }

  static func everything(_ layout: CompositionalLayout) -> [String] {
    layout.layoutAttributesForElements(in: Rect(x: -5, y: -5, width: layout.contentSize.width + 10, height: layout.contentSize.height + 10))
      .map(describe).sorted()
  }

  static func prepared(_ configuration: LayoutListConfiguration, _ counts: [Int], width: Double = 20) -> CompositionalLayout {
    let layout = CompositionalLayout.list(using: configuration)
    layout.prepare(for: LayoutContext(itemCounts: counts, boundsSize: Size(width: width, height: 10)))
    return layout
  }

  @Test func aPlainListHasFullWidthRowsSeparatorsInsetToTheTextAndHeadersThatPin() {
    var configuration = LayoutListConfiguration(appearance: .plain)
    configuration.headerMode = .supplementary
    configuration.footerMode = .supplementary
    #expect(configuration.showsSeparators)
    let layout = Self.prepared(configuration, [3])
    #expect(
      Self.everything(layout)
        == [
          "footer 0.0 0,6 20x1", "header 0.0 0,0 20x1", "item 0.0 0,1 20x1", "item 0.1 0,3 20x1", "item 0.2 0,5 20x1",
          "list-separator 0.0 1,2 19x1", "list-separator 0.1 1,4 19x1",
        ].sorted())
    #expect(layout.contentSize == Size(width: 20, height: 7))
    // The header stays at the top of the view while its section is under it.
    layout.invalidateLayout(forBoundsChange: Rect(x: 0, y: 3, width: 20, height: 4))
    let header = layout.layoutAttributesForElements(in: Rect(x: 0, y: 3, width: 20, height: 4)).first { $0.kind == .header }
    #expect(header?.frame == Rect(x: 0, y: 3, width: 20, height: 1))
  }

  @Test func aGroupedListBoxesEachSectionAcrossTheWidthUnderItsHeader() {
    var configuration = LayoutListConfiguration(appearance: .grouped)
    configuration.headerMode = .supplementary
    let layout = Self.prepared(configuration, [2, 1])
    // A blank row above each section; the header; the box (its border a
    // cell around the rows); the rows inside it, a separator between them.
    #expect(
      Self.everything(layout)
        == [
          "header 0.0 1,1 18x1", "grouped-list-background 0.0 0,2 20x5", "item 0.0 1,3 18x1", "list-separator 0.0 2,4 17x1",
          "item 0.1 1,5 18x1",
          "header 1.0 1,8 18x1", "grouped-list-background 1.0 0,9 20x3", "item 1.0 1,10 18x1",
        ].sorted())
    #expect(layout.contentSize.height == 12)
    // Its headers do not pin.
    layout.invalidateLayout(forBoundsChange: Rect(x: 0, y: 3, width: 20, height: 4))
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 3, width: 20, height: 4)).allSatisfy { $0.kind != .header })
  }

  @Test func anInsetGroupedListBoxesEachSectionAColumnInWithItsFooterUnder() {
    var configuration = LayoutListConfiguration(appearance: .insetGrouped)
    configuration.footerMode = .supplementary
    let layout = Self.prepared(configuration, [2])
    #expect(
      Self.everything(layout)
        == [
          "inset-grouped-list-background 0.0 1,1 18x5", "item 0.0 2,2 16x1", "list-separator 0.0 3,3 15x1", "item 0.1 2,4 16x1",
          "footer 0.0 2,6 16x1",
        ].sorted())
    #expect(layout.contentSize.height == 7)
  }

  @Test func aSidebarInsetsItsRowsAndShowsNoSeparatorsAndSidebarPlainFillsTheWidth() {
    var configuration = LayoutListConfiguration(appearance: .sidebar)
    configuration.headerMode = .firstItemInSection
    #expect(!configuration.showsSeparators)
    #expect(
      Self.everything(Self.prepared(configuration, [3]))
        == ["item 0.0 1,0 18x1", "item 0.1 1,1 18x1", "item 0.2 1,2 18x1"])
    var plain = LayoutListConfiguration(appearance: .sidebarPlain)
    plain.headerMode = .supplementary
    let layout = Self.prepared(plain, [2, 1])
    #expect(
      Self.everything(layout)
        == ["header 0.0 0,0 20x1", "item 0.0 0,1 20x1", "item 0.1 0,2 20x1", "header 1.0 0,3 20x1", "item 1.0 0,4 20x1"].sorted())
    // Its headers pin.
    layout.invalidateLayout(forBoundsChange: Rect(x: 0, y: 1, width: 20, height: 2))
    #expect(
      layout.layoutAttributesForElements(in: Rect(x: 0, y: 1, width: 20, height: 2)).first { $0.kind == .header }?.frame.minY == 1)
  }

  @Test func rowsAreAsTallAsTheirContentAndSeparatorsFollowThem() {
    let layout = CompositionalLayout.list(using: LayoutListConfiguration(appearance: .plain))
    let heights = Heights([IndexPath(item: 1, section: 0): 3, IndexPath(item: 2, section: 0): 2])
    layout.itemMeasurer = heights
    layout.prepare(for: LayoutContext(itemCounts: [3], boundsSize: Size(width: 20, height: 10)))
    #expect(
      Self.everything(layout)
        == [
          "item 0.0 0,0 20x1", "list-separator 0.0 1,1 19x1", "item 0.1 0,2 20x3", "list-separator 0.1 1,5 19x1", "item 0.2 0,6 20x2",
        ].sorted())
    #expect(heights.widths[IndexPath(item: 0, section: 0)] == 20)
    // A rect of a separator's row alone finds that separator.
    let row5 = layout.layoutAttributesForElements(in: Rect(x: 0, y: 5, width: 20, height: 1))
    #expect(row5.map(Self.describe) == ["list-separator 0.1 1,5 19x1"])
    #expect(layout.contentSize.height == 8)
  }

  @Test func aFixedRowHeightMeasuresNothing() {
    var configuration = LayoutListConfiguration(appearance: .plain)
    configuration.rowHeight = 2
    let layout = CompositionalLayout.list(using: configuration)
    let heights = Heights([IndexPath(item: 0, section: 0): 5])
    layout.itemMeasurer = heights
    layout.prepare(for: LayoutContext(itemCounts: [2], boundsSize: Size(width: 20, height: 10)))
    #expect(Self.everything(layout) == ["item 0.0 0,0 20x2", "item 0.1 0,3 20x2", "list-separator 0.0 1,2 19x1"])
    #expect(heights.widths.isEmpty, "not asked")
  }

  @Test func separatorsTakeTheirInsetsAndCanBeTurnedOff() {
    var configuration = LayoutListConfiguration(appearance: .plain)
    configuration.separatorConfiguration = ListSeparatorConfiguration(leadingInset: 4, trailingInset: 2)
    #expect(Self.everything(Self.prepared(configuration, [2])).contains("list-separator 0.0 4,1 14x1"))
    configuration.showsSeparators = false
    #expect(Self.everything(Self.prepared(configuration, [2])) == ["item 0.0 0,0 20x1", "item 0.1 0,1 20x1"])
    configuration.headerTopPadding = 2
    #expect(Self.everything(Self.prepared(configuration, [1])) == ["item 0.0 0,2 20x1"])
  }

  @Test func anItemSeparatorHandlerHidesOrInsetsSeparatorsRowByRow() {
    var configuration = LayoutListConfiguration(appearance: .plain)
    configuration.itemSeparatorHandler = { path, base in
      var separator = base
      if path.item == 0 { separator.bottomSeparatorVisibility = .hidden }
      if path.item == 1 { separator.leadingInset = 5 }
      return separator
    }
    // The hidden one's row stays, blank.
    #expect(
      Self.everything(Self.prepared(configuration, [4]))
        == [
          "item 0.0 0,0 20x1", "item 0.1 0,2 20x1", "list-separator 0.1 5,3 15x1", "item 0.2 0,4 20x1", "list-separator 0.2 1,5 19x1",
          "item 0.3 0,6 20x1",
        ].sorted())
  }

  @Test func aSectionProviderGivesEachSectionItsOwnList() {
    let layout = CompositionalLayout.list { section, _ in
      LayoutListConfiguration(appearance: section == 0 ? .sidebar : .plain)
    }
    layout.prepare(for: LayoutContext(itemCounts: [1, 2], boundsSize: Size(width: 10, height: 10)))
    #expect(
      Self.everything(layout) == ["item 0.0 1,0 8x1", "item 1.0 0,1 10x1", "list-separator 1.0 1,2 9x1", "item 1.1 0,3 10x1"].sorted())
  }

  /// The list built row by row: every element where it must lie.
  static func model(_ configurations: [LayoutListConfiguration], heights: [[Double]], width w: Double) -> (
    elements: [LayoutAttributes], height: Double
  ) {
    var result: [LayoutAttributes] = []
    var y = 0.0
    for (s, c) in configurations.enumerated() {
      let grouped = c.appearance == .grouped || c.appearance == .insetGrouped
      let (left, right, topBottom): (Double, Double, Double) =
        switch c.appearance {
        case .plain, .sidebarPlain: (0, 0, 0)
        case .sidebar: (1, 1, 0)
        case .grouped: (1, 1, 1)
        case .insetGrouped: (2, 2, 1)
        }
      let width = max(0, w - left - right)
      let path = IndexPath(item: 0, section: s)
      y += c.headerTopPadding ?? (grouped ? 1 : 0)
      if c.headerMode == .supplementary {
        result.append(LayoutAttributes(forSupplementaryOfKind: .header, at: path, frame: Rect(x: left, y: y, width: width, height: 1)))
        y += 1
      }
      let boxTop = y
      y += topBottom
      for (i, h) in heights[s].enumerated() {
        result.append(LayoutAttributes(forItemAt: IndexPath(item: i, section: s), frame: Rect(x: left, y: y, width: width, height: h)))
        y += h
        if c.showsSeparators, i + 1 < heights[s].count {
          let path = IndexPath(item: i, section: s)
          let separator = c.itemSeparatorHandler?(path, c.separatorConfiguration) ?? c.separatorConfiguration
          if separator.bottomSeparatorVisibility != .hidden {
            let (leading, trailing) = (separator.leadingInset, separator.trailingInset)
            result.append(
              LayoutAttributes(
                forDecorationOfKind: .listSeparator, at: path,
                frame: Rect(x: left + leading, y: y, width: max(0, width - leading - trailing), height: 1)))
          }
          y += 1
        }
      }
      y += topBottom
      if grouped {
        let inset = c.appearance == .insetGrouped ? 1.0 : 0
        result.append(
          LayoutAttributes(
            forDecorationOfKind: c.appearance == .grouped ? .groupedListBackground : .insetGroupedListBackground, at: path,
            frame: Rect(x: inset, y: boxTop, width: max(0, w - 2 * inset), height: y - boxTop)))
      }
      if c.footerMode == .supplementary {
        result.append(LayoutAttributes(forSupplementaryOfKind: .footer, at: path, frame: Rect(x: left, y: y, width: width, height: 1)))
        y += 1
      }
    }
    return (result, y)
  }

  @Test func randomListsLieWhereTheModelSaysAndRectQueriesFindExactlyWhatTheyMeet() {
    let appearances: [LayoutListConfiguration.Appearance] = [.plain, .grouped, .insetGrouped, .sidebar, .sidebarPlain]
    for seed in 0..<300 {
      var rng = SplitMix64(seed: seed)
      let sections = Int.random(in: 1...4, using: &rng)
      var configurations: [LayoutListConfiguration] = []
      var heights: [[Double]] = []
      var table: [IndexPath: Double] = [:]
      for s in 0..<sections {
        var c = LayoutListConfiguration(appearance: appearances.randomElement(using: &rng)!)
        c.headerMode = [.none, .supplementary, .firstItemInSection].randomElement(using: &rng)!
        c.footerMode = Bool.random(using: &rng) ? .supplementary : .none
        if Int.random(in: 0..<4, using: &rng) == 0 { c.showsSeparators.toggle() }
        if Int.random(in: 0..<4, using: &rng) == 0 { c.headerTopPadding = Double(Int.random(in: 0...2, using: &rng)) }
        c.separatorConfiguration.leadingInset = Double(Int.random(in: 0...3, using: &rng))
        c.separatorConfiguration.trailingInset = Double(Int.random(in: 0...2, using: &rng))
        if Bool.random(using: &rng) {
          let every = Int.random(in: 2...4, using: &rng)
          c.itemSeparatorHandler = { path, base in
            var separator = base
            if path.item % every == 0 { separator.bottomSeparatorVisibility = .hidden }
            if path.item % every == 1 { separator.leadingInset += 2 }
            return separator
          }
        }
        let n = Int.random(in: 0...12, using: &rng)
        heights.append((0..<n).map { _ in Double(Int.random(in: 1...4, using: &rng)) })
        for (i, h) in heights[s].enumerated() { table[IndexPath(item: i, section: s)] = h }
        if Int.random(in: 0..<4, using: &rng) == 0 {
          // A fixed height: every row that tall, whatever the measurer says.
          let fixed = Double(Int.random(in: 1...3, using: &rng))
          c.rowHeight = fixed
          heights[s] = heights[s].map { _ in fixed }
        }
        configurations.append(c)
      }
      let width = Double(Int.random(in: 1...60, using: &rng))
      let measurer = Heights(table)
      let chosen = configurations
      let layout = CompositionalLayout.list { section, _ in chosen[section] }
      layout.itemMeasurer = measurer
      layout.prepare(for: LayoutContext(itemCounts: heights.map(\.count), boundsSize: Size(width: width, height: 20)))
      let (model, height) = Self.model(configurations, heights: heights, width: width)
      #expect(layout.contentSize.height == height, "seed \(seed)")
      for _ in 0..<20 {
        let rect = Rect(
          x: Double(Int.random(in: -2...Int(width), using: &rng)), y: Double(Int.random(in: -2...Int(height) + 1, using: &rng)),
          width: Double(Int.random(in: 1...Int(width) + 2, using: &rng)), height: Double(Int.random(in: 1...12, using: &rng)))
        let expected = model.filter { $0.frame.intersects(rect) }.map(Self.describe).sorted()
        let found = layout.layoutAttributesForElements(in: rect).map(Self.describe).sorted()
        #expect(found == expected, "seed \(seed), rect \(rect)")
        if found != expected { return }
      }
      let whole = Rect(x: -1, y: -1, width: width + 2, height: height + 2)
      #expect(
        layout.layoutAttributesForElements(in: whole).map(Self.describe).sorted()
          == model.filter { $0.frame.intersects(whole) }.map(Self.describe).sorted(), "seed \(seed)")
    }
  }
}
