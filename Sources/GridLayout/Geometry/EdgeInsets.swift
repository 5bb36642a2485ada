/// Insets from each edge, in cell units.
public struct EdgeInsets: Hashable, Sendable {
  /// Rows at the top.
  public var top: Double
  /// Columns at the left.
  public var left: Double
  /// Rows at the bottom.
  public var bottom: Double
  /// Columns at the right.
  public var right: Double
  /// No insets.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  /// Creates insets.
  @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}
