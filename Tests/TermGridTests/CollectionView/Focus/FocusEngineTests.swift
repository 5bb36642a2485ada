import GridLayout
import TermGridTesting
import Testing

@testable import TermGrid

/// The focus part alone: where a page goes, against a brute-force search of
/// every item, on random layouts; index order; the focused and remembered items.
@Suite struct FocusEngineTests {
  /// A random layout: items of random sizes scattered over the content
  /// (overlapping, in gaps, some hidden), with headers among them, or, in
  /// lines, rows (columns sideways) of random heights with random gaps.
  struct RandomLayout {
    var elements: [LayoutAttributes] = []
    var contentSize = Size.zero

    init(inLines: Bool, sideways: Bool, using rng: inout SplitMix64) {
      let sections = Int.random(in: 1...4, using: &rng)
      var along = 0.0
      let acrossExtent = Double(Int.random(in: 10...90, using: &rng))
      for s in 0..<sections {
        let count = Int.random(in: 0...40, using: &rng)
        var across = 0.0
        var lineDepth = 0.0
        for i in 0..<count {
          let w = Double(Int.random(in: 1...16, using: &rng))
          let h = Double(Int.random(in: 1...6, using: &rng))
          var frame: Rect
          if inLines {
            if across + w > acrossExtent, across > 0 {
              along += lineDepth + Double(Int.random(in: 0...2, using: &rng))
              across = 0
              lineDepth = 0
            }
            frame = Rect(x: across, y: along, width: w, height: h)
            across += w + Double(Int.random(in: 0...3, using: &rng))
            lineDepth = max(lineDepth, h)
          } else {
            frame = Rect(
              x: Double(Int.random(in: 0...Int(acrossExtent), using: &rng)),
              y: along + Double(Int.random(in: 0...30, using: &rng)), width: w, height: h)
          }
          if sideways { frame = Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) }
          var a = LayoutAttributes(forItemAt: IndexPath(item: i, section: s), frame: frame)
          a.isHidden = Int.random(in: 0..<20, using: &rng) == 0
          elements.append(a)
        }
        along += inLines ? lineDepth + 1 : 30
        let header = Rect(x: 0, y: along, width: acrossExtent, height: 1)
        elements.append(
          LayoutAttributes(
            forSupplementaryOfKind: .header, at: IndexPath(item: 0, section: s),
            frame: sideways ? Rect(x: header.minY, y: header.minX, width: 1, height: acrossExtent) : header))
        along += 1
      }
      let maxX = elements.map(\.frame.maxX).max() ?? 0
      let maxY = elements.map(\.frame.maxY).max() ?? 0
      contentSize = Size(width: max(maxX, 1), height: max(maxY, 1))
    }

