/// What a ``CompositionalLayout``'s section provider sees: the size of the
/// container (the collection view's visible area), so that a section can
/// show 2 columns in a narrow view and 5 in a wide one. UIKit's
/// `NSCollectionLayoutEnvironment`.
///
/// The visible area is the collection view's frame less its scroll bar:
/// a view filling an 80-column terminal, its scroll bar on, is 79 wide here
/// (TermGrid's `showsScrollIndicator` reserves the column even when
/// everything fits, so the width does not change as the content grows).
/// Compare with thresholds a column lower: "160 columns or wider" is
/// `containerSize.width >= 159` with the scroll bar on; or turn the scroll
/// bar off. It is kept out so that fractions of the width divide the room
/// items have and no item runs under the bar.
public struct LayoutEnvironment: Hashable, Sendable {
  /// The size of the visible area, in cells (the view's frame less its scroll bar's column).
  public var containerSize: Size
  /// Creates an environment.
  public init(containerSize: Size) { self.containerSize = containerSize }
}
