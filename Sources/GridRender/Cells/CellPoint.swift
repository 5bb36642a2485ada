/// A cell on a ``Surface``: its column and row, from 0 at the top left.
public struct CellPoint: Hashable, Sendable, CustomStringConvertible {
  /// The column.
  public var x: Int
  /// The row.
  public var y: Int

  /// Creates a point.
  @inlinable public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// "(x, y)", for messages and tests.
  public var description: String { "(\(x), \(y))" }
}

extension CellRect {
  /// Whether the cell `point` is inside the rectangle.
  @inlinable public func contains(_ point: CellPoint) -> Bool { contains(x: point.x, y: point.y) }
}
