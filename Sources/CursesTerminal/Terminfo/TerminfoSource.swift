import CNcursesw

/// A terminal type's terminfo description, read from the database on its
/// own: no terminal of ncurses is made current, so it is what a terminal
/// that is not the process's own (``StreamTerminal``) writes and decodes
/// keys with, on any thread, beside the process's own.
final class TerminalDescription {
  /// The description (freed with the object).
  private let entry: OpaquePointer
  /// The terminal type it describes.
  let term: String

  /// Reads the description of `term`, or nil when the system has none.
  init?(term: String) {
    guard let entry = cn_description_read(term) else { return nil }
    self.entry = entry
    self.term = term
  }

  deinit { cn_description_free(entry) }

  /// A string capability, valid while the description lives.
  func string(_ name: String) -> UnsafePointer<CChar>? { cn_description_string(entry, name) }
  /// A boolean capability.
  func flag(_ name: String) -> Bool { cn_description_flag(entry, name) != 0 }
  /// A numeric capability (nil: absent).
  func number(_ name: String) -> Int? {
    let n = cn_description_number(entry, name)
    return n >= 0 ? Int(n) : nil
  }
}

/// Where terminfo capabilities are read from: the terminal ncurses has
/// made current (the process's own, see ``CursesTerminal``) or a
/// description read on its own.
enum TerminfoSource {
  /// ncurses' current terminal (`tigetstr`).
  case current
  /// A description read on its own.
  case description(TerminalDescription)

  /// A string capability, or nil when the terminal has none (valid while
  /// the terminal, or the description, lives).
  func string(_ name: String) -> UnsafePointer<CChar>? {
    switch self {
    case .current: cn_tigetstr(name)
    case .description(let d): d.string(name)
    }
  }

  /// A boolean capability.
  func flag(_ name: String) -> Bool {
    switch self {
    case .current: cn_tigetflag(name) != 0
    case .description(let d): d.flag(name)
    }
  }

  /// The number of colours the description gives (`colors`; 0: none).
  var colors: Int {
    switch self {
    case .current: max(0, Int(cn_colors()))
    case .description(let d): d.number("colors") ?? 0
    }
  }
}
