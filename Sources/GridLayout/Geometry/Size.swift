/// A size in cell units.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The width in cells.
  public var width: Double
  /// The height in cells.
  public var height: Double
  /// Zero width and height.
  public static let zero = Size(width: 0, height: 0)
  /// Creates a size.
  @inlinable public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
  /// A readable form, for messages and tests.
  public var description: String { "\(fmt(width))x\(fmt(height))" }
}
