import GridRender

/// A line of text being typed, with a cursor: what ``TextInputOverlay`` and
/// ``FormOverlay`` edit. Printable characters insert at the cursor;
/// Backspace and Delete remove before and at it; Left/Right, Home/End (and
/// Ctrl-A/Ctrl-E) move it; Ctrl-U clears to the start, Ctrl-K to the end,
/// Ctrl-W removes the word before the cursor. Control characters and
/// escape sequences are never taken in.
public struct TextField: Hashable, Sendable {
  /// The text.
  public private(set) var text: String
  /// The cursor, as a count of characters from the start.
  public private(set) var cursor: Int
  /// The most characters the field takes.
  public var maxLength: Int

  /// Creates a field holding `text`, the cursor at its end.
  public init(_ text: String = "", maxLength: Int = 500) {
    self.text = String(text.prefix(maxLength))
    self.maxLength = maxLength
    cursor = self.text.count
  }

  /// Replaces the text; the cursor goes to the end.
  public mutating func setText(_ newText: String) {
    text = String(newText.prefix(maxLength))
    cursor = text.count
  }

  /// Applies an editing key. Returns true when the key was an editing key
  /// (whether or not the text changed); Enter, Esc, Tab and the like are not.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    var chars = Array(text)
    defer { text = String(chars) }
    if key.modifiers.contains(.control), case .character(let c) = key.code {
      switch c {
      case "a": cursor = 0
      case "e": cursor = chars.count
      case "u":
        chars.removeSubrange(0..<cursor)
        cursor = 0
      case "k": chars.removeSubrange(cursor..<chars.count)
      case "w":
        var start = cursor
        while start > 0, chars[start - 1] == " " { start -= 1 }
        while start > 0, chars[start - 1] != " " { start -= 1 }
        chars.removeSubrange(start..<cursor)
        cursor = start
      case "h":
        if cursor > 0 {
          chars.remove(at: cursor - 1)
          cursor -= 1
        }
      default: return false
      }
      return true
    }
    switch key.code {
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(chars.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = chars.count
    case .backspace:
      if cursor > 0 {
        chars.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete:
      if cursor < chars.count { chars.remove(at: cursor) }
    case .character(let c):
      guard Self.accepts(c), !key.modifiers.contains(.alt) else { return false }
      guard chars.count < maxLength else { return true }
      chars.insert(c, at: cursor)
      cursor += 1
    default: return false
    }
    return true
  }

  /// A character a field takes: printable, not a line break, shown as itself.
  static func accepts(_ c: Character) -> Bool {
    if c.isNewline { return false }
    if let a = c.asciiValue { return a >= 0x20 && a != 0x7F }
    // The first scalar must show; joiners and selectors may follow it (emoji sequences).
    for (i, s) in c.unicodeScalars.enumerated() {
      switch s.properties.generalCategory {
      case .control, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return false
      case .format where i == 0: return false
      default: continue
      }
    }
    return true
  }

  /// Draws the text from (x, y) within `width` columns, scrolled so the
  /// cursor shows, the cursor in `cursorStyle` (reverse video by default)
  /// when `showsCursor`. Returns the columns used.
  @discardableResult
  public func draw(
    on surface: inout Surface, x: Int, y: Int, width: Int, style: Style, showsCursor: Bool = true,
    cursorStyle: Style? = nil
  ) -> Int {
    guard width > 0 else { return 0 }
    let chars = Array(text)
    let widths = chars.map { DisplayWidth.of(String($0)) }
    // The first character shown: as far left as lets the cursor (one cell) fit.
    var start = 0
    var span = widths[0..<cursor].reduce(0, +) + (showsCursor ? 1 : 0)
    while span > width, start < cursor {
      span -= widths[start]
      start += 1
    }
    var used = 0
    var i = start
    while i < chars.count, used + widths[i] <= width {
      used += surface.draw(String(chars[i]), x: x + used, y: y, maxWidth: width - used, style: style, ellipsis: false)
      i += 1
    }
    guard showsCursor else { return used }
    var cursorLook = cursorStyle ?? style
    if cursorStyle == nil { cursorLook.attributes.formSymmetricDifference(.reverse) }
    let cursorX = x + widths[start..<cursor].reduce(0, +)
    if cursor < chars.count {
      surface.draw(String(chars[cursor]), x: cursorX, y: y, maxWidth: width - (cursorX - x), style: cursorLook, ellipsis: false)
    } else if cursorX < x + width {
      surface.draw(" ", x: cursorX, y: y, style: cursorLook)
      used = max(used, cursorX - x + 1)
    }
    return used
  }
}
