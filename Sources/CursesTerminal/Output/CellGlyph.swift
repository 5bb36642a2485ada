import GridRender

/// How one cell is written to the terminal: the one per-cell decision
/// that every way a frame reaches the terminal takes (``CellEncoder``'s
/// bytes, and ncurses' cells with `TERMGRID_OUTPUT=curses`), so that
/// both write a cell alike: a light line as one character of the alternate
/// character set where the terminal has it, ASCII as itself, anything else
/// as its UTF-8, or, on a terminal without UTF-8, as an ASCII stand-in in
/// each column it covers.
enum CellGlyph {
  /// Nothing: the second column of a wide grapheme, drawn with its head.
  case none
  /// A light line (U+2500 to U+253F) as this character of the alternate set.
  case line(UInt8)
  /// One printable or control ASCII byte.
  case ascii(UInt8)
  /// A stand-in for a grapheme the terminal cannot show (no UTF-8), `count` times.
  case fallback(UInt8, count: Int)
  /// The grapheme's own UTF-8 (its first `utf8CountToDraw` bytes).
  case text

  /// How `cell` is written on a terminal that takes UTF-8 or not
  /// (`unicode`) and draws the light lines its `alternateLines` give (for
  /// U+2500 to U+253F, the alternate set's character; 0: none).
  @inline(__always)
  init(_ cell: Cell, unicode: Bool, alternateLines: [UInt8]) {
    if cell.width == 0 {
      self = .none
      return
    }
    let g = cell.grapheme
    if g.isASCII {
      self = .ascii(g.utf8Byte(0))
      return
    }
    if g.utf8Count == 3, g.utf8Byte(0) == 0xE2, g.utf8Byte(1) == 0x94 {
      let acs = alternateLines[Int(g.utf8Byte(2) & 0x3F)]
      if acs != 0 {
        self = .line(acs)
        return
      }
    }
    self = unicode ? .text : .fallback(g.asciiFallback, count: max(1, Int(cell.width)))
  }
}
