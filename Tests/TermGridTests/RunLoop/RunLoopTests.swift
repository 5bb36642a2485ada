import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

@Suite struct RunLoopTests {
  @Test func allPendingInputIsHandledBeforeOneFrameIsDrawn() throws {
    let (view, data) = makeGrid([1000])
    defer { withExtendedLifetime(data) {} }
    let terminal = HeadlessTerminal(width: 80, height: 24)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    terminal.send(keys: Key(.down), Key(.down), Key(.right), Key(.down))
    try loop.run(untilIdle: true)
    #expect(loop.framesPresented == 2)  // the first frame, then one for all four keys
    #expect(view.focusedIndexPath == IndexPath(item: 16, section: 0))
    #expect(terminal.isRestored)
  }

  @Test func nothingIsDrawnWhenNothingChanged() throws {
    let (view, data) = makeGrid([10])
    defer { withExtendedLifetime(data) {} }
    let terminal = HeadlessTerminal(width: 80, height: 24)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    terminal.send(keys: Key(.character("x")))  // unbound: changes nothing
    try loop.run(untilIdle: true)
    #expect(loop.framesPresented == 1)
    #expect(terminal.idleWaits == 1)
  }

  @Test func theSceneIsToldAgainWhenTheTerminalsCapabilitiesChange() throws {
    final class Recording: Scene {
      var told: [TerminalCapabilities] = []
      var draws = 0
      var onKey: (() -> Void)?
      var needsDisplay: Bool { false }
      func draw(into surface: inout Surface) { draws += 1 }
      func handle(_ event: InputEvent) throws -> EventResult {
        onKey?()
        return .continue
      }
      func willAppear(on capabilities: TerminalCapabilities) { told.append(capabilities) }
    }
    let scene = Recording()
    let terminal = HeadlessTerminal(width: 20, height: 5)
    // The terminal's answers arrive with the input (here, with a key): pictures become sixel.
    scene.onKey = { terminal.capabilities.pictures = .sixel }
    terminal.send(keys: "x")
    try TerminalRunLoop(terminal: terminal, scene: scene).run(untilIdle: true)
    #expect(scene.told.map(\.pictures) == [.symbols, .sixel])
    #expect(scene.draws == 2, "the first frame, and one for the change though the scene needed none")
    // Told only of changes.
    terminal.send(keys: "x")
    let again = TerminalRunLoop(terminal: terminal, scene: scene)
    try again.run(untilIdle: true)
    #expect(scene.told.count == 3 && scene.told.last?.pictures == .sixel)  // a new loop tells once
  }

  @Test func aTerminalThatLostItsScreenIsDrawnWholeAgain() throws {
    let (view, data) = makeGrid([10])
    defer { withExtendedLifetime(data) {} }
    let terminal = HeadlessTerminal(width: 40, height: 12)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    try loop.run(untilIdle: true)
    let before = terminal.text
    // Suspended and resumed: the screen holds something else, and the terminal says so with a resize to its size.
    terminal.simulateResume()
    #expect(terminal.text != before)
    terminal.send(.resize(width: 40, height: 12))
    try loop.run(untilIdle: true)
    #expect(terminal.text == before)
    #expect(terminal.takeScreenReset() == nil)  // taken by the loop
    #expect(loop.framesPresented == 2)
  }

  @Test func resizeKeepsTheFocusedItemInView() throws {
    let (view, data) = makeGrid([1000], width: 120, height: 40)
    defer { withExtendedLifetime(data) {} }
    let terminal = HeadlessTerminal(width: 120, height: 40)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    terminal.send(keys: Key(.end))
    terminal.send(.resize(width: 30, height: 6), .resize(width: 2, height: 2), .resize(width: 80, height: 24))
    try loop.run(untilIdle: true)
    #expect(terminal.screen.width == 80)
    #expect(view.indexPathsForVisibleItems.contains(IndexPath(item: 999, section: 0)))
    #expect(terminal.text.contains("Item 0.999"))
  }

  @Test func qQuitsAndTheTerminalIsRestored() throws {
    let (view, data) = makeGrid([10])
    defer { withExtendedLifetime(data) {} }
    let terminal = HeadlessTerminal(width: 80, height: 24)
    terminal.send(keys: .char("q"), Key(.down))
    try TerminalRunLoop(terminal: terminal, scene: GridScene(view)).run()
    #expect(terminal.isRestored)
    #expect(terminal.pendingEvents.count == 1)
  }

  @Test func anErrorThrownOutOfTheLoopStillRestoresTheTerminal() {
    final class Failing: Terminal {
      var width = 10
      var height = 5
      var capabilities = TerminalCapabilities(colors: .none)
      var restored = false
      struct Broken: Error {}
      func nextEvent(timeout: Duration?) throws -> InputEvent? { throw Broken() }
      func present(_ update: FrameUpdate) throws {}
      func restore() { restored = true }
    }
    let (view, data) = makeGrid([10])
    defer { withExtendedLifetime(data) {} }
    let terminal = Failing()
    #expect(throws: Failing.Broken.self) { try TerminalRunLoop(terminal: terminal, scene: GridScene(view)).run() }
    #expect(terminal.restored)
  }

  @Test func mouseClickFocusesAndWheelScrolls() throws {
    let (view, data) = makeGrid([400])
    defer { withExtendedLifetime(data) {} }
    let terminal = HeadlessTerminal(width: 80, height: 24)
    terminal.send(.mouse(MouseEvent(.click, x: 17, y: 4)), .mouse(MouseEvent(.scrollDown, x: 5, y: 5)))
    terminal.send(.mouse(MouseEvent(.doubleClick, x: 17, y: 4)))
    try TerminalRunLoop(terminal: terminal, scene: GridScene(view)).run(untilIdle: true)
    #expect(view.isSelected(IndexPath(item: 6, section: 0)))
    #expect(view.contentOffset.y == 3)
    #expect(data.activated == [IndexPath(item: 11, section: 0)])  // row 2 after scrolling 3 rows
  }
}
