import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// A board of four cards that counts what its data source is asked.
private final class CountedBoard: CollectionViewController {
  var names = ["Ada", "Grace", "Linus", "Zoë"]
  var asked: [Int: Int] = [:]

  init() { super.init(layout: FlowLayout(itemSize: Size(width: 12, height: 3), minimumInteritemSpacing: 1)) }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { names.count }
  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    asked[indexPath.item, default: 0] += 1
    return ElementContent(title: names[indexPath.item], border: .rounded)
  }
}

@Suite struct AnimatedReloadContentTests {
  /// Makes the session's `n`th wait from now (a frame of the animation drawn before it) call `change` once.
  private func atWait(_ n: Int, of session: HeadlessSession<CountedBoard>, _ change: @escaping () throws -> Void) {
    var waits = 0
    session.terminal.onWait = { [clock = session.clock] d in
      waits += 1
      if waits == n { try? change() }
      clock.advance(by: d)
    }
  }

  @Test func anAnimatedReloadOfOneItemAsksEachItemOnceAndTheReloadedOneForItsNewContent() throws {
    let app = CountedBoard()
    let session = try HeadlessSession(showing: app, width: 60, height: 8)
    let terminal = session.terminal
    let presents = terminal.presentCount
    app.asked = [:]
    app.names[1] = "Hopper"
    try app.collectionView.reloadItems(at: [IndexPath(item: 1, section: 0)])
    #expect(app.collectionView.isAnimating)
    try session.runUntilIdle()
    #expect(!app.collectionView.isAnimating)
    #expect(terminal.text.contains("Hopper") && !terminal.text.contains("Grace"))
    // The animation drew several frames...
    #expect(terminal.presentCount - presents > 3)
    // ...each from what was asked once: every card for what it showed when the
    // change began, the reloaded one again for its new content; the frames
    // and the first frame after the animation ask nothing.
    #expect(app.asked == [0: 1, 1: 2, 2: 1, 3: 1], "asked \(app.asked)")
  }

  @Test func anItemReconfiguredWhileTheAnimationRunsIsAskedAgain() throws {
    let app = CountedBoard()
    let session = try HeadlessSession(showing: app, width: 60, height: 8)
    let terminal = session.terminal
    app.names[1] = "Hopper"
    try app.collectionView.reloadItems(at: [IndexPath(item: 1, section: 0)])
    var wasAnimating = false
    atWait(2, of: session) {  // two frames of the animation drawn: the contents are held
      wasAnimating = app.collectionView.isAnimating
      app.asked = [:]
      app.names[3] = "Torvalds"
      try app.collectionView.reconfigureItems(at: [IndexPath(item: 3, section: 0)])
    }
    try session.runUntilIdle()
    #expect(wasAnimating)
    #expect(terminal.text.contains("Torvalds") && terminal.text.contains("Hopper"))
    #expect(app.asked == [3: 1], "asked \(app.asked)")
  }

  @Test func setNeedsDisplayWhileTheAnimationRunsAsksEveryItemAgainOnce() throws {
    let app = CountedBoard()
    let session = try HeadlessSession(showing: app, width: 60, height: 8)
    let terminal = session.terminal
    try app.collectionView.reloadItems(at: [IndexPath(item: 1, section: 0)])
    var wasAnimating = false
    atWait(2, of: session) {
      wasAnimating = app.collectionView.isAnimating
      app.asked = [:]
      app.names = ["Ada L", "Grace H", "Linus T", "Zoë P"]  // the app changed every card and says so
      app.collectionView.setNeedsDisplay()
    }
    try session.runUntilIdle()
    #expect(wasAnimating)
    #expect(terminal.text.contains("Ada L") && terminal.text.contains("Zoë P"))
    #expect(app.asked == [0: 1, 1: 1, 2: 1, 3: 1], "asked \(app.asked)")
  }
}
