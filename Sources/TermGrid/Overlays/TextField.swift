import GridRender

/// A line of text being typed, with a cursor: what ``TextInputOverlay`` and
/// ``FormOverlay`` edit.
///
/// Printable characters insert at the cursor; Backspace and Delete remove
/// before and at it; Left/Right, Home/End (and Ctrl-A/Ctrl-E) move it,
/// Ctrl-Left/Ctrl-Right (or Alt-Left/Alt-Right) by a word; Ctrl-U clears to
/// the start, Ctrl-K to the end, Ctrl-W removes the word before the cursor.
/// A word is a run of characters other than white space. Control
/// characters, escape sequences and invisible format characters are never
/// taken in.
///
/// A paste (``paste(_:)``) goes in at the cursor as text: a field is one
/// line, so a line break in it becomes a space (none at the end), and as
/// much of it as the field has room for is taken.
///
/// The text is edited as grapheme clusters (Swift's `Character`s), the
/// units a reader sees:
/// - The cursor always sits between two clusters; it is counted in
///   clusters from the start.
/// - A typed character that joins the one before it (a combining accent, a
///   Hangul vowel after its consonant, the second regional indicator of a
///   flag, an emoji modifier, a variation selector, a zero-width joiner and
///   what follows it) becomes part of that cluster, and the cursor stays
///   after the merged cluster. The same holds when it joins the cluster
///   after it: the cursor goes after the cluster it ends up in.
/// - Backspace and Delete remove a whole cluster (an accented letter, a
///   flag, a family emoji), as most terminals' line editors do. Should the
///   clusters either side then join (a Hangul consonant and vowel that a
///   letter had kept apart), the cursor goes after the joined cluster.
/// - A cluster holds at most ``maximumScalarsPerCharacter`` code points; a
///   character that would make one longer is refused (Unicode's
///   stream-safe limit is 30 combining marks), so a paste of endless marks
///   cannot make every edit slower.
///
/// Characters that show as nothing on their own (a Hangul vowel typed with
/// no consonant before it) are drawn as a dotted circle, so that every
/// cluster in the field takes at least one cell and can be seen and removed.
public struct TextField: Hashable, Sendable {
  /// The text typed so far (see ``setText(_:)`` to replace it).
  public private(set) var text: String
  /// The cursor, as a count of characters (grapheme clusters) from the start.
  public private(set) var cursor: Int
  /// The most characters (grapheme clusters) the field takes.
  public var maxLength: Int

  /// The most code points one character (grapheme cluster) typed into a
  /// field may hold.
  public static let maximumScalarsPerCharacter = 32

  /// Creates a field holding `text` (up to `maxLength` characters), the cursor at its end.
  public init(_ text: String = "", maxLength: Int = 500) {
    self.text = String(text.prefix(maxLength))
    self.maxLength = maxLength
    cursor = self.text.count
  }

  /// Replaces the text (up to ``maxLength`` characters); the cursor goes to the end.
  public mutating func setText(_ newText: String) {
    text = String(newText.prefix(maxLength))
    cursor = text.count
  }

  /// Applies an editing key. Returns true when the key was an editing key
  /// (whether or not the text changed); Enter, Esc, Tab and the like are not.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    let count = text.count
    if key.modifiers.contains(.control), case .character(let c) = key.code {
      switch c {
      case "a": cursor = 0
      case "e": cursor = count
      case "u": replace(0..<cursor, with: "")
      case "k": replace(cursor..<count, with: "")
      case "w": replace(wordStart(before: cursor)..<cursor, with: "")
      case "h": if cursor > 0 { replace(cursor - 1..<cursor, with: "") }
      default: return false
      }
      return true
    }
    let byWord = !key.modifiers.isDisjoint(with: [.control, .alt])
    switch key.code {
    case .left: cursor = byWord ? wordStart(before: cursor) : max(0, cursor - 1)
    case .right: cursor = byWord ? wordEnd(after: cursor) : min(count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = count
    case .backspace: if cursor > 0 { replace(cursor - 1..<cursor, with: "") }
    case .delete: if cursor < count { replace(cursor..<cursor + 1, with: "") }
    case .character(let c):
      guard !key.modifiers.contains(.alt), Self.accepts(c, after: cursor > 0) else { return false }
      replace(cursor..<cursor, with: String(c), refusingLongerThan: maxLength)
    default: return false
    }
    return true
  }

