/// A size in pixels: of a terminal's character cell, or of a picture.
public struct PixelSize: Hashable, Sendable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The cell size taken when a terminal that shows pixels does not say
  /// its own: 10 x 20, a common monospace font at 100% scale.
  public static let assumedCell = PixelSize(width: 10, height: 20)

  /// The largest character cell a terminal is believed to have: 256 x 512
  /// pixels (a font of about 380 points at 100% scale; 20 x 40 is large on a
  /// 4K screen). A terminal that says more, by its window size or its
  /// answer to `CSI 16 t`, is not believed, and its pictures are drawn in
  /// symbols (see ``isPlausibleCell``).
  public static let largestCell = PixelSize(width: 256, height: 512)

  /// The largest window a terminal is believed to have: 8192 x 8192
  /// pixels (no display is larger than 8K, 7680 x 4320). A terminal whose
  /// cells times its columns and rows say more draws its pictures in
  /// symbols (see ``isPlausibleCell(columns:rows:)``).
  public static let largestWindow = PixelSize(width: 8192, height: 8192)

  /// The most pixels one picture in pixels may have: 8 Mi (32 MiB of RGBA),
  /// a 4K screen's worth. A picture that would need more, for its cells
  /// and the cell size, is drawn in symbols.
  public static let largestPicturePixelCount = 1 << 23

  /// Whether this is a cell size a terminal can really have: 1 to
  /// ``largestCell`` pixels each way.
  public var isPlausibleCell: Bool {
    (1...Self.largestCell.width).contains(width) && (1...Self.largestCell.height).contains(height)
  }

  /// Whether this is a cell size a terminal of `columns` x `rows` cells can
  /// really have: a plausible cell (``isPlausibleCell``) in a window no
  /// larger than ``largestWindow``. (No arithmetic that can overflow,
  /// whatever the numbers.)
  public func isPlausibleCell(columns: Int, rows: Int) -> Bool {
    guard isPlausibleCell else { return false }
    // A plausible cell is at most 512 pixels: the products below cannot overflow for any Int of cells.
    return columns <= Self.largestWindow.width / width && rows <= Self.largestWindow.height / height
  }

  /// The pixels of a picture of `columns` x `rows` cells of this size, or
  /// nil when it would have more than ``largestPicturePixelCount`` (or any
  /// number is negative): no arithmetic that can overflow, whatever the numbers.
  public func picturePixelCount(columns: Int, rows: Int) -> Int? {
    guard width >= 0, height >= 0, columns >= 0, rows >= 0 else { return nil }
    let (w, o1) = columns.multipliedReportingOverflow(by: width)
    let (h, o2) = rows.multipliedReportingOverflow(by: height)
    guard !o1, !o2 else { return nil }
    let (n, o3) = w.multipliedReportingOverflow(by: h)
    return o3 || n > Self.largestPicturePixelCount ? nil : n
  }
}