    /// What a layout answers for a rect: the elements that share area with it.
    func elements(in rect: Rect) -> [LayoutAttributes] { elements.filter { $0.frame.intersects(rect) } }
  }

  /// Every item looked at: the nearest by the same measure, ties to the first index path.
  func bruteForce(
    _ layout: RandomLayout, from frame: Rect, down: Bool, page: Double, sideways: Bool, inLines: Bool, aspect: Double,
    isCandidate: (LayoutAttributes) -> Bool, canHighlight: (IndexPath) -> Bool
  ) -> IndexPath? {
    let along = sideways ? layout.contentSize.width : layout.contentSize.height
    let target = min(max(0, (sideways ? frame.midX : frame.midY) + (down ? page : -page)), max(0, along - 0.5))
    let weight = sideways ? 4.0 : aspect * 4
    let candidates = layout.elements.filter {
      $0.category == .item && !$0.isHidden && isCandidate($0) && canHighlight($0.indexPath)
    }
    return candidates.min { a, b in
      let ka = FocusEngine.pageKey(
        a.frame, target: target, across: sideways ? frame.midY : frame.midX,
        acrossLow: sideways ? frame.minY : frame.minX, acrossHigh: sideways ? frame.maxY : frame.maxX,
        sideways: sideways, inLines: inLines, alongWeight: weight)
      let kb = FocusEngine.pageKey(
        b.frame, target: target, across: sideways ? frame.midY : frame.midX,
        acrossLow: sideways ? frame.minY : frame.minX, acrossHigh: sideways ? frame.maxY : frame.maxX,
        sideways: sideways, inLines: inLines, alongWeight: weight)
      return ka < kb || (ka == kb && a.indexPath < b.indexPath)
    }?.indexPath
  }

  @Test(arguments: 0..<8)
  func aPageLandsWhereABruteForceSearchOfEveryItemDoes(seed: Int) {
    var rng = SplitMix64(seed: seed)
    var cases = 0
    var bandsAsked = 0
    var itemsLooked = 0
    for _ in 0..<250 {
      let inLines = Bool.random(using: &rng)
      let sideways = Bool.random(using: &rng)
      let layout = RandomLayout(inLines: inLines, sideways: sideways, using: &rng)
      let items = layout.elements.filter { $0.category == .item && !$0.isHidden }
      guard let origin = items.randomElement(using: &rng) else { continue }
      let page = Double(Int.random(in: 1...40, using: &rng))
      let aspect = [1.0, 2.0, 2.5].randomElement(using: &rng)!
      let down = Bool.random(using: &rng)
      // Some items refused (a delegate), some out of reach (another shelf scrolled away).
      let refusedSalt = Int.random(in: 0..<1000, using: &rng)
      let awaySalt = Int.random(in: 0..<1000, using: &rng)
      let canHighlight: (IndexPath) -> Bool = { ($0.item * 31 + $0.section * 7 + refusedSalt) % 6 != 0 }
      let isCandidate: (LayoutAttributes) -> Bool = { ($0.indexPath.item * 13 + awaySalt) % 9 != 0 }
      var asked: [IndexPath] = []
      let found = FocusEngine.pageTarget(
        from: origin.frame, down: down, page: page, sideways: sideways, inLines: inLines,
        contentSize: layout.contentSize, cellAspectRatio: aspect,
        elements: { rect in
          bandsAsked += 1
          let answer = layout.elements(in: rect)
          itemsLooked += answer.count
          return answer
        },
        isCandidate: isCandidate,
        canHighlight: {
          asked.append($0)
          return canHighlight($0)
        })
      let expected = bruteForce(
        layout, from: origin.frame, down: down, page: page, sideways: sideways, inLines: inLines, aspect: aspect,
        isCandidate: isCandidate, canHighlight: canHighlight)
      #expect(
        found == expected,
        "seed \(seed): \(inLines ? "lines" : "free"), \(sideways ? "sideways" : "down"), page \(page), from \(origin.indexPath)")
      #expect(asked.allSatisfy { p in items.contains { $0.indexPath == p } }, "the delegate is asked of items only")
      cases += 1
    }
    #expect(cases > 200)
    #expect(bandsAsked > cases, "the layout is asked for bands, not once for everything")
  }

  @Test func aPageAsksTheLayoutForAFewBandsNotTheWholeContent() {
    // A tall grid of 1,000 rows: a page from the top looks near the page, not at every row.
    var elements: [LayoutAttributes] = []
    for row in 0..<1000 {
      for column in 0..<5 {
        elements.append(
          LayoutAttributes(
            forItemAt: IndexPath(item: row * 5 + column, section: 0),
            frame: Rect(x: Double(column * 15), y: Double(row * 4), width: 14, height: 3)))
      }
    }
    var looked = 0
    let found = FocusEngine.pageTarget(
      from: elements[7].frame, down: true, page: 20, sideways: false, inLines: true,
      contentSize: Size(width: 75, height: 4000), cellAspectRatio: 2,
      elements: { rect in
        let answer = elements.filter { $0.frame.intersects(rect) }
        looked += answer.count
        return answer
      }, isCandidate: { _ in true }, canHighlight: { _ in true })
    // From row 1's middle (y 5.5) a page of 20 lands at 25.5: row 6 (y 24...27), the same column.
    #expect(found == IndexPath(item: 32, section: 0))
    #expect(looked < 100)
  }

  @Test func indexOrderSkipsRefusedItemsAndEmptySections() {
    let counts = [2, 0, 3, 0]
    let refused: Set<IndexPath> = [IndexPath(item: 0, section: 2)]
    let ok: (IndexPath) -> Bool = { !refused.contains($0) }
    let all = counts.enumerated().flatMap { s, n in (0..<n).map { IndexPath(item: $0, section: s) } }.filter(ok)
    // Forward and back from every item, and from before the first: the next in the list.
    for (i, p) in all.enumerated() {
      #expect(
        FocusEngine.nextInOrder(after: p, forward: true, itemCounts: counts, canHighlight: ok)
          == (i + 1 < all.count ? all[i + 1] : nil))
      #expect(
        FocusEngine.nextInOrder(after: p, forward: false, itemCounts: counts, canHighlight: ok)
          == (i > 0 ? all[i - 1] : nil))
    }
    #expect(
      FocusEngine.nextInOrder(after: IndexPath(item: -1, section: 2), forward: true, within: 2, itemCounts: counts, canHighlight: ok)
        == IndexPath(item: 1, section: 2))
    #expect(
      FocusEngine.nextInOrder(after: IndexPath(item: 1, section: 0), forward: true, within: 0, itemCounts: counts, canHighlight: ok)
        == nil)
  }

  @Test func takingTheFocusAwayRemembersItOnlyWhenAsked() {
    let focus = FocusEngine()
    let a = IndexPath(item: 3, section: 1)
    #expect(focus.focus(a) == nil)
    #expect(focus.focus(nil) == a && focus.rememberedFocus == nil)
    focus.focus(a)
    focus.focus(nil, remembering: true)
    #expect(focus.focusedIndexPath == nil && focus.rememberedFocus == a)
    // A batch moves it, then deletes it.
    focus.followRemembered { IndexPath(item: $0.item + 1, section: $0.section) }
    #expect(focus.rememberedFocus == IndexPath(item: 4, section: 1))
    focus.followRemembered { _ in nil }
    #expect(focus.rememberedFocus == nil)
  }
}
