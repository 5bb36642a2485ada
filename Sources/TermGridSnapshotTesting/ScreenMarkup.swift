import GridRender

/// A screen written down as text, for a reference file a reviewer reads in
/// a diff: the plain text of each row, or the text with its styles in a
/// small markup, one screen row to one line.
///
/// Plain text (``plainText(of:)``): each row's graphemes (a wide one once),
/// without trailing spaces, every row kept (so the height shows), a picture
/// shown in pixels as ``pictureMark`` in each of its cells.
///
/// Styled text (``styledText(of:)``): the same rows, with each run of cells
/// in one style written `{style}text{/}` and text in the terminal's default
/// look written bare. A style is its attributes (`bold`, `dim`, `italic`,
/// `underline`, `reverse`, in that order), then its foreground colour, then
/// `on` and its background colour; a colour is an ANSI name (`red`,
/// `brightBlack`), `color123` (the 256-colour palette) or `#rrggbb`. A
/// picture shown in pixels is a run `{picture 1 row 0 column 0}▒▒▒{/}`:
/// pictures numbered 1, 2, ... in reading order of their first cell (not
/// by the terminal's image id, which depends on what was shown before),
/// with the picture's row and column of the run's first cell. A `{` in the
/// text is written `{{`. Styled blanks at the end of a row are kept
/// (a highlighted bar's width is part of the screen); plain ones are not.
///
/// ```text
/// {bold yellow}Books{/} 12 titles
/// {reverse}▸ Dune            {/}  Emma
/// {picture 1 row 0 column 0 on blue}▒▒▒▒{/} Cover
/// ```
public enum ScreenMarkup {
  /// What a cell of a picture shown in pixels (a placeholder cell) reads as.
  public static let pictureMark: Character = "▒"

  /// The surface's rows as plain text, one line each, ending in a newline.
  public static func plainText(of surface: Surface) -> String {
    var out = ""
    for y in 0..<surface.height {
      var line = ""
      for x in 0..<surface.width {
        let cell = surface[x, y]
        if cell.isContinuation { continue }
        line.append(PixelPlaceholder.isPlaceholder(cell) ? pictureMark : cell.grapheme.character)
      }
      while line.last == " " { line.removeLast() }
      out += line
      out += "\n"
    }
    return out
  }

  /// The surface's rows as text with their styles in the markup described
  /// above, one line each, ending in a newline.
  public static func styledText(of surface: Surface) -> String {
    let pictures = pictureNumbers(in: surface)
    var out = ""
    for y in 0..<surface.height {
      var runs: [Run] = []
      var lastPicture: (id: UInt32, row: Int, column: Int)?
      for x in 0..<surface.width {
        let cell = surface[x, y]
        if cell.isContinuation { continue }
        if let placeholder = PixelPlaceholder.decode(cell), let number = pictures[placeholder.id] {
          // (The foreground carries the terminal's image id: the picture's number stands for it.)
          var look = cell.style
          look.foreground = .default
          let rest = description(of: look)
          let key = "\(number) \(rest)"
          let continues = lastPicture.map { $0.id == placeholder.id && $0.row == placeholder.row && $0.column + 1 == placeholder.column }
          if continues == true, runs.last?.pictureKey == key {
            runs[runs.count - 1].text.append(pictureMark)
          } else {
            let tag = "picture \(number) row \(placeholder.row) column \(placeholder.column)" + (rest.isEmpty ? "" : " " + rest)
            runs.append(Run(tag: tag, text: String(pictureMark), pictureKey: key))
          }
          lastPicture = placeholder
          continue
        }
        lastPicture = nil
        let tag = description(of: cell.style)
        let text = cell.grapheme.character == "{" ? "{{" : String(cell.grapheme.character)
        if let last = runs.last, last.pictureKey == nil, last.tag == tag {
          runs[runs.count - 1].text += text
        } else {
          runs.append(Run(tag: tag, text: text, pictureKey: nil))
        }
      }
      if let last = runs.last, last.tag.isEmpty {
        var text = Substring(last.text)
        while text.last == " " { text = text.dropLast() }
        runs[runs.count - 1].text = String(text)
      }
      for run in runs { out += run.tag.isEmpty ? run.text : "{\(run.tag)}\(run.text){/}" }
      out += "\n"
    }
    return out
  }

  /// Cells of one style in a row: a picture's run also carries its number
  /// and look, so that only the cells that follow in the same picture row join it.
  private struct Run {
    var tag: String
    var text: String
    var pictureKey: String?
  }

  /// How a style is written in the markup: empty for the terminal's
  /// default look, else its attributes, its foreground colour, then `on`
  /// and its background colour (`bold yellow on blue`).
  public static func description(of style: Style) -> String {
    var words: [String] = []
    let names: [(TextAttributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse"),
    ]
    for (attribute, name) in names where style.attributes.contains(attribute) { words.append(name) }
    if style.foreground != .default { words.append(name(of: style.foreground)) }
    if style.background != .default { words += ["on", name(of: style.background)] }
    return words.joined(separator: " ")
  }

  /// How a colour is written: an ANSI colour's name, `color` and a palette
  /// entry's number, or `#rrggbb`.
  public static func name(of color: Color) -> String {
    switch color {
    case .default: return "default"
    case .ansi(let n):
      let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
      if n < 8 { return names[Int(n)] }
      if n < 16 { return "bright" + names[Int(n) - 8].prefix(1).uppercased() + names[Int(n) - 8].dropFirst() }
      return "ansi\(n)"
    case .indexed(let n): return "color\(n)"
    case .rgb(let r, let g, let b):
      func hex(_ v: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(v >> 4)], digits[Int(v & 0xF)]])
      }
      return "#" + hex(r) + hex(g) + hex(b)
    }
  }

  /// Each pixel picture's number, 1, 2, ... in reading order of its first placeholder cell.
  static func pictureNumbers(in surface: Surface) -> [UInt32: Int] {
    var numbers: [UInt32: Int] = [:]
    for y in 0..<surface.height {
      for x in 0..<surface.width {
        let cell = surface[x, y]
        if PixelPlaceholder.isPlaceholder(cell), let id = PixelPlaceholder.id(in: cell), numbers[id] == nil {
          numbers[id] = numbers.count + 1
        }
      }
    }
    return numbers
  }
}
