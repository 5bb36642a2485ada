/// A rectangle of whole cells on a ``Surface``.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The width in cells.
  public var width: Int
  /// The height in cells.
  public var height: Int

  /// Creates a rectangle; negative sizes count as empty.
  @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The first column past the rectangle.
  @inlinable public var maxX: Int { x + width }
  /// The first row past the rectangle.
  @inlinable public var maxY: Int { y + height }
  /// True when the rectangle holds no cell.
  @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The shared cells.
  @inlinable public func intersection(_ o: CellRect) -> CellRect {
    let x0 = Swift.max(x, o.x)
    let y0 = Swift.max(y, o.y)
    return CellRect(x: x0, y: y0, width: Swift.min(maxX, o.maxX) - x0, height: Swift.min(maxY, o.maxY) - y0)
  }
  /// True when the cell (px, py) lies inside.
  @inlinable public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }
  /// The rectangle moved by `dx`, `dy` cells.
  @inlinable public func offsetBy(dx: Int, dy: Int) -> CellRect {
    CellRect(x: x + dx, y: y + dy, width: width, height: height)
  }
  /// The rectangle shrunk by `n` cells on every side.
  @inlinable public func insetBy(_ n: Int) -> CellRect {
    CellRect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n)
  }
  /// A readable form, for messages and tests.
  public var description: String { "(\(x), \(y), \(width), \(height))" }
}
