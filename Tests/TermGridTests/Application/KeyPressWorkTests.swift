import GridLayout
import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import TermGrid

/// An app as the book catalogue is: a title from its own state, a status
/// line naming the focused item and counting the selection, key commands
/// that depend on the selection and on its own state. It counts every call
/// the controller makes into it.
private final class CountingApp: CollectionViewController {
  var calls: [String: Int] = [:]
  var sections = [["Mercury", "Venus", "Earth"], ["Jupiter", "Saturn", "Uranus"]]
  /// Shown in the title; the `f` command changes it.
  var filter = ""
  /// Shown in the status line; changed outside a key, as a file read would.
  var note = ""
  /// When true, the `z` command exists.
  var armed = false
  /// When true, `l` (Right in the view's bindings) is a command of the app's.
  var takesL = false
  /// When true, the app says its status line in one ``CollectionViewController/status``
  /// (as the book catalogue does) instead of its text and hints apart.
  var saysStatusAtOnce = false

  init(counting layout: any CollectionLayout = FlowLayout(itemSize: Size(width: 12, height: 3), headerHeight: 1)) {
    super.init(layout: layout)
    collectionView.animationDuration = 0
  }

  private func count(_ name: String) { calls[name, default: 0] += 1 }

  override var titleText: String? {
    count("titleText")
    return filter.isEmpty ? "Planets" : "Planets · filter \(filter)"
  }
  override var status: Status {
    guard saysStatusAtOnce else { return super.status }
    count("status")
    return Status(text: focusStatusText { ["Rocky", "Giants"][$0] } + note, hints: ["f filter", "q quit"])
  }
  override var statusText: String {
    count("statusText")
    return focusStatusText { ["Rocky", "Giants"][$0] } + note
  }
  override var statusHints: [StatusHint] {
    count("statusHints")
    return ["f filter"] + super.statusHints
  }
  /// Says that work off the main thread may still deliver results.
  var saysWorkIsPending = false
  override var hasPendingWork: Bool { saysWorkIsPending || super.hasPendingWork }
  override func takeFinishedWork() {
    count("takeFinishedWork")
    super.takeFinishedWork()
  }
  override var keyCommands: [KeyCommand] {
    count("keyCommands")
    var commands = [KeyCommand("f", title: "filter") { [unowned self] in filter += "f" }]
    if !collectionView.indexPathsForSelectedItems.isEmpty {
      commands.append(KeyCommand("x", title: "clear the selection") { [unowned self] in collectionView.deselectAllItems() })
    }
    if armed { commands.append(KeyCommand("z", title: "disarm") { [unowned self] in armed = false }) }
    if takesL { commands.append(KeyCommand("l", title: "mark") { [unowned self] in note = " · marked" }) }
    return commands
  }
  override func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    count("shouldHighlightItemAt")
    return super.collectionView(collectionView, shouldHighlightItemAt: indexPath)
  }
  override func numberOfSections(in collectionView: CollectionView) -> Int {
    count("numberOfSections")
    return sections.count
  }
  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    count("numberOfItemsInSection")
    return sections[section].count
  }
  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    count("cellForItemAt")
    return ElementContent(title: sections[indexPath.section][indexPath.item], border: .rounded)
  }
  override func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    count("contentForSupplementaryElement")
    return .header(["Rocky", "Giants"][indexPath.section])
  }
}

/// The app's flow layout, counting what the view asks of it.
private final class CountingLayout: CollectionLayout {
  let flow = FlowLayout(itemSize: Size(width: 12, height: 3), headerHeight: 1)
  var asked: [String: Int] = [:]
  private func count(_ name: String) { asked[name, default: 0] += 1 }

  func prepare(for context: LayoutContext) {
    count("prepare")
    flow.prepare(for: context)
  }
  var contentSize: Size { flow.contentSize }
  var scrollsHorizontally: Bool {
    count("scrollsHorizontally")
    return flow.scrollsHorizontally
  }
  var focusNavigation: FocusNavigation { flow.focusNavigation }
  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    count("layoutAttributesForElements")
    return flow.layoutAttributesForElements(in: rect)
  }
  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    count("layoutAttributesForItem")
    return flow.layoutAttributesForItem(at: indexPath)
  }
  func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
    count("layoutAttributesForSupplementaryElement")
    return flow.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
  }
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { flow.shouldInvalidateLayout(forBoundsChange: newBounds) }
  func invalidateLayout(forBoundsChange newBounds: Rect) { flow.invalidateLayout(forBoundsChange: newBounds) }
  func targetIndexPath(forFocusMovingFrom indexPath: IndexPath, in direction: FocusDirection, context: FocusMoveContext)
    -> IndexPath?
  {
    count("targetIndexPath")
    return flow.targetIndexPath(forFocusMovingFrom: indexPath, in: direction, context: context)
  }
}

