/// A horizontal and vertical scale factor applied about an element's centre.
public struct Scale: Hashable, Sendable {
  /// The horizontal scale.
  public var x: Double
  /// The vertical scale.
  public var y: Double
  /// No scaling.
  public static let identity = Scale(x: 1, y: 1)
  /// Creates a scale.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
  /// A uniform scale.
  public init(_ uniform: Double) { self.init(x: uniform, y: uniform) }
}
