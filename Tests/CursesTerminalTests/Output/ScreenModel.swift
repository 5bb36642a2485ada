import GridRender
import GridTerminal

/// A small model of a VT-style terminal, enough to read back what the cell
/// encoder writes: cursor addressing (CUP, HPA, VPA, CUF, CUU/CUD/CUB, CR,
/// LF, BS), SGR (attributes and colours), scroll regions with SU/SD, IND
/// and RI, erasing (ED 2, EL), autowrap with a pending wrap at the margin,
/// and the DEC line-drawing set chosen by `ESC ( 0` or by SO after
/// `ESC ) 0`. Graphemes are measured with TermGrid's own width table.
struct ScreenModel {
  struct Glyph: Equatable {
    var text: String = " "
    var bold = false
    var reverse = false
    var underline = false
  }

  let width: Int
  let height: Int
  private(set) var rows: [[Glyph]]
  private var x = 0
  private var y = 0
  private var pendingWrap = false
  private var top = 0
  private var bottom: Int
  private var pen = Glyph()
  private var g0Drawing = false
  private var g1Drawing = false
  private var shifted = false
  /// Whether the cursor is shown (`CSI ? 25 h` / `l`); shown at first, as on a real terminal.
  private(set) var cursorIsVisible = true
  /// Where the cursor is.
  var cursor: CellPoint { CellPoint(x: x, y: y) }
  /// The cell written last (a mark after it joins it); nil after a move.
  private var lastWritten: (x: Int, y: Int)?
  /// Inside a string (`ESC P`, `ESC _`, `ESC ]` up to `ESC \` or BEL: a
  /// kitty graphics command, a sixel picture), which shows nothing.
  private var inString = false
  /// The start of an escape sequence that the last bytes fed cut short.
  private var carry: [UInt8] = []
  /// Bytes of a UTF-8 sequence not yet complete.
  private var partial: [UInt8] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    rows = Array(repeating: Array(repeating: Glyph(), count: width), count: height)
    bottom = height - 1
  }

  static let drawing: [UInt8: String] = [
    0x60: "◆", 0x61: "▒", 0x66: "°", 0x67: "±", 0x6A: "┘", 0x6B: "┐", 0x6C: "┌", 0x6D: "└", 0x6E: "┼", 0x6F: "⎺",
    0x70: "⎻", 0x71: "─", 0x72: "⎼", 0x73: "⎽", 0x74: "├", 0x75: "┤", 0x76: "┴", 0x77: "┬", 0x78: "│", 0x79: "≤",
    0x7A: "≥", 0x7B: "π", 0x7C: "≠", 0x7D: "£", 0x7E: "·",
    // As kitty draws them (and the Linux console's terminfo lists them): arrows and a block.
    0x2B: "→", 0x2C: "←", 0x2D: "↑", 0x2E: "↓", 0x30: "█",
  ]

  /// The characters of the line-drawing set that draw the light lines
  /// (`j k l m n q t u v w x`): the only ones a frame may write in that set.
  static let lineCharacters: Set<UInt8> = Set("jklmnqtuvwx".utf8)

  /// Every other byte written while the line-drawing set was selected (a
  /// blank among them: mlterm draws a box for it, and so does this model).
  private(set) var strays: [UInt8] = []

  /// The screen's text, row by row (a wide grapheme's second cell empty).
  var lines: [String] { rows.map { $0.map(\.text).joined() } }

  mutating func feed(_ new: [UInt8]) {
    // (An escape sequence cut by the end of a read is kept for the next.)
    let bytes = carry + new
    carry = []
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      i += 1
      if inString {
        if b == 0x1B && i == bytes.count {
          carry = [b]
          return
        }
        if b == 0x07 || (b == 0x1B && bytes[i] == 0x5C) {
          inString = false
          if b == 0x1B { i += 1 }
        }
        continue
      }
      if b == 0x1B || b < 0x20 { lastWritten = nil }
      if !partial.isEmpty || b >= 0x80 {
        partial.append(b)
        if let s = String(validating: partial, as: UTF8.self) {
          partial = []
          write(s)
        } else if partial.count >= 4 {
          partial = []
          write("\u{FFFD}")
        }
        continue
      }
      switch b {
      case 0x1B:
        guard Self.escapeIsComplete(bytes, from: i) else {
          carry = Array(bytes[(i - 1)...])
          return
        }
        i = escape(bytes, from: i)
      case 0x0D:
        x = 0
        pendingWrap = false
      case 0x0A:
        lineFeed()
      case 0x08:
        x = max(0, x - 1)
        pendingWrap = false
      case 0x0E: shifted = true
      case 0x0F: shifted = false
      case 0x07: break
      case 0x20...0x7E:
        let drawingSet = shifted ? g1Drawing : g0Drawing
        if drawingSet, !Self.lineCharacters.contains(b) { strays.append(b) }
        if drawingSet, b == 0x20 {
          write("□")  // as mlterm draws a blank there
        } else if drawingSet, let d = Self.drawing[b] {
          write(d)
        } else {
          write(String(UnicodeScalar(b)))
        }
      default: break
      }
    }
  }

  private mutating func lineFeed() {
    pendingWrap = false
    if y == bottom {
      scrollUp(1)
    } else if y < height - 1 {
      y += 1
    }
  }

  private mutating func scrollUp(_ n: Int) {
    for _ in 0..<n {
      rows.remove(at: top)
      rows.insert(Array(repeating: Glyph(), count: width), at: bottom)
    }
  }

  private mutating func scrollDown(_ n: Int) {
    for _ in 0..<n {
      rows.remove(at: bottom)
      rows.insert(Array(repeating: Glyph(), count: width), at: top)
    }
  }

  private mutating func write(_ text: String) {
    // A mark (a kitty placeholder's row and column diacritics) joins the cell written before it.
    if text.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark }),
      let last = lastWritten
    {
      rows[last.y][last.x].text += text
      return
    }
    let w = max(1, DisplayWidth.of(text))
    if pendingWrap || x + w > width {
      x = 0
      lineFeed()
    }
    var glyph = pen
    glyph.text = text
    rows[y][x] = glyph
    lastWritten = (x, y)
    if w == 2, x + 1 < width {
      var rest = pen
      rest.text = ""
      rows[y][x + 1] = rest
    }
    if x + w >= width {
      x = width - 1
      pendingWrap = true
    } else {
      x += w
    }
  }

  /// Whether the escape sequence from `start` (just past ESC) ends within `bytes`.
  private static func escapeIsComplete(_ bytes: [UInt8], from start: Int) -> Bool {
    guard start < bytes.count else { return false }
    switch bytes[start] {
    case UInt8(ascii: "["): return bytes[(start + 1)...].contains { (0x40...0x7E).contains($0) }
    case UInt8(ascii: "("), UInt8(ascii: ")"): return start + 1 < bytes.count
    default: return true
    }
  }

  /// Reads an escape sequence from `from` (just past ESC); returns where it ends.
  private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int {
    guard start < bytes.count else { return start }
    let c = bytes[start]
    switch c {
    case UInt8(ascii: "["):
      var i = start + 1
      var params: [UInt8] = []
      while i < bytes.count, !(0x40...0x7E).contains(bytes[i]) {
        params.append(bytes[i])
        i += 1
      }
      guard i < bytes.count else { return i }
      control(final: bytes[i], params: params)
      return i + 1
    case UInt8(ascii: "("), UInt8(ascii: ")"):
      guard start + 1 < bytes.count else { return start + 1 }
      let drawing = bytes[start + 1] == UInt8(ascii: "0")
      if c == UInt8(ascii: "(") { g0Drawing = drawing } else { g1Drawing = drawing }
      return start + 2
    case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"):
      inString = true
      return start + 1
    case UInt8(ascii: "M"):
      pendingWrap = false
      if y == top { scrollDown(1) } else if y > 0 { y -= 1 }
      return start + 1
    case UInt8(ascii: "D"):
      lineFeed()
      return start + 1
    default:
      return start + 1  // ESC = ESC > ESC 7 ESC 8 ...
    }
  }

  private mutating func control(final: UInt8, params raw: [UInt8]) {
    let text = String(decoding: raw, as: UTF8.self)
    // DECTCEM shows (h) or hides (l) the cursor; other modes are not modelled.
    if text == "?25", final == UInt8(ascii: "h") || final == UInt8(ascii: "l") { cursorIsVisible = final == UInt8(ascii: "h") }
    if text.hasPrefix("?") || text.hasPrefix(">") { return }  // modes
    let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    func n(_ i: Int, _ d: Int = 1) -> Int { i < numbers.count ? (numbers[i] ?? d) : d }
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      y = min(height - 1, max(0, n(0) - 1))
      x = min(width - 1, max(0, n(1) - 1))
      pendingWrap = false
    case UInt8(ascii: "G"):
      x = min(width - 1, max(0, n(0) - 1))
      pendingWrap = false
    case UInt8(ascii: "d"):
      y = min(height - 1, max(0, n(0) - 1))
      pendingWrap = false
    case UInt8(ascii: "C"):
      x = min(width - 1, x + n(0))
      pendingWrap = false
    case UInt8(ascii: "D"):
      x = max(0, x - n(0))
      pendingWrap = false
    case UInt8(ascii: "A"):
      y = max(0, y - n(0))
      pendingWrap = false
    case UInt8(ascii: "B"):
      y = min(height - 1, y + n(0))
      pendingWrap = false
    case UInt8(ascii: "J"):
      if n(0, 0) == 2 { rows = Array(repeating: Array(repeating: Glyph(), count: width), count: height) }
    case UInt8(ascii: "K"):
      for i in x..<width { rows[y][i] = Glyph() }
    case UInt8(ascii: "r"):
      top = max(0, n(0) - 1)
      bottom = min(height - 1, n(1, height) - 1)
      x = 0
      y = 0
      pendingWrap = false
    case UInt8(ascii: "S"): scrollUp(n(0))
    case UInt8(ascii: "T"): scrollDown(n(0))
    case UInt8(ascii: "m"):
      // A parameter with sub-parameters (38:2::r:g:b) is one code; its first number says which.
      let tokens = text.split(separator: ";", omittingEmptySubsequences: false)
      sgr(tokens.map { Int($0.split(separator: ":").first ?? "0") ?? 0 }, colon: tokens.map { $0.contains(":") })
    default: break
    }
  }

  private mutating func sgr(_ codes: [Int], colon: [Bool]) {
    var i = 0
    let codes = codes.isEmpty ? [0] : codes
    let colon = colon.isEmpty ? [false] : colon
    while i < codes.count {
      switch codes[i] {
      case 0: pen = Glyph()
      case 1: pen.bold = true
      case 4: pen.underline = true
      case 7: pen.reverse = true
      case 22: pen.bold = false
      case 24: pen.underline = false
      case 27: pen.reverse = false
      case 38, 48:
        // Colours are not modelled; their parameters are skipped.
        if !colon[i], i + 1 < codes.count { i += codes[i + 1] == 5 ? 2 : codes[i + 1] == 2 ? 4 : 0 }
      default: break
      }
      i += 1
    }
  }
}