/// A terminal that gives its input in steps, a step only once the run loop
/// waits for input with nothing left to do (it drew what the step before
/// led to), as keys typed one at a time reach a program; at each such wait
/// it tells the test, which takes its counts there. Frames go to a
/// headless terminal's screen, and every frame presented is counted: a
/// terminal writes only what it is presented.
private final class SteppedTerminal: Terminal {
  let screen: HeadlessTerminal
  private var steps: [[InputEvent]]
  private var step: [InputEvent] = []
  /// Called at each wait for input, with the number of steps given so far.
  var onIdle: (Int) -> Void = { _ in }
  private var given = 0
  /// Frames presented, and the cells they changed.
  private(set) var presents = 0
  private(set) var changedCells = 0

  init(width: Int, height: Int, steps: [[InputEvent]]) {
    screen = HeadlessTerminal(width: width, height: height)
    self.steps = steps
  }

  var width: Int { screen.width }
  var height: Int { screen.height }
  var capabilities: TerminalCapabilities { screen.capabilities }
  /// How many times the run loop asked whether the screen was lost: it does before each frame it looks at.
  private(set) var screenResetsAsked = 0
  func takeScreenReset() -> ScreenReset? {
    screenResetsAsked += 1
    return screen.takeScreenReset()
  }
  func restore() { screen.restore() }

  func nextEvent(timeout: Duration?) throws -> InputEvent? {
    if !step.isEmpty { return step.removeFirst() }
    // A look without waiting: the rest of a burst (there is none).
    if let timeout, timeout == .zero { return nil }
    onIdle(given)
    guard !steps.isEmpty else { return .endOfInput }
    step = steps.removeFirst()
    given += 1
    return step.isEmpty ? nil : step.removeFirst()
  }

  func present(_ update: FrameUpdate) throws {
    presents += 1
    changedCells += update.changedCellCount
    try screen.present(update)
  }
}

@Suite struct KeyPressWorkTests {
  /// What the app was asked, and what reached the terminal, during each step.
  private struct StepWork {
    var calls: [String: Int]
    var presents: Int
    var changedCells: Int
    var framesDrawn: Int
    var focus: IndexPath?
    var screen: String
    var screenResetsAsked: Int
  }

  /// Runs `app` on a 60x12 terminal, giving it `steps` one at a time, and
  /// returns the work each step did (the first: the first frame).
  private func run(_ app: CountingApp, steps: [[InputEvent]]) throws -> [StepWork] {
    let terminal = SteppedTerminal(width: 60, height: 12, steps: steps)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    var work: [StepWork] = []
    var last = (presents: 0, changedCells: 0, frames: 0, resets: 0)
    terminal.onIdle = { [unowned terminal, unowned loop] _ in
      work.append(
        StepWork(
          calls: app.calls, presents: terminal.presents - last.presents,
          changedCells: terminal.changedCells - last.changedCells, framesDrawn: loop.framesPresented - last.frames,
          focus: app.collectionView.focusedIndexPath, screen: terminal.screen.text,
          screenResetsAsked: terminal.screenResetsAsked - last.resets))
      app.calls = [:]
      last = (terminal.presents, terminal.changedCells, loop.framesPresented, terminal.screenResetsAsked)
    }
    try loop.run()
    return work
  }

