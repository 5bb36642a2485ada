/// The width and height of an item or a group in a ``CompositionalLayout``.
/// UIKit's `NSCollectionLayoutSize`.
public struct LayoutSize: Hashable, Sendable {
  /// The width.
  public var widthDimension: LayoutDimension
  /// The height.
  public var heightDimension: LayoutDimension

  /// Creates a size.
  public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  /// The size in a container of `size`.
  public func resolved(in size: Size) -> Size {
    Size(width: widthDimension.resolved(in: size), height: heightDimension.resolved(in: size))
  }
}
