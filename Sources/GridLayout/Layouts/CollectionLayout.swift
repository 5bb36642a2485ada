/// What a layout needs to know to compute its geometry: the number of items
/// in each section and the size of the visible bounds.
public struct LayoutContext: Hashable, Sendable {
  /// `itemCounts[s]` is the number of items in section `s`.
  public var itemCounts: [Int]
  /// The size of the collection view's visible area, in cells.
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
}
