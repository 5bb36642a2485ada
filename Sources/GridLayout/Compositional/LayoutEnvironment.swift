/// What a ``CompositionalLayout``'s section provider sees: the size of the
/// container (the collection view's visible area), so that a section can
/// show 2 columns at 80 wide and 5 at 200. UIKit's `NSCollectionLayoutEnvironment`.
public struct LayoutEnvironment: Hashable, Sendable {
  /// The size of the visible area, in cells.
  public var containerSize: Size
  /// Creates an environment.
  public init(containerSize: Size) { self.containerSize = containerSize }
}
