import TermGridTesting
import Testing

@testable import GridLayout

/// Widths from a table.
final class TableWidths: ShelfLayoutDelegate {
  let widths: [[Double]]
  var calls = 0
  init(_ widths: [[Double]]) { self.widths = widths }
  func shelfLayout(_ layout: ShelfLayout, widthForItemAt indexPath: IndexPath) -> Double {
    calls += 1
    return widths[indexPath.section][indexPath.item]
  }
}

@Suite struct ShelfLayoutTests {
  func frame(_ layout: ShelfLayout, _ item: Int, _ section: Int) -> Rect? {
    layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
  }

  @Test func shelvesStackWithHeadersItemsAndPlanks() {
    let layout = ShelfLayout(itemWidth: 10, itemHeight: 3, interitemSpacing: 1, shelfSpacing: 1)
    layout.prepare(for: LayoutContext(itemCounts: [5, 0, 2], boundsSize: Size(width: 30, height: 20)))
    // Shelf 0: header row 0, items rows 1-3, plank row 4. Shelf 1 after a blank row: header 6, no items, plank 10.
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 0, y: 0, width: 30, height: 1))
    #expect(frame(layout, 0, 0) == Rect(x: 1, y: 1, width: 10, height: 3))
    #expect(frame(layout, 4, 0) == Rect(x: 45, y: 1, width: 10, height: 3))
    #expect(frame(layout, 5, 0) == nil)
    #expect(frame(layout, 0, 2) == Rect(x: 1, y: 13, width: 10, height: 3))
    #expect(layout.contentSize == Size(width: 30, height: 17))
    // The row: 1 + 5 * 10 + 4 + 1 = 56 cells, 26 more than the bounds.
    #expect(layout.maximumHorizontalOffset(ofSection: 0) == 26)
    #expect(layout.maximumHorizontalOffset(ofSection: 2) == 0)
    let planks = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 30, height: 17))
      .filter { $0.category == .decoration }
    #expect(planks.map(\.frame) == [4, 10, 16].map { Rect(x: 0, y: $0, width: 30, height: 1) })
    #expect(planks.allSatisfy { $0.kind == ShelfLayout.plankKind })
    // Properties changed without a new prepare do not leak into the frames.
    layout.itemHeight = 9
    layout.itemWidth = 2
    #expect(frame(layout, 4, 0) == Rect(x: 45, y: 1, width: 10, height: 3))
    // Only what is in view: items 0-2 of shelf 0 (item 2 runs from 23 to 33).
    let visible = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 30, height: 17))
      .filter { $0.category == .item }.map(\.indexPath)
    #expect(
      visible == [
        IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0),
        IndexPath(item: 0, section: 2), IndexPath(item: 1, section: 2),
      ])
  }

  @Test func eachShelfScrollsOnItsOwnAndKeepsItsOffsetThroughPrepare() {
    let layout = ShelfLayout(itemWidth: 10, itemHeight: 3)
    layout.prepare(for: LayoutContext(itemCounts: [5, 5], boundsSize: Size(width: 30, height: 20)))
    layout.setHorizontalOffset(20, ofSection: 0)
    #expect(frame(layout, 2, 0) == Rect(x: 3, y: 1, width: 10, height: 3))
    #expect(frame(layout, 2, 1) == Rect(x: 23, y: 7, width: 10, height: 3))
    layout.setHorizontalOffset(99, ofSection: 1)
    #expect(layout.horizontalOffset(ofSection: 1) == 26)  // clamped
    layout.setHorizontalOffset(-4, ofSection: 1)
    #expect(layout.horizontalOffset(ofSection: 1) == 0)
    let items = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 30, height: 4)).map(\.indexPath.item)
    #expect(items == [0, 1, 2, 3, 4])  // the header, then items 1 (-8...2) to 4 (25...35)
    // A wider bounds keeps the offset where it still fits, clamps it where it does not.
    layout.prepare(for: LayoutContext(itemCounts: [5, 5], boundsSize: Size(width: 40, height: 20)))
    #expect(layout.horizontalOffset(ofSection: 0) == 16)
    layout.prepare(for: LayoutContext(itemCounts: [5], boundsSize: Size(width: 40, height: 20)))
    #expect(layout.horizontalOffset(ofSection: 1) == 0)
  }

  @Test func selfSizedItemsAreMeasuredOnceInPrepareNotPerQuery() {
    let widths = TableWidths([[4, 12, 7]])
    let layout = ShelfLayout(itemHeight: 2)
    layout.delegate = widths
    layout.prepare(for: LayoutContext(itemCounts: [3], boundsSize: Size(width: 20, height: 10)))
    #expect(widths.calls == 3)
    #expect((0..<3).map { frame(layout, $0, 0)!.minX } == [1, 6, 19])
    #expect((0..<3).map { frame(layout, $0, 0)!.width } == [4, 12, 7])
    for _ in 0..<10 { _ = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 20, height: 10)) }
    #expect(widths.calls == 3)
    #expect(layout.maximumHorizontalOffset(ofSection: 0) == 7)  // 1 + 4 + 1 + 12 + 1 + 7 + 1 = 27
  }

  @Test func rectQueriesEqualABruteForceScanAtRandomOffsets() {
    for seed in 0..<300 {
      var rng = SplitMix64(seed: seed)
      let layout = ShelfLayout(
        itemWidth: Double(Int.random(in: 1...20, using: &rng)), itemHeight: Double(Int.random(in: 1...6, using: &rng)),
        interitemSpacing: Double(Int.random(in: 0...3, using: &rng)), shelfSpacing: Double(Int.random(in: 0...2, using: &rng)),
        headerHeight: Double(Int.random(in: 0...2, using: &rng)), plankHeight: Double(Int.random(in: 0...1, using: &rng)))
      layout.sectionInset = EdgeInsets(
        top: Double(Int.random(in: 0...1, using: &rng)), left: Double(Int.random(in: 0...3, using: &rng)),
        bottom: Double(Int.random(in: 0...1, using: &rng)), right: Double(Int.random(in: 0...3, using: &rng)))
      let counts = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Int.random(in: 0...30, using: &rng) }
      let sized = Bool.random(using: &rng)
      let widths = TableWidths(counts.map { n in (0..<n).map { _ in Double(Int.random(in: 1...25, using: &rng)) } })
      if sized { layout.delegate = widths }
      let width = Double(Int.random(in: 5...120, using: &rng))
      layout.prepare(for: LayoutContext(itemCounts: counts, boundsSize: Size(width: width, height: 24)))
      for s in counts.indices {
        layout.setHorizontalOffset(Double(Int.random(in: 0...200, using: &rng)), ofSection: s)
        #expect(layout.horizontalOffset(ofSection: s) <= layout.maximumHorizontalOffset(ofSection: s))
      }
      var all: [LayoutAttributes] = []
      for (s, n) in counts.enumerated() {
        let offset = layout.horizontalOffset(ofSection: s)
        var x = layout.sectionInset.left
        for i in 0..<n {
          let a = layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!
          // Side by side in index order, each shifted by its own shelf's offset.
          #expect(a.frame.minX + offset == x, "seed \(seed) \(s).\(i)")
          if sized { #expect(a.frame.width == widths.widths[s][i]) }
          x = a.frame.maxX + offset + layout.interitemSpacing
          all.append(a)
        }
        if n > 0 {
          let rowEnd = x - layout.interitemSpacing + layout.sectionInset.right
          #expect(layout.maximumHorizontalOffset(ofSection: s) == max(0, rowEnd - width), "seed \(seed)")
        }
      }
      all += layout.layoutAttributesForElements(in: Rect(x: -1000, y: -10, width: 10000, height: 10000))
        .filter { $0.category != .item }
      for _ in 0..<10 {
        let rect = Rect(
          x: Double(Int.random(in: -5...Int(width), using: &rng)),
          y: Double(Int.random(in: -5...Int(layout.contentSize.height) + 5, using: &rng)),
          width: Double(Int.random(in: 1...60, using: &rng)), height: Double(Int.random(in: 1...20, using: &rng)))
        let expected = Set(all.filter { $0.frame.intersects(rect) }.map { "\($0.category) \($0.kind) \($0.indexPath)" })
        let got = layout.layoutAttributesForElements(in: rect).map { "\($0.category) \($0.kind) \($0.indexPath)" }
        #expect(Set(got) == expected && got.count == expected.count, "seed \(seed) rect \(rect)")
      }
    }
  }
}
