/// Random input a clumsy person or an attacker would type, for fuzzing a
/// terminal program on a ``PseudoTerminalSession``: keys, arrows and
/// function keys, control characters, SGR mouse reports (some with huge or
/// nonsense numbers), truncated and garbage escape sequences, invalid
/// UTF-8, NULs, bracketed pastes, long pastes, terminal replies (whole, or
/// cut in two parts that arrive apart, as over a slow link; cell sizes in
/// pixels from 0 to past any terminal's), resizes (from 0x0 up),
/// signals (Ctrl-Z and continue), and characters that join the one before
/// them (combining accents, Hangul jamo, regional indicators, joiners,
/// emoji modifiers, variation selectors), as a keyboard or an input method
/// types them: a code point at a time. Seeded, so a failing session replays.
public struct InputFuzzer {
  /// One thing done to the program.
  public enum Action: Equatable {
    /// Bytes typed.
    case bytes([UInt8])
    /// Bytes arriving in parts, `gap` apart (a terminal's reply cut by a slow link).
    case bytesInParts([[UInt8]], gap: Duration)
    /// The window resized.
    case resize(columns: Int, rows: Int)
    /// A signal sent (SIGTSTP then SIGCONT, for a suspend and resume).
    case suspendAndResume
  }

  private var random: SplitMix64
  /// Whether a lone Esc quits the program under test (it is then typed
  /// only where quitting may happen).
  public var escapeQuits: Bool

  /// A fuzzer whose choices follow from `seed`; `escapeQuits` for a
  /// program that a lone Esc ends, so that sessions last.
  public init(seed: UInt64, escapeQuits: Bool = false) {
    random = SplitMix64(seed: seed)
    self.escapeQuits = escapeQuits
  }

  private mutating func next() -> UInt64 { random.next() }

  private mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
  private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

