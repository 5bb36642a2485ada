import CChafa
import GridRender

/// Turns pixels into a <doc:/GridRender/Picture> of character cells with libchafa: each
/// cell is a block symbol (a half block, a quadrant, a sextant) in a
/// foreground and a background colour, chosen so the cells look most like
/// the pixels under them, in the colours the terminal can show.
///
/// A value type with no shared state: rasterize on any thread.
public struct PictureRasterizer: Sendable {
  /// The symbols a picture is drawn with.
  public struct Symbols: OptionSet, Hashable, Sendable {
    /// libchafa's symbol tags.
    public let rawValue: Int32
    /// Symbols from libchafa's tags (`ChafaSymbolTags`).
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// ▀ ▄ ▌ ▐ and the blank and full block: two colours a cell, stacked or side by side.
    public static let halfBlocks = Symbols(
      rawValue: CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue)
    /// ▖ ▗ ▘ ▝ and their combinations: a cell in four.
    public static let quadrants = Symbols(rawValue: CHAFA_SYMBOL_TAG_QUAD.rawValue)
    /// 🬀 … 🬻: a cell in six (two columns of three), Unicode 13's legacy computing block.
    public static let sextants = Symbols(rawValue: CHAFA_SYMBOL_TAG_SEXTANT.rawValue)
    /// The default: half blocks, quadrants and sextants, all one column wide.
    public static let blocks: Symbols = [.halfBlocks, .quadrants, .sextants]
  }

  /// The colours the picture may use (the terminal's).
  public var colors: ColorSupport
  /// The symbols it may use (``Symbols/blocks`` by default; half blocks alone where sextants have no glyph).
  public var symbols: Symbols
  /// How hard chafa looks for the best symbol, 0...1 (0.5 by default).
  public var workFactor: Double

  /// Creates a rasterizer for a terminal with `colors`.
  public init(colors: ColorSupport = .trueColor, symbols: Symbols = .blocks, workFactor: Double = 0.5) {
    self.colors = colors
    self.symbols = symbols
    self.workFactor = workFactor
  }

  /// `bitmap` stretched to exactly `width` x `height` cells (see
  /// ``fittingSize(pixelWidth:pixelHeight:maxWidth:maxHeight:)`` for a size that keeps its shape).
  public func picture(from bitmap: Bitmap, width: Int, height: Int) -> Picture {
    guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else {
      return Picture(width: max(0, width), height: max(0, height), color: .default)
    }
    let n = width * height
    var chars = [UInt32](repeating: 0, count: n)
    var foreground = [Int32](repeating: -1, count: n)
    var background = [Int32](repeating: -1, count: n)
    let (mode, dither, raw) = canvasMode
    bitmap.pixels.withUnsafeBufferPointer { px in
      tg_chafa_render(
        px.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4), Int32(width),
        Int32(height), mode, symbols.rawValue, dither, Int32((min(1, max(0, workFactor)) * 100).rounded()),
        raw ? 1 : 0, &chars, &foreground, &background)
    }
    var cells = [Cell]()
    cells.reserveCapacity(n)
    for i in 0..<n {
      let scalar = Unicode.Scalar(chars[i]).flatMap { Self.isBlockSymbol($0) ? $0 : nil } ?? " "
      // (In monochrome, the shapes alone: the terminal's own two colours.)
      let style = Style(foreground: color(foreground[i]), background: color(background[i]))
      cells.append(Cell(grapheme: Grapheme(scalar), style: style, width: 1))
    }
    return Picture(width: width, height: height, cells: cells)
  }

  /// The largest size in cells within `maxWidth` x `maxHeight` that shows a
  /// picture of `pixelWidth` x `pixelHeight` with its shape (a cell is taken
  /// to be twice as tall as it is wide), at least 1 x 1.
  public static func fittingSize(pixelWidth: Int, pixelHeight: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
    fittingSize(
      pixelWidth: pixelWidth, pixelHeight: pixelHeight, maxWidth: maxWidth, maxHeight: maxHeight,
      cellSize: PixelSize(width: 1, height: 2))
  }

  /// The largest size in cells within `maxWidth` x `maxHeight` that shows a
  /// picture of `pixelWidth` x `pixelHeight` with its shape on cells of
  /// `cellSize` pixels (the terminal's, when it said them: 9 x 20 is
  /// taller than twice its width, and a picture made for 1 x 2 would look
  /// squashed), at least 1 x 1. A cell size no terminal has
  /// (<doc:/GridRender/PixelSize/isPlausibleCell>) is taken as 1 x 2.
  public static func fittingSize(
    pixelWidth: Int, pixelHeight: Int, maxWidth: Int, maxHeight: Int, cellSize: PixelSize
  ) -> (width: Int, height: Int) {
    guard pixelWidth > 0, pixelHeight > 0, maxWidth > 0, maxHeight > 0 else { return (max(0, min(1, maxWidth)), max(0, min(1, maxHeight))) }
    let cell = cellSize.isPlausibleCell ? cellSize : PixelSize(width: 1, height: 2)
    // Width in cells per row of cells: (pixelWidth / cell width) / (pixelHeight / cell height).
    let aspect = Double(pixelWidth) * Double(cell.height) / (Double(pixelHeight) * Double(cell.width))
    var width = maxWidth
    var height = Int(min(Double(maxHeight) + 1, (Double(width) / aspect).rounded()))
    if height > maxHeight {
      height = maxHeight
      width = Int(min(Double(maxWidth), (Double(height) * aspect).rounded()))
    }
    return (min(maxWidth, max(1, width)), min(maxHeight, max(1, height)))
  }

  /// The canvas mode, dithering, and whether colours come back as pen numbers.
  private var canvasMode: (mode: Int32, dither: Int32, raw: Bool) {
    switch colors {
    case .trueColor: return (Int32(CHAFA_CANVAS_MODE_TRUECOLOR.rawValue), Int32(CHAFA_DITHER_MODE_NONE.rawValue), false)
    case .indexed256: return (Int32(CHAFA_CANVAS_MODE_INDEXED_256.rawValue), Int32(CHAFA_DITHER_MODE_NONE.rawValue), true)
    case .ansi16: return (Int32(CHAFA_CANVAS_MODE_INDEXED_16.rawValue), Int32(CHAFA_DITHER_MODE_ORDERED.rawValue), true)
    case .ansi8: return (Int32(CHAFA_CANVAS_MODE_INDEXED_8.rawValue), Int32(CHAFA_DITHER_MODE_ORDERED.rawValue), true)
    case .none: return (Int32(CHAFA_CANVAS_MODE_FGBG.rawValue), Int32(CHAFA_DITHER_MODE_ORDERED.rawValue), true)
    }
  }

  /// A colour chafa gave, as the terminal's.
  private func color(_ value: Int32) -> Color {
    guard value >= 0 else { return .default }
    switch colors {
    case .trueColor:
      return .rgb(UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
    case .indexed256: return .indexed(UInt8(clamping: value))
    case .ansi16: return .ansi(UInt8(clamping: min(value, 15)))
    case .ansi8: return .ansi(UInt8(clamping: min(value, 7)))
    case .none: return .default
    }
  }

  /// True for the one-column symbols a picture may hold: the blank and the
  /// block elements (U+2580-259F) and the legacy computing sextants (U+1FB00-1FB3B).
  static func isBlockSymbol(_ s: Unicode.Scalar) -> Bool {
    s == " " || (0x2580...0x259F).contains(s.value) || (0x1FB00...0x1FB3B).contains(s.value)
  }
}
