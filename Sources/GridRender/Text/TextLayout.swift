/// A sanitised grapheme and its display width.
public struct Glyph: Equatable, Sendable {
  /// The grapheme cluster drawn.
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
      if let a = c.asciiValue, a >= 0x20, a < 0x7F {
        result.append(Glyph(character: c, width: 1))
        continue
      }
      for safe in TextSanitizer.safeGraphemes(of: c) {
        let w = DisplayWidth.of(safe)
        if w > 0 { result.append(Glyph(character: safe, width: w)) }
      }
    }
    return result
  }

  /// `text` cut to at most `width` columns, ending in "…" when cut. A wide
  /// grapheme that would straddle the limit is left out whole.
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    let g = glyphs(text)
    let total = g.reduce(0) { $0 + $1.width }
    if total <= width { return fitting(g[...], width) }
    var used = 0
    var end = 0
    for glyph in g {
      if used + glyph.width > width - 1 { break }
      used += glyph.width
      end += 1
    }
    return fitting(g[0..<end], width - 1) + "…"
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
      lines.append(fitting(g[i..<lineEnd], width))
      i = next
    }
    return lines
  }

  /// The glyphs as a string no wider than `width` once measured again:
  /// joined into a string, a grapheme can merge with the one before it (a
  /// skin-tone modifier after a letter) and measure differently, so the
  /// end is trimmed until it fits.
  static func fitting(_ glyphs: ArraySlice<Glyph>, _ width: Int) -> String {
    var end = glyphs.endIndex
    while true {
      let line = String(glyphs[glyphs.startIndex..<end].map(\.character))
      if end == glyphs.startIndex || DisplayWidth.of(line) <= width { return line }
      end -= 1
    }
  }
}
