/// Makes text from data safe for a terminal: control characters and escape
/// sequences become visible symbols instead of being sent to the terminal.
///
/// - C0 controls (U+0000-U+001F) become their Control Pictures (ESC shows as
///   "␛", so an escape sequence prints as harmless text); a tab becomes a space.
/// - DEL becomes "␡"; C1 controls (U+0080-U+009F) and lone surrogates "�".
/// - Bidirectional overrides and isolates are dropped (they could reorder what
///   follows on some terminals).
/// - A grapheme that starts with a combining mark gets a dotted circle base
///   ("◌́") so it cannot join the cell before it.
public enum TextSanitizer {
  /// The safe form of one grapheme, or nil when it should be dropped.
  @inlinable public static func sanitize(_ c: Character) -> Character? {
    if let ascii = c.asciiValue {
      if ascii >= 0x20 && ascii < 0x7F { return c }
      return replacement(forControl: UInt32(ascii))
    }
    return sanitizeSlow(c)
  }

  @usableFromInline static func replacement(forControl v: UInt32) -> Character {
    switch v {
    case 0x09: return " "
    case 0x0A, 0x0D: return "␤"
    case 0x7F: return "␡"
    case 0x00..<0x20: return Character(Unicode.Scalar(0x2400 + v)!)
    default: return "\u{FFFD}"
    }
  }

  @usableFromInline static func isBidiControl(_ v: UInt32) -> Bool {
    (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
      || v == 0x061C
  }

  @usableFromInline static func sanitizeSlow(_ c: Character) -> Character? {
    let scalars = c.unicodeScalars
    var clean = true
    for s in scalars where s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) || isBidiControl(s.value) {
      clean = false
      break
    }
    if clean {
      let first = scalars.first!
      if first.value >= 0x300, DisplayWidth.of(first) == 0, !isJoinerOnly(first) {
        var s = String.UnicodeScalarView()
        s.append("\u{25CC}")
        s.append(contentsOf: scalars)
        return Character(String(s))
      }
      return c
    }
    // A control somewhere in the cluster: show the first control's picture;
    // drop bidi controls and keep what else is there.
    var kept = String.UnicodeScalarView()
    for s in scalars {
      if s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) {
        return replacement(forControl: s.value)
      }
      if !isBidiControl(s.value) { kept.append(s) }
    }
    return kept.isEmpty ? nil : Character(String(kept))
  }

  @usableFromInline static func isJoinerOnly(_ s: Unicode.Scalar) -> Bool {
    s.value == 0x200B || s.value == 0x200D || s.value == 0xFEFF
  }

  /// The safe form of a whole string.
  public static func sanitize(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for c in s {
      if let safe = sanitize(c) { out.append(safe) }
    }
    return out
  }
}
