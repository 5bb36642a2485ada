/// A point in cell units; `y` grows downward, as in UIKit.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The column (cells from the left; fractions while animating).
  public var x: Double
  /// The row (cells from the top; fractions while animating).
  public var y: Double
  /// The origin (0, 0).
  public static let zero = Point(x: 0, y: 0)
  /// Creates a point.
  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
  /// A readable form, for messages and tests.
  public var description: String { "(\(fmt(x)), \(fmt(y)))" }
}
