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
