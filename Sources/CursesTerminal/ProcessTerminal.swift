import CNcursesw
import Synchronization

/// The terminal the process has once: ncurses' own globals (its current
/// screen and terminal, `LINES`, `COLS`, `stdscr`), the process's signal
/// dispositions (the handlers that restore the terminal on SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT and a crash, Ctrl-Z and `fg`, SIGWINCH) and the C shim's
/// state that those handlers read (the output descriptor, the wake pipe, the
/// resize count, the mouse and paste descriptors, the saved terminal
/// modes, the bytes written on the way out). A signal is delivered to the
/// process, not to a terminal, and ncurses keeps one current screen: none
/// of this can exist twice, so it is claimed, by one holder at a time.
///
/// ``CursesTerminal`` claims it when it opens and gives it back when it is
/// restored; a second ``CursesTerminal`` while one is open is refused with
/// ``ProcessTerminalError/alreadyClaimed``. Every other terminal of the
/// program (a ``StreamTerminal`` on a pseudo-terminal or a socket) needs
/// none of it and runs beside it, as many as the program likes.
///
/// ```swift
/// let claim = try ProcessTerminal.claim()  // throws if a CursesTerminal is open
/// defer { claim.release() }
/// ```
public final class ProcessTerminal: Sendable {
  /// Claims the process's terminal.
  ///
  /// - Throws: ``ProcessTerminalError/alreadyClaimed`` while another claim
  ///   (an open ``CursesTerminal``) holds it.
  public static func claim() throws(ProcessTerminalError) -> ProcessTerminal {
    guard cn_claim_process_terminal() != 0 else { throw .alreadyClaimed }
    return ProcessTerminal()
  }

  /// Whether the claim is given back (by ``release()`` or deinit).
  private let released = Atomic(false)

  private init() {}

  /// Gives the process's terminal back, so that it can be claimed again.
  /// Idempotent; deinit releases too.
  public func release() {
    if released.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
      cn_release_process_terminal()
    }
  }

  deinit { release() }
}

/// Why the process's terminal could not be claimed.
public enum ProcessTerminalError: Error, Equatable, CustomStringConvertible {
  /// Another claim holds it: a ``CursesTerminal`` is open (ncurses and the
  /// signal handlers exist once per process). A second session runs on a
  /// ``StreamTerminal`` instead.
  case alreadyClaimed

  /// A readable form, for messages and tests.
  public var description: String {
    switch self {
    case .alreadyClaimed:
      "the process's terminal is already open (ncurses and the signal handlers exist once per process); open other sessions on a StreamTerminal"
    }
  }
}
