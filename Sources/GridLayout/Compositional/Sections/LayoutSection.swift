/// A section of a ``CompositionalLayout``: its group, repeated down the
/// section (or along a row that scrolls sideways, with an
/// ``orthogonalScrollingBehavior``) until the section's items run out, with
/// margins around and spacing between the repetitions. UIKit's `NSCollectionLayoutSection`, as a value.
public struct LayoutSection: Sendable {
  /// The group repeated.
  public var group: LayoutGroup
  /// The margins around the section's groups.
  public var contentInsets: EdgeInsets = .zero
  /// The rows between one repetition of the group and the next.
  public var interGroupSpacing: Double = 0
  /// Its headers and footers, in order: top ones above the insets, bottom
  /// ones below, one after another.
  public var boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = []
  /// Whether the section's groups repeat down the view (``OrthogonalScrollingBehavior/none``)
  /// or form one row that scrolls sideways on its own. Such a row is as
  /// wide as its groups, the interGroupSpacing between them, and the left
  /// and right insets at its ends; its offset is kept across updates.
  public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
  /// Its decorations: a background behind it (``LayoutDecorationItem/background(elementKind:)``).
  public var decorationItems: [LayoutDecorationItem] = []
  /// Blank rows above its headers (a grouped list's space between sections).
  var topPadding: Double = 0
  /// A list's separators between its items (nil: none; see ``list(using:layoutEnvironment:)``).
  var separators: ListSeparatorConfiguration?
  /// Changes a list's separator row by row.
  var separatorHandler: LayoutListConfiguration.ItemSeparatorHandler?

  /// Creates a section of `group`.
  public init(
    group: LayoutGroup, contentInsets: EdgeInsets = .zero, interGroupSpacing: Double = 0,
    boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = [],
    orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none, decorationItems: [LayoutDecorationItem] = []
  ) {
    self.group = group
    self.contentInsets = contentInsets
    self.interGroupSpacing = interGroupSpacing
    self.boundarySupplementaryItems = boundarySupplementaryItems
    self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
    self.decorationItems = decorationItems
  }
}
