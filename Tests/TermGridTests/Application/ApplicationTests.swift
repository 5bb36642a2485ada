import Foundation
import TermGridTesting
import Testing

@testable import TermGrid

/// A controller of numbered items in two sections with keys that insert,
/// delete, fail, and open every kind of overlay.
final class TestApp: CollectionViewController {
  var sections: [[Int]]
  var next = 1000
  var activated: [IndexPath] = []
  var submitted: [String] = []
  var quitAllowed = true

  init(_ counts: [Int] = [12, 7]) {
    sections = counts.enumerated().map { s, n in (0..<n).map { s * 100 + $0 } }
    super.init(layout: FlowLayout(itemSize: Size(width: 10, height: 3), headerHeight: 1, footerHeight: 1))
  }

  struct Boom: Error, CustomStringConvertible {
    var description: String { "the model is broken" }
  }

  override var titleText: String? { "Test app" }
  override var statusText: String { "\(sections.map(\.count).reduce(0, +)) items" }
  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("i", title: "insert") { [unowned self] in
        let p = collectionView.focusedIndexPath ?? IndexPath(item: 0, section: 0)
        next += 1
        try collectionView.insertItems(at: [p]) { sections[p.section].insert(next, at: p.item) }
      },
      KeyCommand("d", title: "delete") { [unowned self] in
        guard let p = collectionView.focusedIndexPath else { return }
        try collectionView.deleteItems(at: [p]) { sections[p.section].remove(at: p.item) }
      },
      KeyCommand("!", title: "fail") { throw Boom() },
      KeyCommand("p", title: "prompt") { [unowned self] in
        present(PromptOverlay.confirm("Really?", yes: { [unowned self] in submitted.append("yes") }))
      },
      KeyCommand("t", title: "text") { [unowned self] in
        present(TextInputOverlay(label: " Name: ", hint: { " · \($0.count) typed" }) { [unowned self] in submitted.append($0) })
      },
      KeyCommand("f", title: "form") { [unowned self] in
        present(
          FormOverlay(title: "New", fields: [.init("Name"), .init("Age")]) { [unowned self] values in
            guard Int(values[1]) != nil else { throw FormOverlay.Rejection("the age is a number", field: 1) }
            submitted.append(values.joined(separator: "/"))
          })
      },
    ]
  }
  override func shouldQuit() -> Bool { quitAllowed }
  override func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: "#\(sections[indexPath.section][indexPath.item])", border: .rounded)
  }
  override func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    kind == .header ? .header("Section \(indexPath.section)") : .footer("\(sections[indexPath.section].count) items")
  }
  override func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    activated.append(indexPath)
    present(PanelOverlay(title: "Item", rows: [.init("Number", "\(sections[indexPath.section][indexPath.item])")]))
  }
}

/// What the controller draws from scratch, for comparing with an incremental screen.
func fullRedraw(_ app: CollectionViewController, width: Int, height: Int) -> Surface {
  var surface = Surface(width: width, height: height)
  app.collectionView.setNeedsDisplay()
  app.draw(into: &surface)
  return surface
}

@Suite struct ApplicationTests {
  /// A controller shown by a second run loop, on a terminal of its own,
  /// is drawn whole there: a loop starts on a blank surface (a snapshot
  /// test that showed the same controller twice recorded a blank screen).
  @Test func aControllerShownAgainByASecondLoopIsDrawnWhole() throws {
    let app = TestApp()
    let first = HeadlessTerminal(width: 60, height: 16)
    try TerminalRunLoop(terminal: first, scene: app).run(untilIdle: true)
    #expect(first.text.contains("Test app") && first.text.contains("#0"))
    let second = HeadlessTerminal(width: 60, height: 16)
    try TerminalRunLoop(terminal: second, scene: app).run(untilIdle: true)
    #expect(second.text == first.text)
  }

  @Test func theEndOfInputEndsTheLoopWithoutWaitingOrSpinning() throws {
    let app = TestApp()
    let terminal = HeadlessTerminal(width: 80, height: 24)
    terminal.send(keys: Key(.down), Key(.right))
    terminal.closeInput()
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try loop.run()  // returns: no q was pressed
    #expect(terminal.isRestored && terminal.idleWaits == 0 && terminal.pendingEvents.isEmpty)
    #expect(loop.framesPresented == 1)  // the input ended with the keys: no frame for them
    #expect(app.collectionView.focusedIndexPath == IndexPath(item: 8, section: 0))
  }

  @Test func anAnimationStartedByAKeyRunsToItsEndWithNoMoreInput() throws {
    let app = TestApp()
    let session = try HeadlessSession(showing: app, width: 80, height: 24)
    let terminal = session.terminal
    let before = terminal.text
    terminal.send(keys: "i")
    try session.runUntilIdle()
    // 0.25 s at 16 ms a frame: the key's frame, then about 15 more, each a wait that ran out.
    #expect(terminal.timedWaits >= 14 && terminal.timedWaits <= 17)
    #expect(!app.collectionView.isAnimating && !app.needsDisplay)
    #expect(terminal.text != before && terminal.text.contains("#1001"))
    #expect(terminal.screen == fullRedraw(app, width: 80, height: 24))
  }

