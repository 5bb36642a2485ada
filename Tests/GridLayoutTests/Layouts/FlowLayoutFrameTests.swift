import Testing

@testable import GridLayout

/// Exact frames for the seed documents' flow-layout settings, translated to
/// cells at about 8 points a column and 16 points a row.
@Suite struct FlowLayoutFrameTests {
  func items(_ layout: FlowLayout, section: Int = 0, count: Int) -> [Rect] {
    (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame }
  }

  @Test func theCommonInitializerSetsAlignmentAndPinning() {
    let layout = FlowLayout(
      itemSize: Size(width: 10, height: 3), headerReferenceSize: Size(width: 0, height: 1), lineAlignment: .leading,
      sectionHeadersPinToVisibleBounds: true)
    #expect(layout.lineAlignment == .leading && layout.sectionHeadersPinToVisibleBounds)
    layout.prepare(for: LayoutContext(itemCounts: [3], boundsSize: Size(width: 80, height: 24)))
    // Packed at the left: 0, 11, 22 (justified would spread them to the edges).
    #expect((0..<3).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.minX } == [0, 11, 22])
    let defaults = FlowLayout(itemSize: Size(width: 10, height: 3))
    #expect(defaults.lineAlignment == .justified && !defaults.sectionHeadersPinToVisibleBounds)
  }

  /// Seed 002: itemSize 100x100, line spacing 30, interitem 10 -> 12x6, 2, 1.
  @Test func justifiedLinesSpreadLeftoverOverGapsAndLastLineKeepsColumns() {
    let layout = FlowLayout(itemSize: Size(width: 12, height: 6), minimumInteritemSpacing: 1, minimumLineSpacing: 2)
    layout.prepare(for: LayoutContext(itemCounts: [10], boundsSize: Size(width: 80, height: 24)))
    // 6 per line; leftover 3 cells over 5 gaps: gap 1.6 -> 0, 13.6, 27.2, 40.8, 54.4, 68 rounded.
    let xs: [Double] = [0, 14, 27, 41, 54, 68]
    var expected: [Rect] = xs.map { Rect(x: $0, y: 0, width: 12, height: 6) }
    expected += xs.prefix(4).map { Rect(x: $0, y: 8, width: 12, height: 6) }
    #expect(items(layout, count: 10) == expected)
    #expect(layout.contentSize == Size(width: 80, height: 14))
    #expect(expected[5].maxX == 80)  // flush at the trailing edge
  }

  @Test func aSingleItemLineIsCentred() {
    let layout = FlowLayout(itemSize: Size(width: 12, height: 6))
    layout.prepare(for: LayoutContext(itemCounts: [1], boundsSize: Size(width: 80, height: 24)))
    #expect(items(layout, count: 1) == [Rect(x: 34, y: 0, width: 12, height: 6)])
  }

