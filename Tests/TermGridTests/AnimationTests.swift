import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

@Suite struct AnimationTests {
  func frame(_ view: CollectionView) -> [String] {
    var s = Surface(width: 60, height: 16)
    view.draw(into: &s)
    return s.lines
  }

  @Test func firstFrameIsTheOldLayoutLastIsTheNewMiddleIsNeither() throws {
    let (view, model, clock) = makeIDView([[1, 2, 3, 4, 5, 6, 7, 8]])
    let old = frame(view)
    try view.performBatchUpdates {
      model.sections[0].remove(at: 0)
      try view.deleteItems(at: [IndexPath(item: 0, section: 0)])
    }
    #expect(view.isAnimating && view.needsDisplay)
    #expect(frame(view) == old)  // t = 0: what was on screen, footer count included
    clock.advance(by: view.animationDuration / 2)
    let middle = frame(view)
    clock.advance(by: view.animationDuration)
    let last = frame(view)
    #expect(!view.isAnimating)
    let (fresh, freshModel, _) = makeIDView(model.sections)
    #expect(last == frame(fresh))
    #expect(middle != old && middle != last)
    #expect(last.joined().contains("footer has 7") && old.joined().contains("footer has 8"))
    withExtendedLifetime(freshModel) {}
  }

  @Test func anInterruptedAnimationContinuesFromWhatIsOnScreen() throws {
    let (view, model, clock) = makeIDView([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]])
    var results: [Bool] = []
    try view.performBatchUpdates(
      {
        model.sections[0].removeFirst(2)
        try view.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
      }, completion: { results.append($0) })
    clock.advance(by: view.animationDuration * 0.4)
    let before = frame(view)
    try view.performBatchUpdates(
      {
        model.sections[0].insert(99, at: 0)
        try view.insertItems(at: [IndexPath(item: 0, section: 0)])
      }, completion: { results.append($0) })
    #expect(results == [false])  // the first was cut short
    #expect(frame(view) == before)  // no jump, no flash
    clock.advance(by: view.animationDuration * 0.5)
    let moving = frame(view)
    #expect(moving != before)
    clock.advance(by: view.animationDuration)
    let last = frame(view)
    #expect(results == [false, true])
    let (fresh, freshModel, _) = makeIDView(model.sections)
    #expect(last == frame(fresh))
    withExtendedLifetime(freshModel) {}
  }

  @Test func aLayoutChangeAnimatesEveryVisibleElementAndKeepsTheFocusInView() throws {
    let (view, model, clock) = makeIDView([Array(1...40)])
    view.focusItem(at: IndexPath(item: 20, section: 0))
    let old = frame(view)
    let list = FlowLayout(itemSize: Size(width: 40, height: 3), headerReferenceSize: Size(width: 0, height: 1))
    view.setLayout(list, animated: true)
    #expect(frame(view) == old)
    clock.advance(by: view.animationDuration / 2)
    let middle = frame(view)
    clock.advance(by: view.animationDuration)
    let last = frame(view)
    #expect(middle != old && middle != last)
    #expect(view.indexPathsForVisibleItems.contains(IndexPath(item: 20, section: 0)))
    #expect(last.joined().contains("#21"))
    withExtendedLifetime(model) {}
  }

  @Test func theRunLoopDrawsFramesWhileAnimatingAndThenBlocks() throws {
    let (view, model, clock) = makeIDView([[1, 2, 3]])
    let terminal = HeadlessTerminal(width: 60, height: 16)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    try loop.run(untilIdle: true)
    #expect(loop.framesPresented == 1 && terminal.idleWaits == 1)
    try view.performBatchUpdates {
      model.sections[0].append(4)
      try view.insertItems(at: [IndexPath(item: 3, section: 0)])
    }
    var frames = 0
    while view.needsDisplay && frames < 100 {
      clock.advance(by: 1.0 / 60)
      try loop.drawFrame(force: false)
      frames += 1
    }
    #expect(frames >= 14 && frames <= 17)  // 0.25 s at 60 frames a second
    try loop.drawFrame(force: false)
    #expect(loop.framesPresented == 1 + frames)  // nothing more once it ended
    #expect(terminal.text.contains("#4"))
  }

  @Test func withoutAnimationTheNewStateIsDrawnAtOnce() throws {
    let (view, model, _) = makeIDView([[1, 2, 3]])
    view.animationDuration = 0
    var done = false
    try view.performBatchUpdates(
      {
        model.sections[0].remove(at: 1)
        try view.deleteItems(at: [IndexPath(item: 1, section: 0)])
      }, completion: { done = $0 })
    #expect(done && !view.isAnimating)
    #expect(!frame(view).joined().contains("#2"))
  }
}
