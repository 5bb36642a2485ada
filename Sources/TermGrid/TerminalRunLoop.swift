import GridRender

/// Drives a ``Scene`` on a ``Terminal``: waits for input without spinning,
/// handles every pending event before drawing once, and presents a frame
/// only when something changed.
///
/// After each frame it asks the scene ``Scene/needsDisplay`` again: while
/// that stays true (an animation is running) it waits at most
/// ``frameInterval`` for input and then draws the next frame; otherwise it
/// blocks on input, using no CPU. It ends when the scene says
/// ``EventResult/quit``, when the input ends (``InputEvent/endOfInput``:
/// standard input closed), or when the scene throws; the terminal is
/// restored however it ends (signals are the curses backend's handlers').
///
/// Most apps run through ``Application/run(_:name:terminal:)``, which opens the
/// terminal and reports errors; tests run a loop on a ``HeadlessTerminal``.
public final class TerminalRunLoop {
  /// The terminal drawn to.
  public let terminal: any Terminal
  /// The scene shown.
  public let scene: any Scene
  /// The surface reused for every frame.
  public private(set) var surface: Surface
  /// How many frames were presented.
  public private(set) var framesPresented = 0
  /// The time between animation frames (60 a second).
  public var frameInterval: Duration = .milliseconds(16)
  /// Whether the scene has been told what the terminal can show.
  private var hasAppeared = false

  /// Creates a run loop.
  public init(terminal: any Terminal, scene: any Scene) {
    self.terminal = terminal
    self.scene = scene
    surface = Surface(width: terminal.width, height: terminal.height)
  }

  /// Runs until the scene quits or the input ends. With `untilIdle`, also
  /// returns as soon as no input is pending and nothing animates (for tests
  /// with a ``HeadlessTerminal``; its `onWait` can advance a
  /// ``ManualAnimationClock`` so animations run to their end).
  public func run(untilIdle: Bool = false) throws {
    defer { terminal.restore() }
    if !hasAppeared {
      hasAppeared = true
      scene.willAppear(on: terminal.capabilities)
    }
    try drawFrame(force: true)
    while true {
      let animating = scene.needsDisplay
      // Results expected from background work (pictures): look every frame interval.
      let awaiting = !animating && scene.hasPendingWork
      guard let first = try terminal.nextEvent(timeout: animating || awaiting ? frameInterval : nil) else {
        if animating || awaiting {
          scene.takeFinishedWork()
          try drawFrame(force: false)
          continue
        }
        // Nothing pending and nothing to draw. A terminal returns nil from a
        // wait without a timeout only when it has no input left (a test's
        // script): stop rather than spin.
        return
      }
      var event: InputEvent? = first
      while let e = event {
        switch e {
        case .endOfInput: return
        case .resize(let w, let h) where w != surface.width || h != surface.height:
          surface.resize(width: w, height: h)
        default: break
        }
        if case .quit = try scene.handle(e) { return }
        event = try terminal.nextEvent(timeout: .zero)
      }
      scene.takeFinishedWork()
      try drawFrame(force: false)
    }
  }

  /// Draws and presents a frame if the scene needs one (or `force`).
  public func drawFrame(force: Bool) throws {
    if surface.width != terminal.width || surface.height != terminal.height {
      surface.resize(width: terminal.width, height: terminal.height)
    }
    guard force || scene.needsDisplay else { return }
    scene.draw(into: &surface)
    try terminal.present(surface)
    surface.markPresented()
    framesPresented += 1
  }
}
