/// A section of a ``CompositionalLayout``: its group, repeated down the
/// section until the section's items run out, with margins around and
/// spacing between the repetitions. UIKit's `NSCollectionLayoutSection`, as a value.
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

  /// Creates a section of `group`.
  public init(
    group: LayoutGroup, contentInsets: EdgeInsets = .zero, interGroupSpacing: Double = 0,
    boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = []
  ) {
    self.group = group
    self.contentInsets = contentInsets
    self.interGroupSpacing = interGroupSpacing
    self.boundarySupplementaryItems = boundarySupplementaryItems
  }
}
