/// A layout object: computes the frame of every element of a collection view,
/// as UICollectionViewLayout does. It answers geometry only, never draws.
///
/// The collection view calls ``prepare(for:)`` whenever the data or the bounds
/// size change, or the layout says it changed (``invalidateLayout()``), then asks ``layoutAttributesForElements(in:)`` for the visible
/// rectangle on every frame; that query should cost O(log n + k).
public protocol CollectionLayout: AnyObject {
  /// Computes whatever the queries need for these counts and bounds.
  func prepare(for context: LayoutContext)
  /// The size of all the content.
  var contentSize: Size { get }
  /// True when the content runs sideways (a horizontal flow): the
  /// collection view then puts its scroll bar along the bottom, and the
  /// wheel and PgUp/PgDn scroll sideways. The default says no.
  var scrollsHorizontally: Bool { get }
  /// The attributes of every element whose frame intersects `rect`.
  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]
  /// The attributes of one item, or nil when out of range.
  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?
  /// The attributes of a supplementary element, or nil when the layout has none there.
  func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  /// Whether a change of the visible bounds' origin (a scroll) needs the layout
  /// to be told through ``invalidateLayout(forBoundsChange:)``. A change of
  /// size always re-prepares the layout. The default says no.
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool
  /// Told of the new visible bounds after ``shouldInvalidateLayout(forBoundsChange:)``
  /// said yes (for example to pin headers).
  func invalidateLayout(forBoundsChange newBounds: Rect)
  /// Where an item inserted by a batch update starts its animation (called
  /// after ``prepare(for:)`` with the new counts; `indexPath` is the item's
  /// new index path). Nil, the default, fades the item in at its frame.
  func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes?
  /// Where an item deleted by a batch update ends its animation (called
  /// after ``prepare(for:)`` with the new counts; `indexPath` is the item's
  /// old index path). Nil, the default, fades the item out where it was.
  func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes?
  /// Where a supplementary element of an inserted section starts its
  /// animation. Nil, the default, fades it in at its frame.
  func initialLayoutAttributesForAppearingSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  /// Where a supplementary element of a deleted section ends its animation.
  /// Nil, the default, fades it out where it was.
  func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  /// How the arrow keys move the focus among the items: in rows (a grid, a
  /// list, shelves), in columns (a horizontal flow), or by geometry (a
  /// free-form layout). The default says ``FocusNavigation/geometric``, so a
  /// layout of your own opts in to rows by returning ``FocusNavigation/rows``.
  /// The stock layouts have a settable property: rows for the vertical flow,
  /// compositional and shelf layouts, columns for the horizontal flow,
  /// geometric for the waterfall and the circle.
  var focusNavigation: FocusNavigation { get }
  /// The item the focus moves to from the item at `indexPath` when the
  /// person presses the arrow of `direction`, or nil to leave it where it
  /// is. The default follows ``focusNavigation``
  /// (``FocusMoveContext/nearestItem(from:_:by:in:)``). Implement it to
  /// supply a navigation of your own, asking
  /// ``FocusMoveContext/canFocusItem(at:)`` before choosing an item; the
  /// collection view ignores an answer that is not an item, or one the
  /// focus may not land on.
  func targetIndexPath(forFocusMovingFrom indexPath: IndexPath, in direction: FocusDirection, context: FocusMoveContext)
    -> IndexPath?
  /// The collection view showing the layout, told by ``invalidateLayout()``
  /// (UIKit's `collectionView` of a layout, seen only as what it needs). The
  /// view sets it when it is given the layout; keep it weakly. The default
  /// keeps none: a layout of your own without it has the app call the view's
  /// `setNeedsLayout()` after changing one of its settings.
  var invalidationTarget: (any LayoutInvalidationTarget)? { get set }
}

extension CollectionLayout {
  /// Default: the content scrolls vertically.
  public var scrollsHorizontally: Bool { false }
  /// Default: no supplementary elements.
  public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }
  /// Default: scrolling does not concern the layout.
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }
  /// Default: nothing to do.
  public func invalidateLayout(forBoundsChange newBounds: Rect) {}
  /// Default: nil (the collection view fades the item in at its frame).
  public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }
  /// Default: nil (the collection view fades the item out where it was).
  public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }
  /// Default: nil (a fade in).
  public func initialLayoutAttributesForAppearingSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }
  /// Default: nil (a fade out).
  public func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }
  /// Default: ``FocusNavigation/geometric``, which suits any layout.
  public var focusNavigation: FocusNavigation { .geometric }
  /// Default: none kept (see ``invalidationTarget``).
  public var invalidationTarget: (any LayoutInvalidationTarget)? {
    get { nil }
    set {}
  }
  /// Tells the view showing the layout to prepare it again before its next
  /// use, as UIKit's `invalidateLayout()` does: the stock layouts call it
  /// when one of their settings changes (a change of the axis included), so
  /// the app need not call the view's `setNeedsLayout()`. A layout of your
  /// own that keeps an ``invalidationTarget`` calls it likewise.
  public func invalidateLayout() { invalidationTarget?.layoutDidInvalidate(self) }
  /// Default: the item ``focusNavigation`` reaches.
  public func targetIndexPath(
    forFocusMovingFrom indexPath: IndexPath, in direction: FocusDirection, context: FocusMoveContext
  ) -> IndexPath? {
    context.nearestItem(from: indexPath, direction, by: focusNavigation, in: self)
  }
}
