import CursesTerminal
import GridRender
import GridTerminal

/// One running app: a terminal (with its capabilities, its picture probe
/// and its key decoder), the scene it shows (a ``CollectionViewController``
/// with its collection views), and the ``TerminalRunLoop`` that drives them
/// (with the screen each frame is diffed against). Nothing of it is
/// global, so a program holds as many sessions as it likes, each run on a
/// thread of its own: one on the process's own terminal
/// (``init(scene:mouse:)``, what ``Application/run(_:name:terminal:)`` makes)
/// and any number on terminals that are not
/// (``init(scene:input:output:term:width:height:cellPixelSize:environment:mouse:)``:
/// a pseudo-terminal, a socket).
///
/// What a process has only once (ncurses' globals, the signal handlers
/// that restore the terminal, the C shim's state they read) belongs to the
/// <doc:/CursesTerminal/ProcessTerminal>, which the process's <doc:/CursesTerminal/CursesTerminal> claims: a
/// second session on the process's terminal is refused, and sessions on
/// other terminals need none of it. See <doc:Sessions>.
///
/// ```swift
/// // A session on a terminal device `fd` (a pseudo-terminal's side, say),
/// // on a thread of its own; the scene is made on that thread.
/// Thread {
///   do {
///     let session = try Session(
///       scene: Planets(layout: FlowLayout()), input: fd, output: fd, term: "xterm-256color",
///       width: 80, height: 24, environment: ["LANG": "C.UTF-8"])
///     try session.run()  // until the app quits or the input ends
///   } catch {
///     Application.report("session: \(error)")
///   }
/// }.start()
/// ```
public final class Session {
  /// The terminal the session draws to and reads from.
  public let terminal: any Terminal
  /// The scene the session shows.
  public let scene: any Scene
  /// The loop that drives the scene on the terminal.
  public let runLoop: TerminalRunLoop

  /// A session showing `scene` on `terminal` (any terminal: the process's
  /// own, a <doc:/CursesTerminal/StreamTerminal>, a headless one in tests).
  public init(scene: any Scene, terminal: any Terminal) {
    self.terminal = terminal
    self.scene = scene
    runLoop = TerminalRunLoop(terminal: terminal, scene: scene)
  }

  /// A session on the process's own terminal (standard input and output,
  /// through ncurses), Ctrl-C delivered as a key.
  ///
  /// - Throws: <doc:/CursesTerminal/ProcessTerminalError/alreadyClaimed> while another
  ///   session holds the process's terminal, or <doc:/CursesTerminal/CursesTerminalError>.
  public convenience init(scene: any Scene, mouse: Bool = true) throws {
    self.init(scene: scene, terminal: try CursesTerminal(mouse: mouse, interruptKey: true))
  }

  /// A session on a terminal that is not the process's own: a
  /// <doc:/CursesTerminal/StreamTerminal> on `input` and `output` (see
  /// its initializer for the parameters). Its size changes through
  /// <doc:/CursesTerminal/StreamTerminal/resizeHandler>, from any thread
  /// (`(session.terminal as? StreamTerminal)?.resizeHandler`).
  ///
  /// - Throws: <doc:/CursesTerminal/StreamTerminalError>.
  public convenience init(
    scene: any Scene, input: Int32, output: Int32, term: String, width: Int, height: Int,
    cellPixelSize: PixelSize? = nil, environment: [String: String] = [:], mouse: Bool = true
  ) throws {
    let terminal = try StreamTerminal(
      input: input, output: output, term: term, width: width, height: height, cellPixelSize: cellPixelSize,
      environment: environment, mouse: mouse)
    self.init(scene: scene, terminal: terminal)
  }

  /// Runs the scene until it quits, the input ends, or something throws;
  /// the terminal is restored however it ends. Blocks the calling thread
  /// (waiting for input uses no CPU): run each session on a thread of its own.
  public func run() throws { try runLoop.run() }

  /// Wakes the session's run loop from any thread (see ``TerminalRunLoop/wakeUp``).
  public var wakeUp: @Sendable () -> Void { runLoop.wakeUp }
}
