/// What a ``CollectionViewController`` compares, from one look at its view
/// to the next, to know whether what it asks the app for (the bars' text,
/// the key commands) may have changed: counts of the changes the view
/// marked, not the state itself, so a look costs the same for a million
/// items as for ten.
struct ViewChangeStamp: Equatable {
  /// Changes of any kind: the focus, the selection, a scroll, a picture, everything.
  var changes: Int
  /// Changes to everything: the data, the layout, the size, the look.
  var wholeChanges: Int
  /// How many items are selected.
  var selectedCount: Int
  /// Whether an item is being moved.
  var isMovingItem: Bool

  /// Whether a title asked at `self` may say something else now: the view
  /// changed whole, or an item was picked up or put down (not a focus move).
  func titleMayDiffer(from now: ViewChangeStamp) -> Bool {
    wholeChanges != now.wholeChanges || isMovingItem != now.isMovingItem
  }
}

extension CollectionView {
  /// Whether key commands asked with the view at `stamp` may be others
  /// now: the view changed whole, the selection grew or shrank, or an item
  /// was picked up or put down (not a focus move or a scroll). Compared in
  /// place, with no stamp made: a key asks it.
  func keyCommandsMayDiffer(since stamp: ViewChangeStamp) -> Bool {
    stamp.wholeChanges != drawing.redraw.wholeChangeCount || stamp.selectedCount != selection.items.count
      || stamp.isMovingItem != isMovingItem
  }

  /// The view's changes so far (see ``ViewChangeStamp``).
  var changeStamp: ViewChangeStamp {
    ViewChangeStamp(
      changes: drawing.redraw.changeCount, wholeChanges: drawing.redraw.wholeChangeCount, selectedCount: selection.items.count,
      isMovingItem: isMovingItem)
  }
}
