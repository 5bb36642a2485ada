import GridLayout

extension CollectionView {
  /// Left or Right on the focused item of an outline, handled by a data
  /// source that is a ``CollectionViewOutlineDataSource``; false when it
  /// did not use the key (the focus then moves by geometry).
  func performOutlineMove(_ direction: FocusDirection) -> Bool {
    guard direction == .left || direction == .right, let f = focusedIndexPath,
      let outline = dataSource as? any CollectionViewOutlineDataSource
    else { return false }
    return outline.collectionView(self, performOutlineMove: direction, fromItemAt: f)
  }
}
