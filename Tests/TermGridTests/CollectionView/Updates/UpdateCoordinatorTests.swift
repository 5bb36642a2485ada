import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// The updates part alone, and through a view: in which order completions are told, and with what.
@Suite struct UpdateCoordinatorTests {
  /// An animation of nothing that runs for a second from time 0.
  func animation(_ completions: [(Bool) -> Void]) -> LayoutTransition {
    LayoutTransition(start: 0, duration: 1, curve: .linear, tracks: [], completions: completions)
  }

  @Test func aBatchGivesItsOwnCompletionFirstThenTheNestedOnesInTheirOrder() {
    let updates = UpdateCoordinator()
    var told: [String] = []
    #expect(!updates.isCollectingBatch)
    updates.beginBatch(completion: { told.append("outer \($0)") })
    #expect(updates.isCollectingBatch)
    updates.addNestedCompletion { told.append("first nested \($0)") }
    updates.addNestedCompletion(nil)
    updates.addNestedCompletion { told.append("second nested \($0)") }
    var insert = BatchUpdate()
    insert.insertedItems = [IndexPath(item: 0, section: 0)]
    var delete = BatchUpdate()
    delete.deletedItems = [IndexPath(item: 3, section: 1)]
    updates.record(insert)
    updates.record(delete)
    let (update, completions) = updates.endBatch()
    #expect(!updates.isCollectingBatch && updates.pendingCompletions.isEmpty)
    #expect(update.insertedItems == [IndexPath(item: 0, section: 0)])
    #expect(update.deletedItems == [IndexPath(item: 3, section: 1)])
    #expect(told.isEmpty, "collecting tells no one")
    for c in completions { c(true) }
    #expect(told == ["outer true", "first nested true", "second nested true"])
  }

  @Test func aBatchWithoutACompletionStillGivesTheNestedOnes() {
    let updates = UpdateCoordinator()
    var told: [Int] = []
    updates.beginBatch(completion: nil)
    updates.addNestedCompletion { _ in told.append(1) }
    updates.addNestedCompletion { _ in told.append(2) }
    for c in updates.endBatch().completions { c(false) }
    #expect(told == [1, 2])
    // Nothing is left for the next batch.
    updates.beginBatch(completion: nil)
    #expect(updates.endBatch().completions.isEmpty)
  }

  @Test func anAnimationEndingTellsItsCompletionsInOrderAfterTheStateIsCleared() {
    let updates = UpdateCoordinator()
    var told: [String] = []
    func completion(_ name: String) -> (Bool) -> Void {
      { [unowned updates] finished in
        // Each is told after the part forgot the animation, so it may start another.
        told.append("\(name) \(finished) \(updates.transition == nil)")
      }
    }
    updates.begin(animation([completion("a"), completion("b")]))
    updates.addCompletionToRunningAnimation(completion("c"))
    #expect(updates.isRunningOnClock)
    #expect(updates.endTransition(finished: false))
    #expect(told == ["a false true", "b false true", "c false true"])
    #expect(!updates.endTransition(finished: true), "nothing runs any more")
    #expect(told.count == 3)
  }

  @Test func aHeldInteractiveTransitionCutShortIsToldFirstThenTheAnimation() {
    let updates = UpdateCoordinator()
    var told: [String] = []
    updates.begin(animation([{ told.append("animation \($0)") }]))
    let interactive = InteractiveTransition(
      oldLayout: FlowLayout(), oldOffset: .zero, oldFocus: nil,
      completion: { [unowned updates] completed, finished in
        told.append("interactive \(completed) \(finished) \(updates.interactiveTransition == nil)")
      })
    let extent = ScrollExtent(offset: .zero, contentSize: Size(width: 10, height: 10))
    updates.holdForInteraction(interactive, scrolling: extent, to: extent)
    #expect(!updates.isRunningOnClock && updates.transitionProgress == 0)
    #expect(updates.setTransitionProgress(0.5) && !updates.setTransitionProgress(0.5))
    #expect(updates.transitionProgress == 0.5)
    #expect(!updates.completeForInput(isMovingItem: false), "a key does not end what the app holds")
    updates.endTransition(finished: true)
    #expect(told == ["interactive true false true", "animation true"])
    #expect(updates.transition == nil && updates.transitionProgress == 0)
  }

  @Test func aKeyBeforeTheFirstFrameHoldsAnimationsUntilTheNextFrame() {
    let updates = UpdateCoordinator()
    updates.begin(animation([]))
    #expect(!updates.completeForInput(isMovingItem: true), "an item being moved keeps its animation")
    #expect(updates.completeForInput(isMovingItem: false))
    #expect(updates.holdsAnimationsUntilNextFrame)
    updates.didDrawFrame()
    #expect(!updates.holdsAnimationsUntilNextFrame)
    updates.didDrawAnimationFrame()
    #expect(updates.completeForInput(isMovingItem: false))
    #expect(!updates.holdsAnimationsUntilNextFrame, "an animation that drew a frame ends alone")
  }

  @Test func nestedBatchesThroughAViewAreToldOuterFirstAndACutShortOneFalse() throws {
    let (view, data) = makeGrid([6])
    let clock = ManualAnimationClock()
    view.clock = clock
    var told: [String] = []
    try view.performBatchUpdates(
      {
        data.counts[0] += 1
        try view.insertItems(at: [IndexPath(item: 6, section: 0)])
        try view.performBatchUpdates(
          {
            data.counts[0] += 1
            try view.insertItems(at: [IndexPath(item: 7, section: 0)])
          }, completion: { told.append("inner \($0)") })
        try view.performBatchUpdates({}, completion: { told.append("second inner \($0)") })
      }, completion: { told.append("outer \($0)") })
    #expect(view.isAnimating && told.isEmpty && view.numberOfItems(inSection: 0) == 8)
    // Another batch cuts the first short: its completions are told false, in the same order.
    try view.performBatchUpdates(
      {
        data.counts[0] -= 1
        try view.deleteItems(at: [IndexPath(item: 0, section: 0)])
      }, completion: { told.append("next \($0)") })
    #expect(told == ["outer false", "inner false", "second inner false"])
    clock.advance(by: view.animationDuration * 2)
    var surface = Surface(width: 80, height: 24)
    view.draw(into: &surface)
    #expect(told == ["outer false", "inner false", "second inner false", "next true"])
    // Not animated: told at once, in the same order.
    told = []
    try view.performBatchUpdates(
      {
        try view.performBatchUpdates({}, completion: { told.append("inner \($0)") })
      }, animated: false, completion: { told.append("outer \($0)") })
    #expect(told == ["outer true", "inner true"])
  }
}
