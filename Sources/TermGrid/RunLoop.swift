import GridRender

/// What a scene says after handling an event.
public enum EventResult: Sendable {
  /// Used (or ignored); keep running.
  case `continue`
  /// Stop the run loop.
  case quit
}

/// The root of what a ``RunLoop`` shows: draws the whole surface and handles
/// input. A collection view is usually one part of it, next to a status line
/// or an overlay.
public protocol Scene: AnyObject {
  /// True when the next frame would differ from the last one drawn.
  var needsDisplay: Bool { get }
  /// Draws the whole screen (the surface has the terminal's size).
  func draw(into surface: inout Surface)
  /// Handles one event.
  func handle(_ event: InputEvent) -> EventResult
  /// True while something animates: the run loop then draws a frame every
  /// ``RunLoop/frameInterval`` instead of blocking on input. Default: false.
  var isAnimating: Bool { get }
}

extension Scene {
  /// Default: nothing animates.
  public var isAnimating: Bool { false }
}

/// Drives a ``Scene`` on a ``Terminal``: waits for input without spinning,
/// handles every pending event before drawing once, and presents a frame
/// only when something changed. While the scene animates it waits at most
/// ``frameInterval`` for input and then draws the next frame; when nothing
/// animates it blocks on input, using no CPU. The terminal is restored however the loop
/// ends: a quit, a thrown error, or a signal (the curses backend's handlers).
public final class RunLoop {
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

  /// Creates a run loop.
  public init(terminal: any Terminal, scene: any Scene) {
    self.terminal = terminal
    self.scene = scene
    surface = Surface(width: terminal.width, height: terminal.height)
  }

  /// Runs until the scene quits. With `untilIdle`, returns as soon as no
  /// input is pending (for tests with a ``HeadlessTerminal``; they step
  /// animations with a manual clock and ``drawFrame(force:)``).
  public func run(untilIdle: Bool = false) throws {
    defer { terminal.restore() }
    try drawFrame(force: true)
    while true {
      let animating = scene.isAnimating
      guard let first = try terminal.nextEvent(timeout: animating ? frameInterval : nil) else {
        if animating { try drawFrame(force: false) }
        if untilIdle { return }
        continue
      }
      var event: InputEvent? = first
      while let e = event {
        if case .resize(let w, let h) = e {
          surface.resize(width: w, height: h)
        }
        if case .quit = scene.handle(e) { return }
        event = try terminal.nextEvent(timeout: .zero)
      }
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
