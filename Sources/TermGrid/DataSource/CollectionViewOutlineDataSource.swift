import GridLayout

/// A data source whose items form outlines: the collection view asks it
/// what Left and Right do before it moves the focus by geometry, so they
/// work as in tree views. ``CollectionViewDiffableDataSource`` is one: in a
/// section applied as a <doc:/GridLayout/DiffableSectionSnapshot>, Right
/// expands a collapsed parent and moves from an expanded one to its first
/// child, Left collapses an expanded parent and moves from a child to its
/// parent. Elsewhere (and for a key it does not use) it returns false, and
/// the keys keep their meaning.
public protocol CollectionViewOutlineDataSource: CollectionViewDataSource {
  /// Handles Left (`.left`) or Right (`.right`) on the item at `indexPath`
  /// in an outline: expands or collapses it (animated) or moves the focus
  /// (``CollectionView/focusItem(at:)``). Returns false when the item is
  /// not in an outline or the key does nothing there.
  func collectionView(_ collectionView: CollectionView, performOutlineMove direction: FocusDirection, fromItemAt indexPath: IndexPath)
    -> Bool

  /// Whether `collectionView` shows an outline now: its controller's help
  /// screen then says what Right and Left do
  /// (``KeyBindings/HelpTopic/outline``). Default: true.
  func showsOutline(in collectionView: CollectionView) -> Bool
}

extension CollectionViewOutlineDataSource {
  /// True: a data source that handles outline moves shows an outline.
  public func showsOutline(in collectionView: CollectionView) -> Bool { true }
}
