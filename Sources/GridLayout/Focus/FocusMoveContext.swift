/// What a layout is told when an arrow key moves the focus: the part of the
/// content on screen, how tall a cell looks, and which items the focus may
/// land on. A collection view makes one for every move and hands it to its
/// layout's ``CollectionLayout/targetIndexPath(forFocusMovingFrom:in:context:)``.
///
/// A layout that supplies its own navigation asks ``canFocusItem(at:)``
/// before choosing an item, and may fall back on a stock navigation with
/// ``nearestItem(from:_:by:in:)``.
public struct FocusMoveContext {
  /// The part of the content on screen, in content coordinates.
  public var visibleRect: Rect
  /// How much taller than wide a cell looks (2: a row is as tall as two
  /// columns are wide), so that geometric navigation's cone and distances
  /// are those the eye sees.
  public var cellAspectRatio: Double
  private let canFocus: (IndexPath) -> Bool

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - visibleRect: The part of the content on screen.
  ///   - cellAspectRatio: How much taller than wide a cell looks.
  ///   - canFocusItem: Whether the focus may land on an item (a collection
  ///     view asks its delegate's `shouldHighlightItemAt`); every item by default.
  public init(
    visibleRect: Rect, cellAspectRatio: Double = 2, canFocusItem: @escaping (IndexPath) -> Bool = { _ in true }
  ) {
    self.visibleRect = visibleRect
    self.cellAspectRatio = cellAspectRatio
    self.canFocus = canFocusItem
  }

  /// Whether the focus may land on the item at `indexPath`. Items the
  /// collection view's delegate refuses are passed over, never chosen.
  public func canFocusItem(at indexPath: IndexPath) -> Bool { canFocus(indexPath) }

  /// The item a stock navigation moves the focus to from the item at
  /// `indexPath`, over `layout`'s items, or nil when the focus stays (there
  /// is nothing that way, or `indexPath` has no attributes).
  ///
  /// Hidden items, items the focus may not land on and items of another
  /// section that scrolls sideways (a ``SectionScrollingLayout``'s shelf)
  /// whose middle is scrolled out of view are never chosen; moving from
  /// line to line, neither are those of the focused item's own shelf. The cost is a
  /// few rect queries of about a screen each, however many items there are.
  public func nearestItem(
    from indexPath: IndexPath, _ direction: FocusDirection, by navigation: FocusNavigation, in layout: any CollectionLayout
  ) -> IndexPath? {
    guard let origin = layout.layoutAttributesForItem(at: indexPath)?.frame else { return nil }
    var search = FocusSearch(context: self, layout: layout, from: indexPath, origin: origin)
    switch navigation {
    case .geometric: return search.geometric(direction)
    case .rows: return search.inLines(direction, rows: true)
    case .columns: return search.inLines(direction, rows: false)
    }
  }
}
