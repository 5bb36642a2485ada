/// A rectangle in cell units: an origin and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The width and height.
  public var size: Size
  /// The empty rectangle at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// Creates a rectangle from an origin and a size.
  @inlinable public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }
  /// Creates a rectangle from its coordinates.
  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  /// The left edge.
  @inlinable public var minX: Double { origin.x }
  /// The top edge.
  @inlinable public var minY: Double { origin.y }
  /// The right edge (the first column past the rectangle).
  @inlinable public var maxX: Double { origin.x + size.width }
  /// The bottom edge (the first row past the rectangle).
  @inlinable public var maxY: Double { origin.y + size.height }
  /// The middle column.
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  /// The middle row.
  @inlinable public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  @inlinable public var width: Double { size.width }
  /// The height.
  @inlinable public var height: Double { size.height }
  /// The centre point.
  @inlinable public var center: Point { Point(x: midX, y: midY) }
  /// True when the rectangle has no area.
  @inlinable public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

  /// True when the two rectangles share some area (touching edges do not count).
  @inlinable public func intersects(_ other: Rect) -> Bool {
    !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY
      && other.minY < maxY
  }
  /// The shared area, or an empty rectangle when there is none.
  @inlinable public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
  /// The smallest rectangle holding both.
  @inlinable public func union(_ other: Rect) -> Rect {
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    return Rect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
  }
  /// True when `point` lies inside (the maximum edges are outside).
  @inlinable public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
  /// True when `other` lies entirely inside this rectangle.
  @inlinable public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }
  /// The rectangle moved by `dx`, `dy`.
  @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }
  /// The rectangle shrunk by `insets`.
  @inlinable public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }
  /// A readable form, for messages and tests.
  public var description: String { "(\(fmt(minX)), \(fmt(minY)), \(fmt(width)), \(fmt(height)))" }
}
