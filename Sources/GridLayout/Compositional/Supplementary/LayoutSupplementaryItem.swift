/// An element anchored to an item of a ``CompositionalLayout`` (a badge at
/// a corner, a label over its bottom edge): a supplementary element of its
/// own kind with the item's index path, drawn above the item.
/// UIKit's `NSCollectionLayoutSupplementaryItem`, as a value.
///
/// ```swift
/// let badge = LayoutSupplementaryItem(
///   layoutSize: LayoutSize(widthDimension: .absolute(3), heightDimension: .absolute(1)),
///   elementKind: "badge", containerAnchor: LayoutAnchor(edges: [.top, .trailing], absoluteOffset: Point(x: -1, y: 0)))
/// let item = LayoutItem(layoutSize: size, supplementaryItems: [badge])
/// ```
///
/// The collection view asks its data source for the content of kind
/// `elementKind` at the item's index path
/// (`collectionView(_:contentForSupplementaryElementOfKind:at:)`), and draws
/// it above the item, in its own frame. A badge may stick out of its item;
/// queries still find it.
///
/// Not to be confused with TermGrid's `ElementContent.badge`, a short mark
/// an item's own content draws on its border: that one needs no layout;
/// this one is an element of its own, placed by the layout, with content of
/// its own.
public struct LayoutSupplementaryItem: Hashable, Sendable {
  /// Its size: fractions of the item's size, or cells.
  public var layoutSize: LayoutSize
  /// The kind it is asked for by.
  public var elementKind: ElementKind
  /// Where it sits on the item.
  public var containerAnchor: LayoutAnchor
  /// Its zIndex: 1, above its item, by default.
  public var zIndex: Int

  /// Creates a supplementary item anchored to its item.
  public init(layoutSize: LayoutSize, elementKind: ElementKind, containerAnchor: LayoutAnchor, zIndex: Int = 1) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
    self.zIndex = zIndex
  }
}
