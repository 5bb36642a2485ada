import TermGridTesting
import Testing

@testable import GridLayout

/// The flow layout's own answer to an arrow along a line (Left and Right in
/// rows, Up and Down in a horizontal flow's columns), from the line the item
/// stands in, against the stock search over rect queries, on random flow
/// layouts: uniform and sized, every alignment, spacing, insets, headers
/// and footers, both scroll directions, screens anywhere, refused items,
/// uniform items a fraction of a cell wide (their rounded edges can meet).
@Suite struct FlowLayoutFocusTests {
  /// Random item sizes, and nothing else of the delegate's.
  final class RandomSizes: FlowLayoutItemSizing {
    let sizes: [[Size]]
    init(_ sizes: [[Size]]) { self.sizes = sizes }
    func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
      sizes[indexPath.section][indexPath.item]
    }
  }

  static let alignments: [LineAlignment] = [.justified, .leading, .center, .trailing]

  /// A random flow layout, prepared, with the delegate (if any) that sizes its items.
  func randomLayout(using rng: inout SplitMix64) -> (FlowLayout, RandomSizes?, [Int]) {
    let counts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...30, using: &rng) }
    // Now and then a width in quarter cells: narrow items whose rounded edges meet.
    let width = Bool.random(using: &rng) ? Double(Int.random(in: 0...16, using: &rng)) : Double(Int.random(in: 0...12, using: &rng)) / 4
    let layout = FlowLayout(
      itemSize: Size(width: width, height: Double(Int.random(in: 0...5, using: &rng))),
      minimumInteritemSpacing: Double(Int.random(in: 0...3, using: &rng)),
      minimumLineSpacing: Double(Int.random(in: 0...2, using: &rng)),
      sectionInset: EdgeInsets(
        top: Double(Int.random(in: 0...2, using: &rng)), left: Double(Int.random(in: 0...4, using: &rng)),
        bottom: Double(Int.random(in: 0...2, using: &rng)), right: Double(Int.random(in: 0...4, using: &rng))),
      headerReferenceSize: Size(width: 1, height: Double(Int.random(in: 0...2, using: &rng))),
      footerReferenceSize: Size(width: 1, height: Double(Int.random(in: 0...1, using: &rng))),
      scrollDirection: Bool.random(using: &rng) ? .vertical : .horizontal,
      lineAlignment: Self.alignments.randomElement(using: &rng)!)
    layout.lastLineAlignment = [.columns, .sameAsOtherLines, .aligned(Self.alignments.randomElement(using: &rng)!)]
      .randomElement(using: &rng)!
    var sizing: RandomSizes?
    if Bool.random(using: &rng) {
      sizing = RandomSizes(
        counts.map { n in
          (0..<n).map { _ in
            Size(width: Double(Int.random(in: 0...20, using: &rng)), height: Double(Int.random(in: 0...6, using: &rng)))
          }
        })
      layout.delegate = sizing
    }
    let bounds = Size(width: Double(Int.random(in: 1...90, using: &rng)), height: Double(Int.random(in: 1...40, using: &rng)))
    layout.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
    return (layout, sizing, counts)
  }

  @Test(arguments: 0..<8)
  func anArrowAlongALineLandsWhereTheStockSearchDoes(seed: Int) {
    var rng = SplitMix64(seed: seed)
    var answered = 0
    var moved = 0
    for _ in 0..<250 {
      let (layout, sizing, counts) = randomLayout(using: &rng)
      _ = sizing
      let items = counts.enumerated().flatMap { s, n in (0..<n).map { IndexPath(item: $0, section: s) } }
      guard let from = items.randomElement(using: &rng) else { continue }
      // The screen anywhere over the content, or past it.
      let content = layout.contentSize
      let visible = Rect(
        x: Double(Int.random(in: -5...Int(content.width) + 5, using: &rng)),
        y: Double(Int.random(in: -5...Int(content.height) + 5, using: &rng)),
        width: Double(Int.random(in: 1...90, using: &rng)), height: Double(Int.random(in: 1...40, using: &rng)))
      let salt = Int.random(in: 0..<1000, using: &rng)
      let refuses = Int.random(in: 0...3, using: &rng)
      for direction in [FocusDirection.up, .down, .left, .right] {
        var fastAsked: [IndexPath] = []
        var stockAsked: Set<IndexPath> = []
        let canFocus: (IndexPath) -> Bool = { ($0.item * 31 + $0.section * 7 + salt) % 5 >= refuses }
        let fast = layout.targetIndexPath(
          forFocusMovingFrom: from, in: direction,
          context: FocusMoveContext(visibleRect: visible) {
            fastAsked.append($0)
            return canFocus($0)
          })
        let stock = FocusMoveContext(visibleRect: visible) {
          stockAsked.insert($0)
          return canFocus($0)
        }.nearestItem(from: from, direction, by: layout.focusNavigation, in: layout)
        #expect(
          fast == stock,
          "seed \(seed): \(layout.scrollDirection), \(sizing == nil ? "uniform" : "sized"), \(direction) from \(from)")
        #expect(Set(fastAsked).count == fastAsked.count, "each item is asked about once")
        let alongLine = layout.itemBesideInLine(from: from, direction, context: FocusMoveContext(visibleRect: visible))
        if alongLine != nil {
          answered += 1
          // Asked only about items the stock search asked about too.
          #expect(Set(fastAsked).isSubset(of: stockAsked))
          if stock != nil { moved += 1 }
        }
      }
    }
    #expect(answered > 450, "the line answers half the arrows (Left and Right, or Up and Down)")
    #expect(moved > 150, "and many of them move")
  }

  @Test func theLastItemOfARowFindsNothingWithoutAsking() {
    // Three cards a row; Right from the third, Left from the fourth.
    let layout = FlowLayout(itemSize: Size(width: 10, height: 3))
    layout.prepare(for: LayoutContext(itemCounts: [7], boundsSize: Size(width: 32, height: 20)))
    var asked = 0
    let context = FocusMoveContext(visibleRect: Rect(x: 0, y: 0, width: 32, height: 20)) { _ in
      asked += 1
      return true
    }
    #expect(layout.itemBesideInLine(from: IndexPath(item: 2, section: 0), .right, context: context) == .some(nil))
    #expect(layout.itemBesideInLine(from: IndexPath(item: 3, section: 0), .left, context: context) == .some(nil))
    #expect(asked == 0)
    #expect(layout.itemBesideInLine(from: IndexPath(item: 3, section: 0), .right, context: context) == IndexPath(item: 4, section: 0))
    #expect(asked == 1)
    // Down crosses lines: the stock search answers.
    #expect(layout.itemBesideInLine(from: IndexPath(item: 3, section: 0), .down, context: context) == nil)
  }
}