  /// Inserts pasted text at the cursor, as typed characters would be but in
  /// one edit: each line break (CR, LF, CR LF, NEL, U+2028, U+2029) and tab
  /// becomes a space, line breaks at the end are left out, characters the
  /// field never takes (controls, escape sequences' bytes, invisible
  /// format characters not joining a character, bidi controls) are left
  /// out, as is a character of more than ``maximumScalarsPerCharacter``
  /// code points. When the field has room for only part of it, the first
  /// part goes in. The cursor goes after what went in. Returns true when
  /// the text changed.
  @discardableResult
  public mutating func paste(_ pasted: String) -> Bool {
    var clean = ""
    var pendingSpaces = 0
    for c in pasted {
      if c.isNewline || c == "\t" {
        pendingSpaces += 1
        continue
      }
      let afterCharacter = !clean.isEmpty || pendingSpaces > 0 || cursor > 0
      guard c.unicodeScalars.count <= Self.maximumScalarsPerCharacter, Self.accepts(c, after: afterCharacter) else { continue }
      if pendingSpaces > 0 {
        clean += String(repeating: " ", count: pendingSpaces)
        pendingSpaces = 0
      }
      clean.append(c)
    }
    // (A tab or line break with text after it, but none at the end.)
    guard !clean.isEmpty else { return false }
    let before = text
    var pieces = Array(clean)
    pieces.removeLast(max(0, pieces.count - max(0, maxLength - text.count + 1)))
    // As much as fits: the whole, else shorter (a character joining its
    // neighbour can make the count differ by one).
    while !pieces.isEmpty {
      replace(cursor..<cursor, with: String(pieces), refusingLongerThan: maxLength)
      if text != before { return true }
      pieces.removeLast()
    }
    return false
  }

  /// Replaces the characters `range` (counted in characters) with
  /// `replacement` and puts the cursor after what was put in, rounded up to
  /// the end of the cluster it falls in when the new text joins its
  /// neighbours. With `limit`, an edit that would leave more characters than
  /// that, or a cluster longer than ``maximumScalarsPerCharacter``, is not
  /// made.
  private mutating func replace(_ range: Range<Int>, with replacement: String, refusingLongerThan limit: Int? = nil) {
    let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
    let upper = text.index(lower, offsetBy: range.count)
    let anchor = text.unicodeScalars.distance(from: text.startIndex, to: lower) + replacement.unicodeScalars.count
    var edited = text
    edited.replaceSubrange(lower..<upper, with: replacement)
    // The first cluster boundary at or after the anchor.
    let anchorIndex = edited.unicodeScalars.index(edited.startIndex, offsetBy: anchor)
    var boundary = edited.startIndex
    var clusters = 0
    while boundary < anchorIndex {
      boundary = edited.index(after: boundary)
      clusters += 1
    }
    if let limit {
      guard clusters + edited[boundary...].count <= limit else { return }
      if clusters > 0 {
        let joined = edited[edited.index(before: boundary)]
        guard joined.unicodeScalars.count <= Self.maximumScalarsPerCharacter else { return }
      }
    }
    text = edited
    cursor = clusters
  }

  /// Where the word before `position` starts (white space before it skipped).
  private func wordStart(before position: Int) -> Int {
    let chars = Array(text)
    var start = position
    while start > 0, chars[start - 1].isWhitespace { start -= 1 }
    while start > 0, !chars[start - 1].isWhitespace { start -= 1 }
    return start
  }

  /// Where the word after `position` ends (white space before it skipped).
  private func wordEnd(after position: Int) -> Int {
    let chars = Array(text)
    var end = position
    while end < chars.count, chars[end].isWhitespace { end += 1 }
    while end < chars.count, !chars[end].isWhitespace { end += 1 }
    return end
  }

