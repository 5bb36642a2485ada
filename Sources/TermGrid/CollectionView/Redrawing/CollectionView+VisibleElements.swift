import GridLayout

extension CollectionView {
  // MARK: visible supplementary elements

  /// The index paths of the supplementary elements of `kind` (headers,
  /// footers, badges, or kinds of your own layout) that intersect the
  /// visible rectangle, sorted. UIKit's `indexPathsForVisibleSupplementaryElements(ofKind:)`.
  public func indexPathsForVisibleSupplementaryElements(ofKind kind: ElementKind) -> [IndexPath] {
    layoutIfNeeded()
    return collectionViewLayout.layoutAttributesForElements(in: visibleRect)
      .filter { $0.category == .supplementary && $0.kind == kind && !$0.isHidden }
      .map(\.indexPath).sorted()
  }

  /// The attributes of the supplementary element of `kind` at `indexPath`
  /// as the layout places it now, or nil when the layout has none there.
  public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
    layoutIfNeeded()
    return collectionViewLayout.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
  }

  /// What the visible supplementary element of `kind` at `indexPath` shows
  /// (its data source's content), or nil when it is not on screen. UIKit's
  /// `supplementaryView(forElementKind:at:)`.
  public func supplementaryContent(forElementKind kind: ElementKind, at indexPath: IndexPath) -> ElementContent? {
    guard let a = layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath), !a.isHidden,
      a.frame.intersects(visibleRect)
    else { return nil }
    return content(for: a)
  }

  /// What the visible item at `indexPath` shows (its data source's
  /// content), or nil when it is not on screen. UIKit's `cellForItem(at:)`
  /// (in TermGrid a cell is a character cell, so an item shows content).
  public func contentForItem(at indexPath: IndexPath) -> ElementContent? {
    guard isValid(indexPath), let a = layoutAttributesForItem(at: indexPath), !a.isHidden, a.frame.intersects(visibleRect)
    else { return nil }
    return content(for: a)
  }
}
