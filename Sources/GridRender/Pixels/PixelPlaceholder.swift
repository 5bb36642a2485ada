/// The cells that show a picture's pixels: each holds the placeholder
/// character U+10EEEE with a diacritic for its row and one for its column,
/// and the picture's id in its foreground colour. This is the kitty
/// graphics protocol's Unicode placeholder; TermGrid writes the same cells
/// for sixel too, so that every terminal's pictures go through the one cell
/// diff: a picture that scrolls, is covered by an overlay or uncovered
/// again shows up there as changed cells, and a terminal that draws with
/// sixel knows from them which pictures to draw again.
public enum PixelPlaceholder {
  /// The placeholder character, U+10EEEE.
  public static let placeholder = Unicode.Scalar(0x10EEEE)!

  /// The diacritics that number rows and columns, in order: kitty's list
  /// (its `rowcolumn-diacritics.txt`, combining marks of class 230 with no
  /// decomposition from Unicode 6.0), 297 of them, so a picture has at most
  /// 297 rows and 297 columns of cells.
  public static let diacritics: [Unicode.Scalar] = {
    let ranges: [(UInt32, UInt32)] = [
      (0x0305, 0x0305), (0x030D, 0x030E), (0x0310, 0x0310), (0x0312, 0x0312), (0x033D, 0x033F), (0x0346, 0x0346),
      (0x034A, 0x034C), (0x0350, 0x0352), (0x0357, 0x0357), (0x035B, 0x035B), (0x0363, 0x036F), (0x0483, 0x0487),
      (0x0592, 0x0595), (0x0597, 0x0599), (0x059C, 0x05A1), (0x05A8, 0x05A9), (0x05AB, 0x05AC), (0x05AF, 0x05AF),
      (0x05C4, 0x05C4), (0x0610, 0x0617), (0x0657, 0x065B), (0x065D, 0x065E), (0x06D6, 0x06DC), (0x06DF, 0x06E2),
      (0x06E4, 0x06E4), (0x06E7, 0x06E8), (0x06EB, 0x06EC), (0x0730, 0x0730), (0x0732, 0x0733), (0x0735, 0x0736),
      (0x073A, 0x073A), (0x073D, 0x073D), (0x073F, 0x0741), (0x0743, 0x0743), (0x0745, 0x0745), (0x0747, 0x0747),
      (0x0749, 0x074A), (0x07EB, 0x07F1), (0x07F3, 0x07F3), (0x0816, 0x0819), (0x081B, 0x0823), (0x0825, 0x0827),
      (0x0829, 0x082D), (0x0951, 0x0951), (0x0953, 0x0954), (0x0F82, 0x0F83), (0x0F86, 0x0F87), (0x135D, 0x135F),
      (0x17DD, 0x17DD), (0x193A, 0x193A), (0x1A17, 0x1A17), (0x1A75, 0x1A7C), (0x1B6B, 0x1B6B), (0x1B6D, 0x1B73),
      (0x1CD0, 0x1CD2), (0x1CDA, 0x1CDB), (0x1CE0, 0x1CE0), (0x1DC0, 0x1DC1), (0x1DC3, 0x1DC9), (0x1DCB, 0x1DCC),
      (0x1DD1, 0x1DE6), (0x1DFE, 0x1DFE), (0x20D0, 0x20D1), (0x20D4, 0x20D7), (0x20DB, 0x20DC), (0x20E1, 0x20E1),
      (0x20E7, 0x20E7), (0x20E9, 0x20E9), (0x20F0, 0x20F0), (0x2CEF, 0x2CF1), (0x2DE0, 0x2DFF), (0xA66F, 0xA66F),
      (0xA67C, 0xA67D), (0xA6F0, 0xA6F1), (0xA8E0, 0xA8F1), (0xAAB0, 0xAAB0), (0xAAB2, 0xAAB3), (0xAAB7, 0xAAB8),
      (0xAABE, 0xAABF), (0xAAC1, 0xAAC1), (0xFE20, 0xFE26), (0x10A0F, 0x10A0F), (0x10A38, 0x10A38), (0x1D185, 0x1D189),
      (0x1D1AA, 0x1D1AD), (0x1D242, 0x1D244),
    ]
    return ranges.flatMap { $0.0...$0.1 }.compactMap(Unicode.Scalar.init)
  }()

  /// Each diacritic's number.
  private static let numbers: [UInt32: Int] = Dictionary(
    uniqueKeysWithValues: diacritics.enumerated().map { ($0.element.value, $0.offset) })

  /// The most rows (and columns) a picture of placeholders can have.
  public static var maximumSpan: Int { diacritics.count }

  /// The placeholder for `row` and `column` of a picture (each below
  /// ``maximumSpan``): the placeholder, then the row's and the column's
  /// diacritics, one grapheme cluster one cell wide.
  public static func text(row: Int, column: Int) -> String {
    var s = String.UnicodeScalarView()
    s.append(placeholder)
    s.append(diacritics[row])
    s.append(diacritics[column])
    return String(s)
  }

  /// The foreground colour that carries image `id` for a terminal with
  /// `colors`: red, green and blue from its low 24 bits in true colour,
  /// else the palette entry `id` (kitty reads both; a multiplexer that
  /// knows only 256 colours passes the second unchanged).
  public static func idColor(_ id: UInt32, colors: ColorSupport) -> Color {
    colors == .trueColor
      ? .rgb(UInt8((id >> 16) & 0xFF), UInt8((id >> 8) & 0xFF), UInt8(id & 0xFF)) : .indexed(UInt8(clamping: id))
  }

  /// The cell for `row` and `column` of image `id`, on `background`, with `attributes`.
  public static func cell(
    id: UInt32, row: Int, column: Int, colors: ColorSupport, background: Color = .default, attributes: TextAttributes = []
  ) -> Cell {
    let g = Grapheme(Character(text(row: row, column: column)))
    let style = Style(foreground: idColor(id, colors: colors), background: background, attributes: attributes)
    return Cell(grapheme: g, style: style, width: 1)
  }

  /// True when `cell` holds a placeholder (cheap: its first bytes only).
  @inlinable public static func isPlaceholder(_ cell: Cell) -> Bool {
    // U+10EEEE is F4 8E BB AE in UTF-8.
    cell.grapheme.lo & 0xFFFF_FFFF == 0xAEBB_8EF4
  }

  /// The image id a placeholder cell's foreground carries (see
  /// ``idColor(_:colors:)``), or nil when it carries none; the cell is
  /// taken to be a placeholder (see ``isPlaceholder(_:)``).
  @inlinable public static func id(in cell: Cell) -> UInt32? {
    switch cell.style.foreground {
    case .rgb(let r, let g, let b): return UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    case .indexed(let n): return UInt32(n)
    default: return nil
    }
  }

  /// The image id, row and column a placeholder cell shows, or nil when the
  /// cell is not one.
  public static func decode(_ cell: Cell) -> (id: UInt32, row: Int, column: Int)? {
    guard isPlaceholder(cell), let id = id(in: cell) else { return nil }
    let scalars = cell.grapheme.unicodeScalars
    guard scalars.count == 3, let row = numbers[scalars[1].value], let column = numbers[scalars[2].value] else { return nil }
    return (id, row, column)
  }
}
