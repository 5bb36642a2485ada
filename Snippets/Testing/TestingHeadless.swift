import TermGrid
// The planets grid tested without a terminal: the controller runs in a
// `TerminalRunLoop` on a `HeadlessTerminal`, keys are sent to it, and the
// screen is read back as text. A manual clock, advanced by every wait the
// loop makes, runs an animation to its end with no real time passing.
import TermGridTesting

// snippet.hide
final class Planets: CollectionViewController {
  var names = [["Mercury", "Venus", "Earth", "Mars"], ["Jupiter", "Saturn", "Uranus", "Neptune"]]

  override var keyCommands: [KeyCommand] {
    [KeyCommand("i", title: "insert a moon", action: insertMoon)]
  }

  func insertMoon() throws {
    let p = collectionView.focusedIndexPath ?? IndexPath(item: 0, section: 0)
    try collectionView.insertItems(at: [p]) { names[p.section].insert("Moon", at: p.item) }
  }

  override func numberOfSections(in _: CollectionView) -> Int { names.count }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int {
    names[section].count
  }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: names[indexPath.section][indexPath.item], border: .rounded)
  }
}

// snippet.show
// snippet.animation
func insertingAMoonAnimatesToTheNewGrid() throws -> Bool {
  let app = Planets(layout: FlowLayout(itemSize: Size(width: 14, height: 3), headerHeight: 1, footerHeight: 1))
  let clock = ManualAnimationClock()
  app.collectionView.clock = clock
  let terminal = HeadlessTerminal(width: 80, height: 24)
  terminal.onWait = clock.advance(by:)  // each frame's wait moves the clock on
  let loop = TerminalRunLoop(terminal: terminal, scene: app)

  try loop.run(untilIdle: true)  // the first frame
  let before = terminal.text

  terminal.send(keys: "i")
  try loop.run(untilIdle: true)  // the key, then every frame of the animation
  return before.contains("Mercury") && !before.contains("Moon")
    && terminal.text.contains("Moon")
    && !app.collectionView.isAnimating
}
// snippet.end

// snippet.closedInput
func arrowKeysMoveTheFocus() throws -> Bool {
  let app = Planets(layout: FlowLayout(itemSize: Size(width: 14, height: 3), headerHeight: 1, footerHeight: 1))
  let terminal = HeadlessTerminal(width: 80, height: 24)
  terminal.send(keys: Key(.right), Key(.right))
  terminal.closeInput()  // like standard input at its end: the loop returns once the keys are handled
  try TerminalRunLoop(terminal: terminal, scene: app).run()
  return app.collectionView.focusedIndexPath == IndexPath(item: 2, section: 0) && terminal.isRestored
}
// snippet.end

// snippet.hide
let animated = try insertingAMoonAnimatesToTheNewGrid()
let focused = try arrowKeysMoveTheFocus()
precondition(animated && focused)
