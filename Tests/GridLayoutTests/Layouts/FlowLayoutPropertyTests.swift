import PropertyBased
import TermGridTesting
import Testing

@testable import GridLayout

final class RandomSizing: FlowLayoutItemSizing {
  let sizes: [[Size]]
  init(_ sizes: [[Size]]) { self.sizes = sizes }
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
    sizes[indexPath.section][indexPath.item]
  }
}

struct Scenario {
  let layout: FlowLayout
  let counts: [Int]
  let sizing: RandomSizing?

  init(seed: Int, forceSizing: Bool? = nil) {
    var rng = SplitMix64(seed: seed)
    let layout = FlowLayout()
    layout.scrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
    layout.itemSize = Size(width: Double(Int.random(in: 1...30, using: &rng)), height: Double(Int.random(in: 1...8, using: &rng)))
    layout.minimumInteritemSpacing = Double(Int.random(in: 0...3, using: &rng))
    layout.minimumLineSpacing = Double(Int.random(in: 0...2, using: &rng))
    layout.sectionInset = EdgeInsets(
      top: Double(Int.random(in: 0...2, using: &rng)), left: Double(Int.random(in: 0...3, using: &rng)),
      bottom: Double(Int.random(in: 0...2, using: &rng)), right: Double(Int.random(in: 0...3, using: &rng)))
    layout.headerReferenceSize = Size(width: Double(Int.random(in: 0...3, using: &rng)), height: Double(Int.random(in: 0...2, using: &rng)))
    layout.footerReferenceSize = Size(width: Double(Int.random(in: 0...2, using: &rng)), height: Double(Int.random(in: 0...2, using: &rng)))
    layout.lineAlignment = LineAlignment.allCases.randomElement(using: &rng)!
    layout.lastLineAlignment = [.columns, .sameAsOtherLines, .aligned(.center)].randomElement(using: &rng)!
    let counts = (0..<Int.random(in: 1...5, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) }
    let useSizing = forceSizing ?? Bool.random(using: &rng)
    var sizing: RandomSizing?
    if useSizing {
      sizing = RandomSizing(
        counts.map { n in
          (0..<n).map { _ in Size(width: Double(Int.random(in: 1...40, using: &rng)), height: Double(Int.random(in: 1...6, using: &rng))) }
        })
      layout.delegate = sizing
    }
    let bounds = Size(width: Double(Int.random(in: 1...120, using: &rng)), height: Double(Int.random(in: 1...50, using: &rng)))
    layout.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
    self.layout = layout
    self.counts = counts
    self.sizing = sizing
  }

  /// Every element, found one by one (the brute-force model for rect queries).
  var allElements: [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for (s, n) in counts.enumerated() {
      let path = IndexPath(item: 0, section: s)
      if let h = layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: path) { result.append(h) }
      for i in 0..<n { result.append(layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!) }
      if let f = layout.layoutAttributesForSupplementaryElement(ofKind: .footer, at: path) { result.append(f) }
    }
    return result
  }
}

@Suite struct FlowLayoutPropertyTests {
  @Test func itemsLieInsideTheContentAndNeverOverlap() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000)) { seed in
      let scenario = Scenario(seed: seed)
      let content = Rect(origin: .zero, size: scenario.layout.contentSize)
      let items = scenario.allElements.filter { $0.category == .item }
      #expect(items.count == scenario.counts.reduce(0, +))
      for a in items {
        #expect(content.contains(a.frame), "\(a) outside \(content) (seed \(seed))")
      }
      let visible = items.filter { !$0.frame.isEmpty }
      for i in visible.indices {
        for j in visible.indices where j > i {
          #expect(!visible[i].frame.intersects(visible[j].frame), "\(visible[i]) overlaps \(visible[j]) (seed \(seed))")
        }
      }
    }
  }

  @Test func rectQueriesMatchABruteForceScan() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000)) { seed in
      let scenario = Scenario(seed: seed)
      var rng = SplitMix64(seed: seed &+ 17)
      let content = scenario.layout.contentSize
      let all = scenario.allElements
      for _ in 0..<8 {
        let rect = Rect(
          x: Double(Int.random(in: -5...Int(content.width) + 5, using: &rng)),
          y: Double(Int.random(in: -5...Int(content.height) + 5, using: &rng)),
          width: Double(Int.random(in: 0...60, using: &rng)), height: Double(Int.random(in: 0...30, using: &rng)))
        let expected = Set(all.filter { $0.frame.intersects(rect) })
        let actual = scenario.layout.layoutAttributesForElements(in: rect)
        #expect(actual.count == expected.count, "seed \(seed) rect \(rect)")
        #expect(Set(actual) == expected, "seed \(seed) rect \(rect)")
      }
    }
  }

  /// The arithmetic grid and the per-item line breaker are two implementations
  /// of the same rules: with every item the same size they must agree.
  @Test func uniformGridAgreesWithPerItemSizing() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000)) { seed in
      let grid = Scenario(seed: seed, forceSizing: false)
      let sized = Scenario(seed: seed, forceSizing: false)
      let sizing = RandomSizing(grid.counts.map { [Size](repeating: grid.layout.itemSize, count: $0) })
      sized.layout.delegate = sizing
      let context = LayoutContext(itemCounts: grid.counts, boundsSize: grid.layout.visibleBoundsSize)
      sized.layout.prepare(for: context)
      #expect(sized.layout.contentSize == grid.layout.contentSize, "seed \(seed)")
      #expect(sized.allElements == grid.allElements, "seed \(seed)")
      withExtendedLifetime(sizing) {}
    }
  }
}
