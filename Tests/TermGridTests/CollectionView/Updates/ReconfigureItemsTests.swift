import GridLayout
import GridTerminal
import TermGridTesting
import Testing

@testable import TermGrid

/// A board whose items show a mark the app toggles.
private final class MarkedBoard: CollectionViewController {
  var names = ["Ada", "Grace", "Linus", "Zoë"]
  var marked: Set<Int> = []
  var asked: [Int] = []

  init() { super.init(layout: FlowLayout(itemSize: Size(width: 12, height: 3))) }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { names.count }
  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    asked.append(indexPath.item)
    return ElementContent(title: (marked.contains(indexPath.item) ? "* " : "") + names[indexPath.item], border: .rounded)
  }
}

@Suite struct ReconfigureItemsTests {
  @Test func aReconfiguredItemIsRedrawnInTheNextFrameWithoutAnAnimationAndAloneAsked() throws {
    let app = MarkedBoard()
    let session = try HeadlessSession(showing: app, width: 60, height: 8)
    let terminal = session.terminal
    #expect(!terminal.text.contains("* Grace"))
    let waits = terminal.timedWaits
    app.marked.insert(1)
    app.asked = []
    try app.collectionView.reconfigureItems(at: [IndexPath(item: 1, section: 0)])
    try session.runUntilIdle()
    #expect(terminal.text.contains("* Grace"))
    #expect(!app.collectionView.isAnimating)
    #expect(terminal.timedWaits == waits)  // drawn in the first frame after: no animation's frames
    #expect(app.asked == [1])  // the data source is asked for that item only
  }

  @Test func anIndexPathThatNamesNoItemIsRefusedBeforeAnyIsMarked() throws {
    let app = MarkedBoard()
    let terminal = HeadlessTerminal(width: 60, height: 8)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try loop.run(untilIdle: true)
    app.marked.insert(0)
    app.asked = []
    #expect(throws: CollectionViewError.self) {
      try app.collectionView.reconfigureItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 9, section: 0)])
    }
    try loop.run(untilIdle: true)
    #expect(app.asked.isEmpty)  // nothing was marked: the next frame asks for no item
    #expect(!terminal.text.contains("* Ada"))
  }
}
