import TermGridTesting
import Testing

@testable import GridLayout

/// Heights from a table.
final class TableHeights: WaterfallLayoutDelegate {
  let heights: [[Double]]
  init(_ heights: [[Double]]) { self.heights = heights }
  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    heights[indexPath.section][indexPath.item]
  }
}

@Suite struct WaterfallLayoutTests {
  func frames(_ layout: WaterfallLayout, section: Int, count: Int) -> [Rect] {
    (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame }
  }

  @Test func theSeedsTwoColumnsWithHeadersFootersAndInsets() {
    // Two columns in 21 cells with one cell between: 10 each; heights 5, 3, 4, 2, 6.
    let layout = WaterfallLayout(
      columns: .count(2), interColumnSpacing: 1, lineSpacing: 1, sectionInset: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0),
      headerHeight: 1, footerHeight: 1)
    let heights = TableHeights([[5, 3, 4, 2, 6], [2]])
    layout.delegate = heights
    layout.prepare(for: LayoutContext(itemCounts: [5, 1], boundsSize: Size(width: 21, height: 10)))
    #expect(layout.columnFrames.map(\.x) == [0, 11] && layout.columnFrames.map(\.width) == [10, 10])
    #expect(
      frames(layout, section: 0, count: 5) == [
        Rect(x: 0, y: 2, width: 10, height: 5),  // column 0 (both at 2: the left one)
        Rect(x: 11, y: 2, width: 10, height: 3),  // column 1
        Rect(x: 11, y: 6, width: 10, height: 4),  // column 1 ends at 5 (+1), column 0 at 7 (+1)
        Rect(x: 0, y: 8, width: 10, height: 2),  // column 0 at 8, column 1 at 11
        Rect(x: 0, y: 11, width: 10, height: 6),  // column 0 at 11, column 1 at 11: the left
      ])
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 0, y: 0, width: 21, height: 1))
    // The tallest column ends at 17; the inset, then the footer at 18.
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 0, y: 18, width: 21, height: 1))
    #expect(frames(layout, section: 1, count: 1) == [Rect(x: 0, y: 21, width: 10, height: 2)])
    #expect(layout.contentSize == Size(width: 21, height: 25))
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0)) == nil)
  }

  @Test func columnsFollowTheWidthAndLeftoverCellsWidenTheFirst() {
    let layout = WaterfallLayout(columns: .minimumWidth(20), interColumnSpacing: 2)
    #expect(layout.numberOfColumns(forWidth: 80) == 3)  // 3 x 20 + 2 x 2 = 64 <= 80 < 4 x 20 + 3 x 2
    #expect(layout.numberOfColumns(forWidth: 200) == 9)
    #expect(layout.numberOfColumns(forWidth: 10) == 1)
    layout.prepare(for: LayoutContext(itemCounts: [3], boundsSize: Size(width: 80, height: 24)))
    // 80 - 4 = 76 = 25 + 25 + 26 → 26, 25, 25.
    #expect(layout.columnFrames.map(\.width) == [26, 25, 25] && layout.columnFrames.map(\.x) == [0, 28, 55])
  }

  @Test func emptySectionsAndNoItems() {
    let layout = WaterfallLayout(headerHeight: 1, footerHeight: 1)
    layout.prepare(for: LayoutContext(itemCounts: [0, 0], boundsSize: Size(width: 40, height: 10)))
    #expect(layout.contentSize.height == 4)
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 40, height: 10)).count == 4)
  }

  @Test func propertiesOnRandomLayouts() {
    for seed in 0..<300 {
      var rng = SplitMix64(seed: seed)
      let columns: WaterfallLayout.Columns =
        Bool.random(using: &rng)
        ? .count(Int.random(in: 1...6, using: &rng)) : .minimumWidth(Double(Int.random(in: 4...30, using: &rng)))
      let layout = WaterfallLayout(
        columns: columns, interColumnSpacing: Double(Int.random(in: 0...3, using: &rng)),
        lineSpacing: Double(Int.random(in: 0...2, using: &rng)),
        sectionInset: EdgeInsets(
          top: Double(Int.random(in: 0...2, using: &rng)), left: Double(Int.random(in: 0...3, using: &rng)),
          bottom: Double(Int.random(in: 0...2, using: &rng)), right: Double(Int.random(in: 0...3, using: &rng))),
        headerHeight: Double(Int.random(in: 0...2, using: &rng)), footerHeight: Double(Int.random(in: 0...2, using: &rng)),
        scrollDirection: seed % 3 == 2 ? .horizontal : .vertical)
      // Horizontal: the same model turned on its side (x and y swapped).
      let horizontal = layout.scrollsHorizontally
      func upright(_ r: Rect) -> Rect { horizontal ? Rect(x: r.minY, y: r.minX, width: r.height, height: r.width) : r }
      let counts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) }
      let heights = TableHeights(counts.map { n in (0..<n).map { _ in Double(Int.random(in: 1...12, using: &rng)) } })
      layout.delegate = heights
      let width = Double(Int.random(in: 10...200, using: &rng))
      layout.prepare(
        for: LayoutContext(
          itemCounts: counts, boundsSize: horizontal ? Size(width: 30, height: width) : Size(width: width, height: 30)))

      var all: [LayoutAttributes] = []
      for (s, n) in counts.enumerated() {
        // Each item went under a column that was shortest at its turn (the leftmost of equals).
        let top = frames(layout, section: s, count: n).map { upright($0).minY }.min() ?? 0
        var ends = [Double](repeating: top, count: layout.columnFrames.count)
        for (i, actual) in frames(layout, section: s, count: n).enumerated() {
          let frame = upright(actual)
          let c = ends.indices.min { ends[$0] < ends[$1] || (ends[$0] == ends[$1] && $0 < $1) }!
          #expect(frame.minX == layout.columnFrames[c].x && frame.minY == ends[c], "seed \(seed) item \(s).\(i)")
          #expect(frame.height == heights.heights[s][i] && frame.width == layout.columnFrames[c].width)
          ends[c] = frame.maxY + layout.lineSpacing
          all.append(LayoutAttributes(forItemAt: IndexPath(item: i, section: s), frame: actual))
        }
        for kind in [ElementKind.header, .footer] {
          if let a = layout.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: s)) {
            all.append(a)
          }
        }
      }
      // Columns never overlap, nothing overlaps, everything lies in the content.
      for (a, b) in zip(layout.columnFrames, layout.columnFrames.dropFirst()) { #expect(a.x + a.width <= b.x) }
      for (i, a) in all.enumerated() {
        #expect(a.frame.maxY <= layout.contentSize.height && a.frame.maxX <= layout.contentSize.width)
        #expect(a.frame.minX >= 0 && a.frame.minY >= 0)
        for b in all[(i + 1)...] where a.frame.intersects(b.frame) {
          Issue.record("seed \(seed): \(a.indexPath) \(a.kind) overlaps \(b.indexPath) \(b.kind)")
        }
      }
      // Rect queries equal a brute-force scan.
      for _ in 0..<10 {
        let rect = Rect(
          x: Double(Int.random(in: -5...Int(layout.contentSize.width) + 5, using: &rng)),
          y: Double(Int.random(in: -5...Int(layout.contentSize.height) + 5, using: &rng)),
          width: Double(Int.random(in: 1...60, using: &rng)), height: Double(Int.random(in: 1...40, using: &rng)))
        let expected = Set(all.filter { $0.frame.intersects(rect) }.map { "\($0.kind) \($0.indexPath)" })
        let got = layout.layoutAttributesForElements(in: rect).map { "\($0.kind) \($0.indexPath)" }
        #expect(Set(got) == expected && got.count == expected.count, "seed \(seed) rect \(rect)")
      }
    }
  }
}

