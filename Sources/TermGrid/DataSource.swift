import GridLayout

/// Supplies a ``CollectionView`` with its data, as UICollectionViewDataSource.
///
/// Counts are read on ``CollectionView/reloadData()``; content is asked for
/// only for the elements that are visible in the frame being drawn.
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections (default 1).
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// The number of items in `section`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// What the item at `indexPath` shows.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellContent
  /// What a supplementary element (a header, a footer, or a kind of the layout's own) shows.
  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> CellContent
}

extension CollectionViewDataSource {
  /// Default: one section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  /// Default: does nothing (or nothing is shown).
  public func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> CellContent { .empty }
}

/// Told what the person does in a ``CollectionView``. Every method has a
/// default that does nothing.
public protocol CollectionViewDelegate: AnyObject {
  /// Enter (or a double click) on the item at `indexPath`.
  func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath)
  /// The focus moved to `indexPath` (nil when there is nothing to focus).
  func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?)
  /// The person selected the item (Space, or a click).
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// The person deselected the item.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
  /// Default: does nothing (or nothing is shown).
  public func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {}
  /// Default: does nothing (or nothing is shown).
  public func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?) {}
  /// Default: does nothing (or nothing is shown).
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  /// Default: does nothing (or nothing is shown).
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
}