  static let keys: [String] = [
    "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}OA", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[H", "\u{1B}[F",
    "\u{1B}[1~", "\u{1B}[4~", "\u{1B}[3~", "\u{1B}[2~", "\u{1B}[Z", "\u{1B}[1;2A", "\u{1B}[1;2C", "\u{1B}OP",
    "\u{1B}[15~", "\r", "\t", " ", "\u{7F}", "\u{8}", "?", "/", "a", "d", "i", "m", "u", "L", "o", "s",
    "S", "+", "-", "=", "j", "k", "h", "l", "g", "G", "x", "é", "漢", "🙂",
  ]

  /// Code points that join what comes before them (or after: U+0600),
  /// and some that carry them.
  static let joining: [String] = [
    "e", "a", " ", "漢", "\u{301}", "\u{308}", "\u{20DD}", "\u{93F}", "\u{1F1EB}", "\u{1F1F7}", "\u{1F1FA}", "\u{1100}",
    "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{200D}", "\u{200C}", "\u{1F468}", "\u{1F469}", "\u{1F467}", "\u{1F44B}",
    "\u{1F3FD}", "\u{2764}", "\u{FE0F}", "\u{FE0E}", "\u{1F3F4}", "\u{E0067}", "\u{E007F}", "\u{600}",
  ]

  /// Text as a keyboard or an input method types it: 1 to 24 code points,
  /// most of which join the one before them (as UTF-8, one write).
  public mutating func joiningText() -> [UInt8] {
    var text: [UInt8] = []
    for _ in 0..<(1 + below(24)) { text += Array(pick(Self.joining).utf8) }
    return text
  }

  /// A key that opens a text field (one of `openers`) and then joining
  /// text typed into it.
  public mutating func textEntry(openers: [String]) -> [UInt8] {
    Array(pick(openers).utf8) + joiningText()
  }

  /// The next action; quitting keys (q, Ctrl-C) only when `mayQuit`.
  public mutating func nextAction(mayQuit: Bool = false) -> Action {
    switch below(100) {
    case 0..<40: return .bytes(Array(pick(Self.keys).utf8))
    case 40..<45: return .bytes(joiningText())
    case 45..<52:
      // A control character: not Ctrl-C or Ctrl-Z unless quitting may
      // happen, and never Ctrl-\ (SIGQUIT ends a program with a core dump
      // and Swift's crash report, by design).
      var c = UInt8(below(32))
      if c == 28 || (!mayQuit && (c == 3 || c == 26)) { c = 12 }
      return .bytes([c])
    case 52..<62: return .bytes(mouseReport())
    case 62..<65: return reply()
    case 65..<67:
      // A truncated or garbage escape sequence.
      var garbage = [
        "\u{1B}[", "\u{1B}[<", "\u{1B}[<0;", "\u{1B}[<0;5", "\u{1B}[999999999999999999999A", "\u{1B}]2;x\u{7}",
        "\u{1B}P1$r0m\u{1B}\\", "\u{1B}[?1049l", "\u{1B}[<0;-5;3M", "\u{1B}[<0;0;0M", "\u{1B}[1;999999999C", "\u{1B}O",
      ]
      // Strings without their end read as Esc and keys.
      if !escapeQuits || mayQuit { garbage += ["\u{1B}]2;x", "\u{1B}P"] }
      return .bytes(Array(pick(garbage).utf8))
    case 67..<72:
      // Invalid UTF-8 and NULs.
      return .bytes((0..<(1 + below(4))).map { _ in pick([0x00, 0x80, 0xBF, 0xC0, 0xC3, 0xE9, 0xF5, 0xFF, 0xE6, 0x97]) })
    case 72..<76:
      // A bracketed paste, short or long.
      let length = below(10) == 0 ? 4_000 + below(60_000) : 1 + below(40)
      // (No q unless quitting may happen: a pasted q is a q, and would end most sessions early.)
      let body = (0..<length).map { _ in UInt8(0x20 + below(0x5F)) }.map { $0 == UInt8(ascii: "q") && !mayQuit ? UInt8(ascii: "Q") : $0 }
      return .bytes(Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8))
    case 76..<86:
      let tiny = below(6) == 0
      return .resize(columns: tiny ? below(4) : 2 + below(240), rows: tiny ? below(4) : 2 + below(80))
    case 86..<88: return .suspendAndResume
    case 88..<90 where mayQuit: return .bytes(pick([[0x71], [0x03], [0x71, 0x71], [0x1B], [0x1B, 0x1B, 0x1B]]))
    case 90..<93 where !escapeQuits: return .bytes([0x1B])  // Esc: closes what is open
    default: return .bytes(Array(pick(Self.keys).utf8))
    }
  }

  /// A terminal's reply (to a query it was asked or not): device
  /// attributes, a version, a kitty graphics answer, a cell or window size
  /// in pixels (0, huge, past any integer's range among them); whole, or
  /// cut in two parts 30, 50 or 300 ms apart. (Cut right after its Esc only
  /// where a lone Esc may be taken for the Esc key: not for a program that
  /// Esc ends.)
  public mutating func reply() -> Action {
    let sizes = ["0", "1", "9", "20", "400", "10000", "65535", "999999999", "99999999999999999999"]
    let replies = [
      "\u{1B}[?62;4;22c", "\u{1B}[?1;2c", "\u{1B}[?62;c", "\u{1B}P>|tmux 3.3a\u{1B}\\", "\u{1B}P>|kitty(0.26.5)\u{1B}\\",
      "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\", "\u{1B}[6;\(pick(sizes));\(pick(sizes))t",
      "\u{1B}[4;\(pick(sizes));\(pick(sizes))t",
    ]
    let bytes = Array(pick(replies).utf8)
    guard below(2) == 0 else { return .bytes(bytes) }
    let cut = (escapeQuits ? 2 : 1) + below(bytes.count - 2)
    return .bytesInParts([Array(bytes[..<cut]), Array(bytes[cut...])], gap: .milliseconds(pick([30, 50, 300])))
  }

  private mutating func mouseReport() -> [UInt8] {
    let buttons = [0, 0, 0, 1, 2, 3, 32, 35, 64, 65, 66, 67, 4, 16, 128, 255]
    let button = pick(buttons)
    let big = below(12) == 0
    let x = big ? Int(next() % 4_000_000_000) : 1 + below(260)
    let y = big ? Int(next() % 4_000_000_000) : 1 + below(90)
    let final = below(2) == 0 ? "M" : "m"
    return Array("\u{1B}[<\(button);\(x);\(y)\(final)".utf8)
  }
}