@Suite struct HorizontalWaterfallTests {
  @Test func rowsInsteadOfColumnsWithFullHeightHeadersAndFooters() {
    // Two rows in 11 cells with one between: 5 each; widths 6, 3, 4; a header 2 wide.
    let layout = WaterfallLayout(columns: .count(2), interColumnSpacing: 1, headerHeight: 2, footerHeight: 1, scrollDirection: .horizontal)
    let widths = TableHeights([[6, 3, 4]])
    layout.delegate = widths
    layout.prepare(for: LayoutContext(itemCounts: [3], boundsSize: Size(width: 40, height: 11)))
    defer { withExtendedLifetime(widths) {} }
    #expect(layout.scrollsHorizontally)
    let frames = (0..<3).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
    #expect(
      frames == [
        Rect(x: 2, y: 0, width: 6, height: 5), Rect(x: 2, y: 6, width: 3, height: 5), Rect(x: 5, y: 6, width: 4, height: 5),
      ])
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 0, y: 0, width: 2, height: 11))
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 9, y: 0, width: 1, height: 11))
    #expect(layout.contentSize == Size(width: 10, height: 11))
    #expect(layout.layoutAttributesForElements(in: Rect(x: 8, y: 6, width: 5, height: 5)).map(\.kind) == [.cell, .footer])
  }
}