  @Test func aRightArrowThatMovesNothingDrawsNothingWritesNothingAndAsksTheAppNothing() throws {
    let app = CountingApp()
    let work = try run(app, steps: [[.key(Key(.right)), .key(Key(.right))], [.key(Key(.right))], [.key(Key(.left))]])
    try #require(work.count == 4)
    // Two Rights: the focus on Earth, the last in its row (Right keeps to the row).
    #expect(work[1].focus == IndexPath(item: 2, section: 0))
    #expect(app.collectionView.nearestItem(from: IndexPath(item: 2, section: 0), .right) == nil)
    #expect(work[1].screen.contains("Rocky 3/3"))

    // One more Right: nothing moves, so nothing is drawn, nothing reaches
    // the terminal, and neither the data source nor the bars nor the key commands are asked.
    let still = work[2]
    #expect(still.focus == IndexPath(item: 2, section: 0))
    #expect(still.framesDrawn == 0)
    #expect(still.presents == 0 && still.changedCells == 0)
    #expect(still.calls.isEmpty, "the app was asked \(still.calls)")
    // Nor is finished work taken in: none is pending, and no frame follows.
    #expect(still.calls["takeFinishedWork"] == nil)
    #expect(still.screen == work[1].screen)
    #expect(still.screenResetsAsked == 0, "the run loop looked at a frame")

    // Left moves: the two items whose focus changed are drawn, the status
    // line is asked once and shows the new place; the title and the key
    // commands are not asked (a focus move changes neither).
    let moved = work[3]
    #expect(moved.focus == IndexPath(item: 1, section: 0))
    #expect(moved.framesDrawn == 1 && moved.presents == 1 && moved.changedCells > 0)
    #expect(moved.calls["cellForItemAt"] == 2)
    #expect(moved.calls["statusText"] == 1 && moved.calls["statusHints"] == 1)
    #expect(moved.calls["titleText"] == nil && moved.calls["keyCommands"] == nil)
    #expect(moved.calls["contentForSupplementaryElement"] == nil && moved.calls["numberOfItemsInSection"] == nil)
    #expect(moved.calls["shouldHighlightItemAt"] == 1, "the delegate is asked about the item the focus lands on, once")
    #expect(moved.calls["takeFinishedWork"] == 1, "finished work is taken in before the frame")
    #expect(moved.screen.contains("Rocky 2/3"))
  }

  @Test func aKeyThatChangesNothingTakesFinishedWorkInOnlyWhileTheAppSaysSomeIsPending() throws {
    // Work pending: each round of input takes its results in, a key that changes nothing too.
    let app = CountingApp()
    app.saysWorkIsPending = true
    let work = try run(app, steps: [[.key(Key(.right)), .key(Key(.right))], [.key(Key(.right))]])
    try #require(work.count == 3)
    #expect(work[2].framesDrawn == 0 && work[2].presents == 0)
    #expect(work[2].calls["takeFinishedWork"] == 1, "asked \(work[2].calls)")
    // None pending: not taken (the run loop's wake-up brings work that says nothing).
    let idle = CountingApp()
    let work2 = try run(idle, steps: [[.key(Key(.right)), .key(Key(.right))], [.key(Key(.right))]])
    try #require(work2.count == 3)
    #expect(work2[2].calls["takeFinishedWork"] == nil)
  }

  @Test func aFocusMoveAsksTheAppForItsStatusLineOnce() throws {
    // Said at once: one question per frame, neither half asked apart.
    let app = CountingApp()
    app.saysStatusAtOnce = true
    let work = try run(app, steps: [[.key(Key(.right))], [.key(Key(.right))]])
    try #require(work.count == 3)
    for moved in work[1...2] {
      #expect(moved.framesDrawn == 1)
      #expect(moved.calls["status"] == 1, "asked \(moved.calls)")
      #expect(moved.calls["statusText"] == nil && moved.calls["statusHints"] == nil)
    }
    #expect(work[2].screen.contains("Rocky 3/3") && work[2].screen.contains("f filter"))
    #expect(!work[2].screen.contains("? help"))

    // Said apart (the default status combines them): each half once per frame.
    let apart = CountingApp()
    let work2 = try run(apart, steps: [[.key(Key(.right))]])
    try #require(work2.count == 2)
    #expect(work2[1].calls["status"] == nil)
    #expect(work2[1].calls["statusText"] == 1 && work2[1].calls["statusHints"] == 1)
    #expect(work2[1].screen.contains("Rocky 2/3") && work2[1].screen.contains("f filter") && work2[1].screen.contains("? help"))
  }

  @Test func aRightArrowThatMovesNothingAsksTheLayoutOneQuestionAndTheRunLoopLooksAtNoFrame() throws {
    let layout = CountingLayout()
    let app = CountingApp(counting: layout)
    var asked: [[String: Int]] = []
    let terminal = SteppedTerminal(
      width: 60, height: 12, steps: [[.key(Key(.right)), .key(Key(.right))], [.key(Key(.right))], [.key(Key(.left))]])
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    var resets: [Int] = []
    var lastResets = 0
    terminal.onIdle = { [unowned terminal] _ in
      asked.append(layout.asked)
      layout.asked = [:]
      resets.append(terminal.screenResetsAsked - lastResets)
      lastResets = terminal.screenResetsAsked
    }
    try loop.run()
    try #require(asked.count == 4)
    #expect(app.collectionView.focusedIndexPath == IndexPath(item: 1, section: 0))
    // The Right that moves nothing (the focus last in its row): one
    // question, where the focus goes; no rect, no item's attributes, no
    // layout pass, not even the axis (a layout that changes it says so). The delegate is not asked whether an item may take the
    // focus (there is none to ask about), and the run loop ends the key
    // without looking at a frame (it does not even ask the terminal whether its screen was lost).
    #expect(asked[2] == ["targetIndexPath": 1], "the layout was asked \(asked[2])")
    #expect(resets[2] == 0)
    // The Left that moves asks where the focus goes and lays nothing out; its frame is looked at.
    #expect(asked[3]["targetIndexPath"] == 1 && asked[3]["prepare"] == nil)
    #expect(resets[3] == 1)
  }

