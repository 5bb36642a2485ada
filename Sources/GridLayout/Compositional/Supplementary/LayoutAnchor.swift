/// Where a ``LayoutSupplementaryItem`` sits on its item: against some of
/// its edges (none on an axis: centred on it), moved by an offset in cells
/// or in fractions of the supplementary item's own size.
/// UIKit's `NSCollectionLayoutAnchor`.
///
/// ```swift
/// // A badge straddling the top-right corner.
/// LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5))
/// ```
public struct LayoutAnchor: Hashable, Sendable {
  /// Edges of the item.
  public struct Edges: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a set of edges from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = Edges(rawValue: 1)
    /// The left edge.
    public static let leading = Edges(rawValue: 2)
    /// The bottom edge.
    public static let bottom = Edges(rawValue: 4)
    /// The right edge.
    public static let trailing = Edges(rawValue: 8)
  }

  /// The edges it sits against, inside the item.
  public var edges: Edges
  /// A move in cells (x right, y down).
  public var absoluteOffset: Point
  /// A move in fractions of the supplementary item's width and height.
  public var fractionalOffset: Point

  /// An anchor against `edges`, moved by `absoluteOffset` cells.
  public init(edges: Edges, absoluteOffset: Point = .zero) {
    self.edges = edges
    self.absoluteOffset = absoluteOffset
    self.fractionalOffset = .zero
  }

  /// An anchor against `edges`, moved by `fractionalOffset` of the supplementary item's size.
  public init(edges: Edges, fractionalOffset: Point) {
    self.edges = edges
    self.absoluteOffset = .zero
    self.fractionalOffset = fractionalOffset
  }

  /// The frame of an element of `size` anchored in `container`.
  func frame(of size: Size, in container: Rect) -> Rect {
    var x = container.minX + (container.width - size.width) / 2
    if edges.contains(.leading) && !edges.contains(.trailing) { x = container.minX }
    if edges.contains(.trailing) && !edges.contains(.leading) { x = container.maxX - size.width }
    var y = container.minY + (container.height - size.height) / 2
    if edges.contains(.top) && !edges.contains(.bottom) { y = container.minY }
    if edges.contains(.bottom) && !edges.contains(.top) { y = container.maxY - size.height }
    return Rect(
      x: x + absoluteOffset.x + fractionalOffset.x * size.width, y: y + absoluteOffset.y + fractionalOffset.y * size.height,
      width: size.width, height: size.height)
  }
}
