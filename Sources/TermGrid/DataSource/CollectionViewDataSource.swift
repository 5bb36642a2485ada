import GridLayout

/// Supplies a ``CollectionView`` with its data, as UICollectionViewDataSource.
///
/// Counts are read on ``CollectionView/reloadData()``; content is asked for
/// only for the elements that are visible in the frame being drawn. While
/// an update animates, the elements that stay are asked for every frame,
/// at their index paths after the update: answer from the model as it is
/// now (a header's count is the new one from the first frame). Elements
/// leaving keep the content they showed when the update began.
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections (default 1).
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// The number of items in `section`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// What the item at `indexPath` shows.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent
  /// What a supplementary element (a header, a footer, or a kind of the
  /// layout's own) shows, from the model as it is now: while an update
  /// animates it is asked at the index path after the update, so a header
  /// that counts its section's items shows the new count from the first frame.
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