  /// A character a field takes: printable, not a line break, shown as
  /// itself. Joiners (U+200C, U+200D) and emoji tag characters, which are
  /// format characters, are taken only `afterCharacter`, where they join it.
  static func accepts(_ c: Character, after afterCharacter: Bool = false) -> Bool {
    if c.isNewline { return false }
    if let a = c.asciiValue { return a >= 0x20 && a != 0x7F }
    // The first scalar must show, or join what comes before; joiners and selectors may follow it (emoji sequences).
    for (i, s) in c.unicodeScalars.enumerated() {
      switch s.properties.generalCategory {
      case .control, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return false
      case .format where i == 0 && !(afterCharacter && isJoiner(s)): return false
      case .format where isBidiControl(s): return false
      default: continue
      }
    }
    return true
  }

  /// Format characters that belong to the character before them: the
  /// zero-width joiner and non-joiner, and the tag characters of emoji tag
  /// sequences (the flags of England, Scotland, Wales).
  private static func isJoiner(_ s: Unicode.Scalar) -> Bool {
    s.value == 0x200C || s.value == 0x200D || (0xE0020...0xE007F).contains(s.value)
  }

  /// Characters that reorder the text around them on some terminals.
  private static func isBidiControl(_ s: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value) || s.value == 0x200E || s.value == 0x200F
      || s.value == 0x061C
  }

  /// How a cluster of the text is shown: itself, or a dotted circle when
  /// it would show as nothing.
  private static func shown(_ c: Character) -> (text: String, width: Int) {
    let text = String(c)
    let width = DisplayWidth.of(text)
    return width > 0 ? (text, width) : ("\u{25CC}", 1)
  }

  /// Draws the text from (x, y) within `width` columns, scrolled so the
  /// cursor shows, the cursor in `cursorStyle` (reverse video by default)
  /// when `showsCursor`. Never draws outside those columns, nor half of a
  /// wide character. Returns the columns used. With `showsCursor`, the
  /// terminal's cursor rests on the cursor (<doc:/GridRender/Surface/cursor>).
  @discardableResult
  public func draw(
    on surface: inout Surface, x: Int, y: Int, width: Int, style: Style, showsCursor: Bool = true,
    cursorStyle: Style? = nil
  ) -> Int {
    guard width > 0 else { return 0 }
    let glyphs = text.map(Self.shown)
    // The first character shown: as far left as lets the cursor (its character, or one cell at the end) fit.
    let cursorWidth = cursor < glyphs.count ? glyphs[cursor].width : 1
    var start = 0
    var span = glyphs[0..<cursor].reduce(0) { $0 + $1.width } + (showsCursor ? cursorWidth : 0)
    while span > width, start < cursor {
      span -= glyphs[start].width
      start += 1
    }
    var used = 0
    var i = start
    while i < glyphs.count, used + glyphs[i].width <= width {
      used += surface.draw(glyphs[i].text, x: x + used, y: y, maxWidth: glyphs[i].width, style: style, ellipsis: false)
      i += 1
    }
    guard showsCursor else { return used }
    var cursorLook = cursorStyle ?? style
    if cursorStyle == nil { cursorLook.attributes.formSymmetricDifference(.reverse) }
    let cursorX = x + glyphs[start..<cursor].reduce(0) { $0 + $1.width }
    guard cursorX < x + width else { return used }
    // The terminal's cursor rests here too (for a screen reader that follows it).
    surface.cursor = CellPoint(x: cursorX, y: y)
    if cursor < glyphs.count, cursorX + glyphs[cursor].width <= x + width {
      surface.draw(glyphs[cursor].text, x: cursorX, y: y, maxWidth: glyphs[cursor].width, style: cursorLook, ellipsis: false)
    } else {
      // At the end, or a wide character with one column left for it: the cursor is a cell of its own.
      surface.draw(" ", x: cursorX, y: y, style: cursorLook)
      used = max(used, cursorX - x + 1)
    }
    return used
  }
}
