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
}
