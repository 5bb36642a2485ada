/// A sanitised grapheme and its display width.
public struct Glyph: Equatable, Sendable {
  /// The grapheme.
  public var character: Character
  /// The width in cells.
  public var width: Int
}

/// Measuring, truncating and wrapping text by display width.
public enum TextLayout {
  /// The sanitised graphemes of `text` with their widths (zero-width ones dropped).
  public static func glyphs(_ text: String) -> [Glyph] {
    var result: [Glyph] = []
    result.reserveCapacity(text.utf8.count)
    for c in text {
      guard let safe = TextSanitizer.sanitize(c) else { continue }
      let w = DisplayWidth.of(safe)
      if w > 0 { result.append(Glyph(character: safe, width: w)) }
    }
    return result
  }

  /// `text` cut to at most `width` columns, ending in "…" when cut. A wide
  /// grapheme that would straddle the limit is left out whole.
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    let g = glyphs(text)
    let total = g.reduce(0) { $0 + $1.width }
    if total <= width { return String(g.map(\.character)) }
    var out = ""
    var used = 0
    for glyph in g {
      if used + glyph.width > width - 1 { break }
      out.append(glyph.character)
      used += glyph.width
    }
    return out + "…"
  }

  /// Wraps `text` into at most `maxLines` lines of `width` columns: breaks at
  /// spaces where it can, anywhere in a word longer than the line (and
  /// between CJK characters); the last line ends in "…" if text remains.
  public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    let g = glyphs(text)
    var lines: [String] = []
    var i = 0
    while i < g.count && lines.count < maxLines {
      while i < g.count, g[i].character == " " { i += 1 }  // no leading spaces
      guard i < g.count else { break }
      // Take as much as fits.
      var used = 0
      var end = i
      while end < g.count, used + g[end].width <= width {
        used += g[end].width
        end += 1
      }
      var next = end
      if end < g.count, g[end].character != " " {
        // Back up to the last space inside the line, unless the word is longer than a line.
        var k = end
        while k > i, g[k - 1].character != " " { k -= 1 }
        if k > i {
          end = k - 1
          next = k
        }
      }
      var lineEnd = end
      while lineEnd > i, g[lineEnd - 1].character == " " { lineEnd -= 1 }
      let isLast = lines.count == maxLines - 1
      var rest = next
      while rest < g.count, g[rest].character == " " { rest += 1 }
      if isLast && rest < g.count {
        lines.append(truncate(String(g[i..<g.count].map(\.character)), toWidth: width))
        return lines
      }
      lines.append(String(g[i..<lineEnd].map(\.character)))
      i = next
    }
    return lines
  }
}
