/// A picture as pixels, for a terminal that shows them (the kitty graphics
/// protocol or sixel): `columns` x `rows` cells of `cellSize` pixels each,
/// exactly, the photo centred in them (the rest transparent).
///
/// It travels inside a <doc:Picture> (its ``Picture/pixels``) beside the
/// same picture in block symbols, which terminals without pixels, and
/// fading animations, draw instead. A terminal sends it once and refers to
/// it by the id a ``PixelImageTable`` gives it; the id is freed when no
/// picture holds it any longer. An object, so that its identity is the
/// picture's and its bytes are shared, not copied, between frames.
public final class PixelImage: Sendable {
  /// Its width in cells.
  public let columns: Int
  /// Its height in cells.
  public let rows: Int
  /// The size of one cell in pixels.
  public let cellSize: PixelSize
  /// `columns * cellSize.width * rows * cellSize.height * 4` bytes: red,
  /// green, blue and straight alpha for each pixel, row by row.
  public let rgba: [UInt8]
  /// The same pixels as a PNG file's bytes, when whoever made it encoded
  /// them (a kitty terminal is sent these, or the raw pixels when empty).
  public let png: [UInt8]

  /// Creates a picture of `columns` x `rows` cells of `cellSize` from
  /// `rgba`, and its PNG when known (kitty is sent the PNG, or else the raw
  /// pixels, base64 either way: raw is several times larger for a photograph).
  ///
  /// - Precondition: `rgba` holds exactly `columns * cellSize.width *
  ///   rows * cellSize.height * 4` bytes, and every size is positive (a
  ///   programming error otherwise, which stops the program).
  public init(columns: Int, rows: Int, cellSize: PixelSize, rgba: [UInt8], png: [UInt8] = []) {
    precondition(columns > 0 && rows > 0 && cellSize.width > 0 && cellSize.height > 0, "a pixel image needs a size")
    // (Counted without overflowing: rgba's count is an Int, so a product past Int's range is no match.)
    let (w, o1) = columns.multipliedReportingOverflow(by: cellSize.width)
    let (h, o2) = rows.multipliedReportingOverflow(by: cellSize.height)
    let (pixels, o3) = w.multipliedReportingOverflow(by: h)
    precondition(
      !o1 && !o2 && !o3 && pixels <= Int.max / 4 && rgba.count == pixels * 4,
      "\(columns)x\(rows) cells of \(cellSize.width)x\(cellSize.height) pixels need 4 bytes a pixel, not \(rgba.count) bytes"
    )
    self.columns = columns
    self.rows = rows
    self.cellSize = cellSize
    self.rgba = rgba
    self.png = png
  }

  /// Width in pixels.
  public var width: Int { columns * cellSize.width }
  /// Height in pixels.
  public var height: Int { rows * cellSize.height }
  /// The memory it takes, for a cache's budget.
  public var byteCount: Int { rgba.count + png.count }
}

extension PixelImage: Equatable {
  /// The same image (identity: two images with the same pixels are two pictures to a terminal).
  public static func == (a: PixelImage, b: PixelImage) -> Bool { a === b }
}
