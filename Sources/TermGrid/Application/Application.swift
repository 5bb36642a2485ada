import CursesTerminal
import GridRender

#if canImport(Glibc)
  import Glibc
#endif

/// The entry point of a TermGrid program: opens the terminal, runs a scene
/// (a ``CollectionViewController`` or any ``Scene``) until it quits or the
/// input ends, and exits.
///
/// ```swift
/// Application.run(Planets())
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
  /// Application.run { try Catalogue(contentsOf: path) }
  /// ```
  public static func run(
    name: String? = nil, terminal: () throws -> any Terminal = { try CursesTerminal(interruptKey: true) },
    _ makeScene: () throws -> any Scene
  ) -> Never {
    do {
      let scene = try makeScene()
      try TerminalRunLoop(terminal: try terminal(), scene: scene).run()
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
    // A message may carry text from a file or a file name: no escape
    // sequence of it reaches the terminal.
    let line = TextSanitizer.sanitize("\(name ?? programName): \(message)") + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(1)
  }

  /// The executable's name, from the command line.
  public static var programName: String {
    let path = CommandLine.arguments.first ?? "app"
    return path.split(separator: "/").last.map(String.init) ?? path
  }
}