  @Test func moveKeysAskForTheKeyCommandsOnceAndTheBarsOnlyWhenTheirTextMayHaveChanged() throws {
    let app = CountingApp()
    let moves: [[InputEvent]] = [[.key(Key(.right))], [.key(Key(.down))], [.key(Key(.left))], [.key(Key(.up))]]
    let work = try run(app, steps: moves + [[.key("f")]])
    try #require(work.count == 6)
    // The first key asks for the commands; the moves after it do not.
    #expect(work[1...4].map { $0.calls["keyCommands"] ?? 0 }.reduce(0, +) == 1)
    #expect(work[1...4].allSatisfy { $0.calls["titleText"] == nil && $0.calls["statusText"] == 1 })
    // A command ran: the title is asked again and shows what it changed.
    #expect(work[5].calls["titleText"] == 1)
    #expect(work[5].screen.contains("Planets · filter f"))
  }

  @Test func keyCommandsFollowTheSelectionAndTheAppsInvalidation() throws {
    let app = CountingApp()
    var surface = Surface(width: 60, height: 12)
    app.willAppear(on: TerminalCapabilities(colors: .indexed256))
    app.draw(into: &surface)
    func press(_ key: Key) throws {
      _ = try app.handle(.key(key))
      if app.needsDisplay { app.draw(into: &surface) }
    }
    // x exists only while something is selected: the selection made by
    // Space brings it, the one it clears takes it away.
    try press("x")
    #expect(app.collectionView.indexPathsForSelectedItems.isEmpty)
    try press(" ")
    #expect(app.collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    try press("x")
    #expect(app.collectionView.indexPathsForSelectedItems.isEmpty)
    try press(Key(.right))  // asks again: a command ran
    let asked = app.calls["keyCommands"] ?? 0
    try press(Key(.left))
    try press(Key(.right))
    #expect(app.calls["keyCommands"] == asked, "a focus move asked for the key commands")

    // State of the app's own: the commands it gave stay until it says they changed.
    app.armed = true
    try press("z")
    #expect(app.armed, "z ran before the app said its commands changed")
    app.setNeedsKeyCommandsUpdate()
    try press("z")
    #expect(!app.armed)
    // An overlay closing asks again too (what it did may change them).
    try press("?")
    #expect(app.overlays.count == 1)
    app.armed = true
    try press(Key(.escape))
    #expect(app.overlays.isEmpty)
    try press("z")
    #expect(!app.armed)

    // A command the app drops without saying so: its key goes on to the view (l moves right).
    app.takesL = true
    app.setNeedsKeyCommandsUpdate()
    try press("l")
    #expect(app.note == " · marked")
    try press(Key(.left))  // asks for the commands again (one ran): l is kept as a command's key
    let focus = try #require(app.collectionView.focusedIndexPath)
    app.takesL = false
    try press("l")
    #expect(app.collectionView.focusedIndexPath == app.collectionView.nearestItem(from: focus, .right))
    #expect(app.collectionView.focusedIndexPath != focus)
  }

  @Test func theStatusIsAskedAgainWhenTheAppSaysSoAndDrawnOnlyWhenItsTextChanged() throws {
    let app = CountingApp()
    let terminal = HeadlessTerminal(width: 60, height: 12)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try loop.run(untilIdle: true)
    #expect(terminal.text.contains("Rocky 1/3"))

    // Changed outside a key (a file read): shown once the app says so.
    app.note = " · 3 new"
    app.setNeedsStatusUpdate()
    let asked = app.calls["statusText"] ?? 0
    try loop.drawFrame(force: false)
    #expect(app.calls["statusText"] == asked + 1)
    #expect(terminal.text.contains("Rocky 1/3 · 3 new"))
    #expect(terminal.lastChangedCells > 0)

    // Asked again with nothing changed: the line is not drawn, no cell changes.
    app.setNeedsStatusUpdate()
    try loop.drawFrame(force: false)
    #expect(app.calls["statusText"] == asked + 2)
    #expect(terminal.lastChangedCells == 0)

    // The title likewise.
    app.filter = "x"
    app.setNeedsTitleUpdate()
    try loop.drawFrame(force: false)
    #expect(terminal.text.contains("Planets · filter x"))
  }
}
