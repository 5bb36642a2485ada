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
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent
  /// What a supplementary element (a header, a footer, or a kind of the layout's own) shows.
  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent
  /// The person moved an item (an interactive movement ended): move it in
  /// the model from `sourceIndexPath` to `destinationIndexPath`. Called once
  /// per movement, with the index paths before and after; the view has
  /// already placed the item there.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension CollectionViewDataSource {
  /// Default: one section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  /// Default: an empty element.
  public func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent { .empty }
  /// Default: does nothing (items cannot be moved unless the delegate's
  /// ``CollectionViewDelegate/collectionView(_:canMoveItemAt:)`` says so).
  public func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
}
