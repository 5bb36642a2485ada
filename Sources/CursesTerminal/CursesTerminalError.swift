/// Errors from the curses backend.
public enum CursesTerminalError: Error, CustomStringConvertible {
  /// ncurses could not start on this terminal (no TERM, unknown type, not a tty).
  case cannotInitialize(term: String?)
  /// Standard output is a file or a pipe, not a terminal: drawing there
  /// would only fill it with escape sequences.
  case notATerminal
  /// A readable form, for messages and tests.
  public var description: String {
    switch self {
    case .cannotInitialize(let term):
      return "cannot start the terminal (TERM=\(term ?? "unset")); run in a terminal with a known TERM"
    case .notATerminal:
      return "standard output is not a terminal; run in a terminal, not with the output redirected"
    }
  }
}