  /// Seed 000: sectionInset (0, 2, 0, 0), headers and footers ("author has N books").
  @Test func headersAndFootersSpanTheFullWidthIgnoringInsets() {
    let layout = FlowLayout(
      itemSize: Size(width: 15, height: 5), minimumInteritemSpacing: 1,
      sectionInset: EdgeInsets(left: 2), headerReferenceSize: Size(width: 0, height: 1),
      footerReferenceSize: Size(width: 0, height: 1))
    layout.prepare(for: LayoutContext(itemCounts: [3, 1], boundsSize: Size(width: 40, height: 20)))
    // Available 38: two per line, leftover 7 -> gap 8.
    #expect(
      items(layout, section: 0, count: 3) == [
        Rect(x: 2, y: 1, width: 15, height: 5), Rect(x: 25, y: 1, width: 15, height: 5),
        Rect(x: 2, y: 6, width: 15, height: 5),
      ])
    // One item alone in its section: centred in 38 cells after the inset (13.5 rounds to 14).
    #expect(items(layout, section: 1, count: 1) == [Rect(x: 14, y: 13, width: 15, height: 5)])
    func supplementary(_ kind: ElementKind, _ s: Int) -> Rect? {
      layout.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: s))?.frame
    }
    #expect(supplementary(.header, 0) == Rect(x: 0, y: 0, width: 40, height: 1))
    #expect(supplementary(.footer, 0) == Rect(x: 0, y: 11, width: 40, height: 1))
    #expect(supplementary(.header, 1) == Rect(x: 0, y: 12, width: 40, height: 1))
    #expect(supplementary(.footer, 1) == Rect(x: 0, y: 18, width: 40, height: 1))
    #expect(layout.contentSize == Size(width: 40, height: 19))
  }

  @Test func horizontalScrollingMakesLinesColumnsAndHeadersFullHeight() {
    let layout = FlowLayout(
      itemSize: Size(width: 6, height: 3), minimumInteritemSpacing: 1, minimumLineSpacing: 2,
      headerReferenceSize: Size(width: 4, height: 0), scrollDirection: .horizontal)
    layout.prepare(for: LayoutContext(itemCounts: [5], boundsSize: Size(width: 30, height: 10)))
    // Columns hold 2 items (3 + 1 + 3 <= 10); leftover 3 -> gap 4: y 0 and 7.
    #expect(
      items(layout, count: 5) == [
        Rect(x: 4, y: 0, width: 6, height: 3), Rect(x: 4, y: 7, width: 6, height: 3),
        Rect(x: 12, y: 0, width: 6, height: 3), Rect(x: 12, y: 7, width: 6, height: 3),
        Rect(x: 20, y: 0, width: 6, height: 3),
      ])
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 0, y: 0, width: 4, height: 10))
    #expect(layout.contentSize == Size(width: 26, height: 10))
  }

  @Test(arguments: [
    (LineAlignment.leading, [0.0, 13, 26, 39, 52, 65]),
    (.center, [2, 15, 28, 41, 54, 67]),  // leftover 3 -> 1.5 rounds away from zero
    (.trailing, [3, 16, 29, 42, 55, 68]),
    (.justified, [0, 14, 27, 41, 54, 68]),
  ])
  func lineAlignments(alignment: LineAlignment, xs: [Double]) {
    let layout = FlowLayout(itemSize: Size(width: 12, height: 2))
    layout.lineAlignment = alignment
    layout.prepare(for: LayoutContext(itemCounts: [6], boundsSize: Size(width: 80, height: 24)))
    #expect(items(layout, count: 6).map(\.minX) == xs)
  }

  @Test func lastLineAlignmentOptions() {
    let layout = FlowLayout(itemSize: Size(width: 12, height: 2))
    layout.prepare(for: LayoutContext(itemCounts: [8], boundsSize: Size(width: 80, height: 24)))
    #expect(items(layout, count: 8).suffix(2).map(\.minX) == [0, 14])
    layout.lastLineAlignment = .sameAsOtherLines
    layout.prepare(for: LayoutContext(itemCounts: [8], boundsSize: Size(width: 80, height: 24)))
    #expect(items(layout, count: 8).suffix(2).map(\.minX) == [0, 68])
    layout.lastLineAlignment = .aligned(.trailing)
    layout.prepare(for: LayoutContext(itemCounts: [8], boundsSize: Size(width: 80, height: 24)))
    #expect(items(layout, count: 8).suffix(2).map(\.minX) == [55, 68])
  }

  final class Sizes: FlowLayoutItemSizing {
    var sizes: [[Size]]
    var insets: [Int: EdgeInsets] = [:]
    init(_ sizes: [[Size]]) { self.sizes = sizes }
    func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
      sizes[indexPath.section][indexPath.item]
    }
    func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? { insets[section] }
  }

  /// Seed 002's delegate: some items 50x50, others 100x100 -> 6x3 and 12x6.
  @Test func delegateSizesBreakGreedilyAndCentreShortItemsInTheirLine() {
    let small = Size(width: 6, height: 3)
    let big = Size(width: 12, height: 6)
    let sizing = Sizes([[big, small, big, small, big]])
    let layout = FlowLayout(itemSize: .zero)
    layout.delegate = sizing
    layout.prepare(for: LayoutContext(itemCounts: [5], boundsSize: Size(width: 30, height: 24)))
    // Line 1: 12 + 1 + 6 = 19, + 1 + 12 = 32 > 30 -> [big, small]; leftover 11 -> gap 12.
    // Line 2: [big, small, big]? 12+1+6+1+12 = 32 > 30 -> [big, small]; last line [big] alone.
    #expect(
      items(layout, count: 5) == [
        Rect(x: 0, y: 0, width: 12, height: 6), Rect(x: 24, y: 1, width: 6, height: 3),
        Rect(x: 0, y: 6, width: 12, height: 6), Rect(x: 24, y: 7, width: 6, height: 3),
        // Last line padded with copies of itself: two 12-wide fit (25), justified -> column 0.
        Rect(x: 0, y: 12, width: 12, height: 6),
      ])
  }

  @Test func anItemWiderThanTheLineSitsAloneClipped() {
    let sizing = Sizes([[Size(width: 5, height: 1), Size(width: 100, height: 2), Size(width: 5, height: 1)]])
    let layout = FlowLayout()
    layout.delegate = sizing
    layout.prepare(for: LayoutContext(itemCounts: [3], boundsSize: Size(width: 20, height: 10)))
    let frames = items(layout, count: 3)
    #expect(frames[1] == Rect(x: 0, y: 1, width: 20, height: 2))
    #expect(frames[0].minY == 0 && frames[2].minY == 3)
    // Uniform items wider than the view: clipped too.
    let wide = FlowLayout(itemSize: Size(width: 50, height: 2))
    wide.prepare(for: LayoutContext(itemCounts: [2], boundsSize: Size(width: 20, height: 10)))
    #expect(items(wide, count: 2) == [Rect(x: 0, y: 0, width: 20, height: 2), Rect(x: 0, y: 2, width: 20, height: 2)])
  }

  @Test func degenerateBoundsNeverCrash() {
    for size in [Size(width: 0, height: 0), Size(width: 2, height: 2), Size(width: 1, height: 50)] {
      let layout = FlowLayout(
        itemSize: Size(width: 14, height: 3), sectionInset: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2),
        headerReferenceSize: Size(width: 0, height: 1))
      layout.prepare(for: LayoutContext(itemCounts: [3, 0, 5], boundsSize: size))
      let all = layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.contentSize))
      #expect(all.filter { $0.category == .supplementary }.count == 3)
      #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 2)) == nil)
      #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 3)) == nil)
    }
  }

  @Test func pinnedHeaderSticksUntilTheNextSectionPushesItOff() {
    let layout = FlowLayout(
      itemSize: Size(width: 10, height: 3), headerReferenceSize: Size(width: 0, height: 1),
      footerReferenceSize: Size(width: 0, height: 1))
    layout.sectionHeadersPinToVisibleBounds = true
    // 20 wide: one item per line. Section 0: header 0, items 1..<10, footer 10 -> ends at 11.
    layout.prepare(for: LayoutContext(itemCounts: [3, 3], boundsSize: Size(width: 20, height: 5)))
    func header(_ s: Int, scrolledTo y: Double) -> LayoutAttributes? {
      let bounds = Rect(x: 0, y: y, width: 20, height: 5)
      layout.invalidateLayout(forBoundsChange: bounds)
      return layout.layoutAttributesForElements(in: bounds).first { $0.kind == .header && $0.indexPath.section == s }
    }
    #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 3, width: 20, height: 5)))
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 20, height: 5)))
    #expect(header(0, scrolledTo: 0)?.frame.minY == 0)
    #expect(header(0, scrolledTo: 4)?.frame.minY == 4)
    #expect(header(0, scrolledTo: 4)?.zIndex == layout.pinnedHeaderZIndex)
    #expect(header(0, scrolledTo: 10)?.frame.minY == 10)  // pushed: section 0 ends at 11
    #expect(header(1, scrolledTo: 10)?.frame.minY == 11)
    #expect(header(0, scrolledTo: 12) == nil)
    #expect(header(1, scrolledTo: 12)?.frame.minY == 12)
  }

  @Test func rectQueriesReturnOnlyWhatIntersects() {
    let layout = FlowLayout(itemSize: Size(width: 14, height: 3), headerReferenceSize: Size(width: 0, height: 1))
    layout.prepare(for: LayoutContext(itemCounts: [10_000, 1000], boundsSize: Size(width: 200, height: 60)))
    // 13 per line; lines start at 1 + 3k, so 301..<361 holds exactly 20 lines.
    let page = layout.layoutAttributesForElements(in: Rect(x: 0, y: 301, width: 200, height: 60))
    #expect(page.count == 13 * 20)
    #expect(page.first?.indexPath == IndexPath(item: 1300, section: 0))
    // One more cell up catches the bottom row of the line above too.
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 300, width: 200, height: 60)).count == 13 * 21)
    // A narrow rect: one column.
    #expect(
      layout.layoutAttributesForElements(in: Rect(x: 16, y: 301, width: 3, height: 3)).map(\.indexPath) == [
        IndexPath(item: 1301, section: 0)
      ])
  }
}
