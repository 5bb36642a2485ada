/// One item's place in a ``LayoutGroup``: its size and the insets of its
/// content within it, and what is anchored to it. UIKit's `NSCollectionLayoutItem`, as a value.
public struct LayoutItem: Hashable, Sendable {
  /// Its size, fractions of the enclosing group's.
  public var layoutSize: LayoutSize
  /// The margins inside its space (the item's frame is what is left).
  public var contentInsets: EdgeInsets
  /// Elements anchored to it (badges), asked for at its index path.
  public var supplementaryItems: [LayoutSupplementaryItem]
  /// Space around it in its group (nil: none).
  public var edgeSpacing: LayoutEdgeSpacing?

  /// Creates an item of `layoutSize`.
  public init(
    layoutSize: LayoutSize, contentInsets: EdgeInsets = .zero, supplementaryItems: [LayoutSupplementaryItem] = [],
    edgeSpacing: LayoutEdgeSpacing? = nil
  ) {
    self.layoutSize = layoutSize
    self.contentInsets = contentInsets
    self.supplementaryItems = supplementaryItems
    self.edgeSpacing = edgeSpacing
  }
}