  @Test func theScreenHasATitleBarTheViewAndAStatusLine() throws {
    let app = TestApp()
    let terminal = HeadlessTerminal(width: 60, height: 12)
    try TerminalRunLoop(terminal: terminal, scene: app).run(untilIdle: true)
    let lines = terminal.screen.lines
    #expect(lines[0].hasPrefix(" Test app"))
    #expect(lines[1].hasPrefix("─ Section 0 ─"))
    #expect(lines[11].hasPrefix(" 19 items") && lines[11].hasSuffix(" ? help  q quit "))
    #expect(app.collectionView.frame == CellRect(x: 0, y: 1, width: 60, height: 10))
    // A message goes with the next key.
    app.message = "hello"
    var surface = Surface(width: 60, height: 12)
    app.draw(into: &surface)
    #expect(surface.lines[11].hasPrefix(" 19 items · hello"))
    _ = try app.handle(.key(Key(.down)))
    #expect(app.message == nil)
  }

  @Test func statusHintsGoFromTheLastOnAsTheTerminalNarrowsUnlessAPrioritySaysOtherwise() throws {
    /// A status text of 26 cells (with the space before it) and hints put
    /// before help and quit, as the character map's were.
    final class CharacterMap: CollectionViewController {
      var ownHints: [StatusHint] = []
      var characters = Array(33..<60)
      override var statusText: String { "U+0021 ! EXCLAMATION MARK" }
      override var statusHints: [StatusHint] { ownHints + super.statusHints }
      override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        characters.count
      }
      override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
        -> ElementContent
      { ElementContent(title: String(UnicodeScalar(UInt8(characters[indexPath.item])))) }
      override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        true
      }
      override func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
      ) { characters.insert(characters.remove(at: sourceIndexPath.item), at: destinationIndexPath.item) }
    }
    let app = CharacterMap(layout: FlowLayout(itemSize: Size(width: 5, height: 3)))
    let terminal = HeadlessTerminal(width: 80, height: 8)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    /// The status line, the terminal resized to `width` columns.
    func statusLine(width: Int) throws -> String {
      terminal.send(.resize(width: width, height: 8))
      try loop.run(untilIdle: true)
      return terminal.screen.lines[7]
    }
    let left = " U+0021 ! EXCLAMATION MARK"
    func spaces(_ n: Int) -> String { String(repeating: " ", count: n) }
    // The default hints, help and quit: quit goes first, and help, which lists every key, stays.
    #expect(try statusLine(width: 60) == left + spaces(18) + " ? help  q quit ")
    #expect(try statusLine(width: 43) == left + " " + " ? help  q quit ")
    #expect(try statusLine(width: 42) == left + spaces(8) + " ? help ")
    #expect(try statusLine(width: 35) == left + " " + " ? help ")
    #expect(try statusLine(width: 34) == left + spaces(8))
    // The app's hints before them: quit goes, then help, then the app's from the last on.
    app.ownHints = ["Enter info", "/ find"]
    #expect(try statusLine(width: 80) == left + spaces(18) + " Enter info  / find  ? help  q quit ")
    #expect(try statusLine(width: 62) == left + spaces(8) + " Enter info  / find  ? help ")
    #expect(try statusLine(width: 54) == left + spaces(8) + " Enter info  / find ")
    #expect(try statusLine(width: 46) == left + spaces(8) + " Enter info ")
    #expect(try statusLine(width: 38) == left + spaces(12))
    // Find marked low goes before help and quit.
    app.ownHints = ["Enter info", StatusHint("/ find", visibilityPriority: .low)]
    #expect(try statusLine(width: 62) == left + spaces(8) + " Enter info  ? help  q quit ")
    // While a character is moved: "arrows move" goes first, then "Enter drops"; "Esc puts back" stays.
    terminal.send(keys: Key.char("m"))
    #expect(try statusLine(width: 80).hasSuffix("  arrows move  Enter drops  Esc puts back "))
    #expect(app.collectionView.isMovingItem)
    #expect(try statusLine(width: 68) == left + " " + " arrows move  Enter drops  Esc puts back ")
    #expect(try statusLine(width: 67) == left + spaces(13) + " Enter drops  Esc puts back ")
    #expect(try statusLine(width: 54) == left + spaces(13) + " Esc puts back ")
    #expect(try statusLine(width: 41) == left + spaces(15))
  }

  @Test func theStockStatusTextSaysWhereTheFocusIsAndWhatIsSelected() throws {
    let app = TestApp()
    let terminal = HeadlessTerminal(width: 60, height: 12)
    terminal.send(keys: Key(.right), Key(.right))
    try TerminalRunLoop(terminal: terminal, scene: app).run(untilIdle: true)
    #expect(app.focusStatusText() == "section 1 3/12")
    _ = try app.handle(.key(.char(" ")))
    _ = try app.handle(.key(Key(.tab)))
    _ = try app.handle(.key(.char(" ")))
    #expect(app.focusStatusText { ["Odd", "Even"][$0] } == "Even 1/7 · 2 selected")
    app.collectionView.focusItem(at: nil)
    #expect(app.focusStatusText().isEmpty)
  }

  @Test func quitKeysAskShouldQuitAndASecondCtrlCQuitsRegardless() throws {
    let app = TestApp()
    app.quitAllowed = false
    #expect(try app.handle(.key("q")) == .continue)
    #expect(try app.handle(.key(.control("c"))) == .continue)
    #expect(try app.handle(.key(.control("c"))) == .quit)
    app.quitAllowed = true
    #expect(try app.handle(.key("q")) == .quit)
    #expect(try app.handle(.endOfInput) == .quit)
  }

  @Test func anErrorFromAKeyEndsTheLoopAndRestoresTheTerminal() {
    let app = TestApp()
    let terminal = HeadlessTerminal(width: 40, height: 10)
    terminal.send(keys: Key(.down), "!", Key(.down))
    #expect(throws: TestApp.Boom.self) { try TerminalRunLoop(terminal: terminal, scene: app).run() }
    #expect(terminal.isRestored && terminal.pendingEvents.count == 1)
  }

  /// Runs `body` in a child process; returns its exit status and what it wrote to standard error.
  func inChildProcess(_ body: () -> Never) -> (status: Int32, stderr: String) {
    var fds: [Int32] = [0, 0]
    pipe(&fds)
    let pid = fork()
    if pid == 0 {
      dup2(fds[1], 2)
      close(fds[0])
      body()
    }
    close(fds[1])
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fds[0], &buffer, buffer.count)
      if n <= 0 { break }
      output += buffer[0..<n]
    }
    close(fds[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return ((status >> 8) & 0xff, String(decoding: output, as: UTF8.self))
  }

  /// A terminal that says on standard error when it is restored.
  final class ReportingTerminal: Terminal {
    let inner: HeadlessTerminal
    init(_ inner: HeadlessTerminal) { self.inner = inner }
    var width: Int { inner.width }
    var height: Int { inner.height }
    var capabilities: TerminalCapabilities { inner.capabilities }
    func nextEvent(timeout: Duration?) throws -> InputEvent? { try inner.nextEvent(timeout: timeout) }
    func present(_ update: FrameUpdate) throws { try inner.present(update) }
    func takeScreenReset() -> ScreenReset? { inner.takeScreenReset() }
    func restore() {
      let line = Array("restored\n".utf8)
      _ = line.withUnsafeBytes { write(2, $0.baseAddress, line.count) }
    }
  }

  @Test func applicationPrintsAnErrorRestoresTheTerminalAndExits1() {
    // Under a sanitizer a forked child's exit reports the memory of the
    // runner's other threads as leaked: this test runs without it.
    guard getenv("TERMGRID_SANITIZER") == nil else { return }  // scripts/test sets it for those runs
    let failing = inChildProcess {
      let terminal = HeadlessTerminal(width: 40, height: 10)
      terminal.send(keys: "!")
      Application.run(TestApp(), name: "test-app", terminal: { ReportingTerminal(terminal) })
    }
    #expect(failing.status == 1)
    #expect(failing.stderr == "restored\ntest-app: the model is broken\n")

    let quitting = inChildProcess {
      let terminal = HeadlessTerminal(width: 40, height: 10)
      terminal.send(keys: Key(.down), "q")
      Application.run(TestApp(), name: "test-app", terminal: { ReportingTerminal(terminal) })
    }
    #expect(quitting.status == 0 && quitting.stderr == "restored\n")

    let ended = inChildProcess {
      let terminal = HeadlessTerminal(width: 40, height: 10)
      terminal.closeInput()
      Application.run(TestApp(), name: "test-app", terminal: { ReportingTerminal(terminal) })
    }
    #expect(ended.status == 0 && ended.stderr == "restored\n")

    let unopened = inChildProcess {
      Application.run(name: "test-app", terminal: { throw CursesTerminalError.cannotInitialize(term: "vt52x") }) {
        TestApp()
      }
    }
    #expect(unopened.status == 1)
    #expect(unopened.stderr.hasPrefix("test-app: cannot start the terminal (TERM=vt52x)"))
  }

  @Test func aDataSourceMadeInAHelperStaysAndAControllerIsFreed() {
    func makeView() -> CollectionView {
      let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 14, height: 3)))
      view.dataSource = NumberedItems([5])  // nothing else holds it
      view.setFrame(CellRect(x: 0, y: 0, width: 80, height: 10))
      view.reloadData()
      return view
    }
    let view = makeView()
    var surface = Surface(width: 80, height: 10)
    view.draw(into: &surface)
    #expect(view.indexPathsForVisibleItems.count == 5 && surface.text.contains("Item 0.4"))

    weak var freed: TestApp?
    weak var freedView: CollectionView?
    do {
      let app = TestApp()
      freed = app
      freedView = app.collectionView
      var s = Surface(width: 40, height: 10)
      app.draw(into: &s)
    }
    #expect(freed == nil && freedView == nil)  // the view does not keep its controller: no cycle
  }
}
