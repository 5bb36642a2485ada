import TermGridTesting
import Testing

@testable import TermGrid

@Suite struct SelectionStateTests {
  @Test func aRangeRunsInIndexOrderAcrossSectionsEitherWay() {
    let counts = [3, 0, 2]
    let forward = SelectionState.indexPaths(
      from: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 2), itemCounts: counts)
    #expect(forward == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0), IndexPath(item: 0, section: 2)])
    let backward = SelectionState.indexPaths(
      from: IndexPath(item: 0, section: 2), to: IndexPath(item: 1, section: 0), itemCounts: counts)
    #expect(backward == forward)
  }

  @Test func rangesMatchAScanOfEveryItem() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<300 {
      let counts = (0..<Int(rng.next() % 5 + 1)).map { _ in Int(rng.next() % 4) }
      let all = counts.indices.flatMap { s in (0..<counts[s]).map { IndexPath(item: $0, section: s) } }
      guard let a = all.randomElement(using: &rng), let b = all.randomElement(using: &rng) else { continue }
      let expected = all.filter { $0 >= min(a, b) && $0 <= max(a, b) }
      #expect(SelectionState.indexPaths(from: a, to: b, itemCounts: counts) == expected)
    }
  }

  @Test func aRangeKeepsWhatWasSelectedOutsideItWhenItBegan() {
    var state = SelectionState(items: [IndexPath(item: 0, section: 1)])
    let (wanted, anchor) = state.rangeSelection(
      from: IndexPath(item: 1, section: 0), to: IndexPath(item: 2, section: 0), itemCounts: [4, 2])
    #expect(wanted == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0), IndexPath(item: 0, section: 1)])
    #expect(anchor.indexPath == IndexPath(item: 1, section: 0))
    state.removeAll()
    for p in wanted { state.insert(p) }
    state.setAnchor(anchor)
    // Shrinking the range later starts from the same anchor and base.
    let (shrunk, _) = state.rangeSelection(
      from: IndexPath(item: 3, section: 0), to: IndexPath(item: 1, section: 0), itemCounts: [4, 2])
    #expect(shrunk == [IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 1)])
  }

  @Test func keepingValidItemsForgetsTheAnchor() {
    var state = SelectionState(items: [IndexPath(item: 0, section: 0), IndexPath(item: 5, section: 0)])
    state.setAnchor((IndexPath(item: 0, section: 0), []))
    state.keep { $0.item < 3 }
    #expect(state.items == [IndexPath(item: 0, section: 0)])
    #expect(state.anchor == nil)
  }
}

@Suite struct SelectionStateChangeTests {
  @Test func insertAndRemoveSayWhetherAnythingChanged() {
    var state = SelectionState()
    let p = IndexPath(item: 2, section: 0)
    #expect(state.insert(p) && !state.insert(p))
    #expect(state.remove(p) && !state.remove(p))
    #expect(state.items.isEmpty)
  }

  @Test func aBatchUpdateMovesTheItemsDropsTheDeletedAndForgetsTheAnchor() {
    var state = SelectionState(items: [IndexPath(item: 0, section: 0), IndexPath(item: 3, section: 0)])
    state.setAnchor((IndexPath(item: 0, section: 0), []))
    // Item 0 deleted, the rest one place up.
    state.follow { $0.item == 0 ? nil : IndexPath(item: $0.item - 1, section: $0.section) }
    #expect(state.items == [IndexPath(item: 2, section: 0)])
    #expect(state.anchor == nil)
  }
}
