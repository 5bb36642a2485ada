import CursesTerminal
import GridPlatform
import GridRender

/// The entry point of a TermGrid program: opens the terminal, runs a scene
/// (a ``CollectionViewController`` or any ``Scene``) until it quits or the
/// input ends, and exits.
///
/// ```swift
/// Application.run(Planets(layout: FlowLayout()))
/// ```
///
/// Whatever fails, the program ends the same clean way: the terminal is
/// restored, a message naming the program and what failed goes to standard
/// error (`planets: cannot start the terminal (TERM=dumb) ...`), and the
/// exit status is 1. A quit, the end of input (standard input closed) and
/// Ctrl-C (asked through ``CollectionViewController/shouldQuit()``) exit with 0.
public enum Application {
  /// Runs `scene` in the terminal and exits the process: status 0 when it
  /// quits or the input ends, 1 with a message when anything throws.
  ///
  /// - Parameters:
  ///   - scene: makes the scene (usually a ``CollectionViewController``);
  ///     made before the terminal opens, so an error reading its data is
  ///     reported on a normal screen.
  ///   - name: the program's name in error messages; the executable's by default.
  ///   - terminal: opens the terminal; by default the curses terminal on
  ///     standard input and output, with Ctrl-C delivered as a key.
  public static func run(
    _ scene: @autoclosure () throws -> any Scene, name: String? = nil,
    terminal: () throws -> any Terminal = { try CursesTerminal(interruptKey: true) }
  ) -> Never {
    run(name: name, terminal: terminal, scene)
  }

  /// Makes the scene with `makeScene` (reading its data, say), then runs it
  /// as ``run(_:name:terminal:)`` does. An error from `makeScene` is reported
  /// before the screen changes.
  ///
  /// ```swift
  /// // Planets: your CollectionViewController, made from a file's lines.
  /// Application.run(name: "planets") {
  ///   try Planets(names: String(contentsOfFile: "planets.txt", encoding: .utf8).split(separator: "\n").map(String.init))
  /// }
  /// ```
  public static func run(
    name: String? = nil, terminal: () throws -> any Terminal = { try CursesTerminal(interruptKey: true) },
    _ makeScene: () throws -> any Scene
  ) -> Never {
    do {
      let scene = try makeScene()
      try Session(scene: scene, terminal: try terminal()).run()
    } catch {
      fail(error, name: name)
    }
    exit(0)
  }

  /// Writes `name: error` to standard error and exits with status 1 (for
  /// errors an app finds before it runs, such as a missing file).
  public static func fail(_ error: any Error, name: String? = nil) -> Never {
    fail(String(describing: error), name: name)
  }

  /// Writes `name: message` to standard error, sanitised (control
  /// characters and escape sequences shown as symbols), and exits with status 1.
  public static func fail(_ message: String, name: String? = nil) -> Never {
    report(message, name: name)
    exit(1)
  }

  /// Writes `name: message` and a line break to standard error (`name` is
  /// the program's by default), the message sanitised: a message may carry
  /// text from a file or a file name, and no control character or escape
  /// sequence of it reaches the terminal. A line break of the message's own
  /// shows as a symbol; the line ends in a real one. For notes a program
  /// leaves when it exits normally ("3 rows were skipped").
  public static func report(_ message: String, name: String? = nil) {
    let line = TextSanitizer.sanitize("\(name ?? programName): \(message)") + "\n"
    var bytes = Array(line.utf8)[...]
    while !bytes.isEmpty {
      let n = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return }
      bytes = bytes.dropFirst(n)
    }
  }

  /// The executable's name, from the command line.
  public static var programName: String {
    let path = CommandLine.arguments.first ?? "app"
    return path.split(separator: "/").last.map(String.init) ?? path
  }
}
