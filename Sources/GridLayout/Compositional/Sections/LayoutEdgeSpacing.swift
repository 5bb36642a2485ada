/// Space around an item (or a group) in its group, on each edge: a fixed
/// number of cells, or a flexible one that takes a share of the room the
/// group has left over (to push an item to the end, or to centre it).
/// UIKit's `NSCollectionLayoutEdgeSpacing`.
///
/// ```swift
/// // Centred in a row of its own: as much room on the left as on the right.
/// item.edgeSpacing = LayoutEdgeSpacing(leading: .flexible(0), trailing: .flexible(0))
/// ```
///
/// Along a group (leading and trailing in a row, top and bottom in a
/// column) the spacing moves the items after it; the room left over once
/// every item, fixed spacing and the group's interItemSpacing are placed is
/// shared equally by the flexible edges. Across a group it places the item
/// in the group's height (or width): a flexible edge on both sides centres
/// it, on one side pushes it to the other.
public struct LayoutEdgeSpacing: Hashable, Sendable {
  /// The space before the item in a row.
  public var leading: LayoutSpacing?
  /// The space above it.
  public var top: LayoutSpacing?
  /// The space after it in a row.
  public var trailing: LayoutSpacing?
  /// The space below it.
  public var bottom: LayoutSpacing?

  /// Creates edge spacing (nil: none on that edge).
  public init(leading: LayoutSpacing? = nil, top: LayoutSpacing? = nil, trailing: LayoutSpacing? = nil, bottom: LayoutSpacing? = nil) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
  }
}
