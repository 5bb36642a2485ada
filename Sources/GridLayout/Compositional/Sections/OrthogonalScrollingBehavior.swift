/// How a ``LayoutSection`` scrolls sideways inside a vertically scrolling
/// ``CompositionalLayout``: not at all, or as a row of its groups that
/// scrolls on its own (a shelf), coming to rest anywhere, at a group's
/// leading edge, at a page, or with a group centred.
/// UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
///
/// In a terminal "coming to rest" decides where the section stops when the
/// focus moves into an item out of view or the wheel scrolls it: the
/// offsets the behaviour allows (``CompositionalLayout/restingHorizontalOffsets(ofSection:in:)``).
/// The focus takes the nearest of them that shows it whole; a notch of the
/// wheel goes to the next one. A terminal scrolls without momentum, so
/// ``continuousGroupLeadingBoundary`` and ``groupPaging`` come to rest at the
/// same places here (UIKit tells them apart by how a flick decelerates);
/// both are kept so code written for UIKit reads the same.
public enum OrthogonalScrollingBehavior: Hashable, Sendable {
  /// The section's groups repeat down the view (the default).
  case none
  /// The groups form one row that scrolls sideways cell by cell: the focus
  /// is shown with the least scroll, the wheel moves six cells.
  case continuous
  /// As ``continuous``, coming to rest with a group's leading edge at the
  /// section's leading inset.
  case continuousGroupLeadingBoundary
  /// A page (the view's width) at a time.
  case paging
  /// A group at a time, its leading edge at the section's leading inset.
  case groupPaging
  /// A group at a time, that group centred in the view.
  case groupPagingCentered

  /// Whether the section scrolls sideways.
  public var scrollsOrthogonally: Bool { self != .none }
}
