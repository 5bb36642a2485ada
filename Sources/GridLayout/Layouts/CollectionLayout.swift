/// What a layout needs to know to compute its geometry: the number of items
/// in each section and the size of the visible bounds.
public struct LayoutContext: Hashable, Sendable {
  /// `itemCounts[s]` is the number of items in section `s`.
  public var itemCounts: [Int]
  /// The size of the collection view's visible area, in cells: its frame
  /// less the scroll bar's column (row, when the layout scrolls sideways)
  /// while the view shows a scroll bar, which it does by default, even when
  /// everything fits. So in a 160-column terminal a layout is 159 wide: a
  /// rule meant for "160 columns or wider" compares with 159, or the app
  /// turns the scroll bar off (TermGrid's `showsScrollIndicator`) to give the
  /// layout the whole frame. The column is kept out so that no item runs
  /// under the bar and fractions of the width divide the room items have.
  public var boundsSize: Size
  /// The item being moved interactively, if any: the view lays the items
  /// out as if it were already at its target, so index paths here (the
  /// presented ones) differ from the data's. ``dataIndexPath(for:)`` maps back.
  public var movedItem: MovedItem?
  /// Creates a context.
  public init(itemCounts: [Int], boundsSize: Size, movedItem: MovedItem? = nil) {
    self.itemCounts = itemCounts
    self.boundsSize = boundsSize
    self.movedItem = movedItem
  }
  /// The number of sections.
  public var numberOfSections: Int { itemCounts.count }
  /// The number of items in `section` (0 when out of range).
  public func numberOfItems(inSection section: Int) -> Int {
    section >= 0 && section < itemCounts.count ? itemCounts[section] : 0
  }
  /// The data's index path of the item laid out at `presented`: what a
  /// layout's delegate is asked about, so a delegate that indexes its model
  /// answers rightly while an item is being moved. The stock layouts ask
  /// their delegates with it; a custom layout with a per-item delegate should too.
  public func dataIndexPath(for presented: IndexPath) -> IndexPath {
    movedItem?.dataIndexPath(forPresented: presented) ?? presented
  }
}

/// An item shown at another place than the data's while it is moved.
public struct MovedItem: Hashable, Sendable {
  /// Where it is in the data.
  public var source: IndexPath
  /// Where it is shown (an index path after the move).
  public var target: IndexPath
  /// Creates a moved item.
  public init(source: IndexPath, target: IndexPath) {
    self.source = source
    self.target = target
  }
  /// The data's index path of the item shown at `presented`.
  public func dataIndexPath(forPresented presented: IndexPath) -> IndexPath {
    if presented == target { return source }
    var item = presented.item
    if presented.section == target.section && item > target.item { item -= 1 }
    if presented.section == source.section && item >= source.item { item += 1 }
    return IndexPath(item: item, section: presented.section)
  }
}

/// A layout object: computes the frame of every element of a collection view,
/// as UICollectionViewLayout does. It answers geometry only, never draws.
///
/// The collection view calls ``prepare(for:)`` whenever the data or the bounds
/// size change, then asks ``layoutAttributesForElements(in:)`` for the visible
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
  /// Default: the item ``focusNavigation`` reaches.
  public func targetIndexPath(
    forFocusMovingFrom indexPath: IndexPath, in direction: FocusDirection, context: FocusMoveContext
  ) -> IndexPath? {
    context.nearestItem(from: indexPath, direction, by: focusNavigation, in: self)
  }
}
