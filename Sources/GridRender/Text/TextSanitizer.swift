/// Makes text from data safe for a terminal: control characters and escape
/// sequences become visible symbols instead of being sent to the terminal,
/// and every grapheme that reaches a cell is one the terminal draws in the
/// width ``DisplayWidth`` gives it.
///
/// - C0 controls (U+0000-U+001F) become their Control Pictures (ESC shows as
///   "␛", so an escape sequence prints as harmless text); a tab becomes a space.
/// - DEL becomes "␡"; C1 controls (U+0080-U+009F) and lone surrogates "�".
/// - Bidirectional overrides and isolates are dropped (they could reorder what
///   follows on some terminals).
/// - A grapheme that starts with a combining mark gets a dotted circle base
///   ("◌́") so it cannot join the cell before it.
/// - Invisible characters at the start of a grapheme that no base can carry
///   (a word joiner U+2060, a lone Hangul vowel or final consonant, tags,
///   format characters such as U+0600) are dropped, and what follows them is
///   kept.
/// - Emoji skin-tone modifiers after something that is not an emoji they can
///   modify stand on their own (two cells) instead of hiding in the cell
///   before them.
///
/// Every path is total: any string, however malformed, gives safe graphemes.
public enum TextSanitizer {
  /// The safe form of one grapheme, or nil when it should be dropped. When
  /// the grapheme's safe form is more than one grapheme (see
  /// ``safeGraphemes(of:)``), the first.
  @inlinable public static func sanitize(_ c: Character) -> Character? {
    if let ascii = c.asciiValue {
      if ascii >= 0x20 && ascii < 0x7F { return c }
      return replacement(forControl: UInt32(ascii))
    }
    return safeGraphemes(of: c).first
  }

  /// The safe graphemes one grapheme becomes: usually itself, none for an
  /// invisible one, and more than one where it held parts a terminal draws
  /// apart.
  public static func safeGraphemes(of c: Character) -> [Character] {
    if let ascii = c.asciiValue {
      if ascii >= 0x20 && ascii < 0x7F { return [c] }
      return [replacement(forControl: UInt32(ascii))]
    }
    if isPlainVisible(c) { return [c] }
    var kept = String.UnicodeScalarView()
    for s in c.unicodeScalars {
      // A control anywhere in the cluster: show the first control's picture.
      if s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) { return [replacement(forControl: s.value)] }
      if !isBidiControl(s.value) { kept.append(s) }
    }
    var result: [Character] = []
    appendSafe(String(kept), to: &result, depth: 0)
    return result
  }

  /// A single code point past the controls that takes cells of its own
  /// (most letters, CJK, emoji): safe as it is.
  @inlinable static func isPlainVisible(_ c: Character) -> Bool {
    let scalars = c.unicodeScalars
    guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else { return false }
    return first.value >= 0xA0 && !isBidiControl(first.value) && DisplayWidth.of(first) > 0
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

  /// Appends the safe graphemes of `text` (no controls left in it) to `result`.
  static func appendSafe(_ text: String, to result: inout [Character], depth: Int) {
    for c in text {
      let scalars = Array(c.unicodeScalars)
      let first = scalars[0]
      // Skin-tone modifiers that follow something they cannot modify.
      if scalars.count > 1, !first.properties.isEmojiModifierBase,
        let split = scalars.firstIndex(where: { $0.properties.isEmojiModifier }), split > 0, depth < 4
      {
        appendSafe(string(scalars[..<split]), to: &result, depth: depth + 1)
        for modifier in scalars[split...] { appendSafe(string([modifier]), to: &result, depth: depth + 1) }
        continue
      }
      guard first.value >= 0x300, DisplayWidth.of(first) == 0, !isJoinerOnly(first) else {
        result.append(c)
        continue
      }
      // A combining mark first: on a dotted circle, where that makes one grapheme.
      if isCombiningMark(first) {
        var marked = String.UnicodeScalarView()
        marked.append("\u{25CC}")
        marked.append(contentsOf: scalars)
        let withBase = String(marked)
        if withBase.count == 1, let one = withBase.first {
          result.append(one)
          continue
        }
      }
      // Invisible scalars no base can carry: dropped, the rest kept.
      guard depth < 4 else { continue }
      let rest = scalars.drop { DisplayWidth.of($0) == 0 && !isCombiningMark($0) }
      if rest.count == scalars.count {
        // Only combining marks that would not join a circle: show them as one replacement.
        result.append("\u{FFFD}")
      } else if !rest.isEmpty {
        appendSafe(string(rest), to: &result, depth: depth + 1)
      }
    }
  }

  static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
    var s = String.UnicodeScalarView()
    s.append(contentsOf: scalars)
    return String(s)
  }

  static func isCombiningMark(_ s: Unicode.Scalar) -> Bool {
    switch s.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark: return true
    default: return false
    }
  }

  @usableFromInline static func isJoinerOnly(_ s: Unicode.Scalar) -> Bool {
    s.value == 0x200B || s.value == 0x200D || s.value == 0xFEFF
  }

  /// The safe form of a whole string.
  public static func sanitize(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for c in s {
      if c.asciiValue.map({ $0 >= 0x20 && $0 < 0x7F }) == true {
        out.append(c)
      } else {
        for safe in safeGraphemes(of: c) { out.append(safe) }
      }
    }
    return out
  }
}
