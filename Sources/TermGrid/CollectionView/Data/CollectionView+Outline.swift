import GridLayout

extension CollectionView {
  /// Left or Right on the focused item of an outline, handled by a data
  /// source that is a ``CollectionViewOutlineDataSource``; false when it
  /// did not use the key (the focus then moves as the layout's navigation says).
  /// Called only while the data source may show an outline (`data.mayShowOutline`).
  func performOutlineMove(_ direction: FocusDirection) -> Bool {
    guard direction == .left || direction == .right, let f = focusedIndexPath,
      let outline = dataSource as? any CollectionViewOutlineDataSource
    else { return false }
    return outline.collectionView(self, performOutlineMove: direction, fromItemAt: f)
  }

  /// Whether the data source shows an outline now
  /// (``CollectionViewOutlineDataSource/showsOutline(in:)``).
  var showsOutline: Bool {
    guard let outline = dataSource as? any CollectionViewOutlineDataSource else { return false }
    return outline.showsOutline(in: self)
  }

  /// A click at column `x`, row `y` of the surface on the outline
  /// disclosure (`▸` or `▾`) of the item at `indexPath` expands or collapses
  /// it, as Right and Left do, and focuses it. False when the click was not
  /// on one (or the data source did nothing with it).
  func clickOutlineDisclosure(ofItemAt indexPath: IndexPath, x: Int, y: Int) -> Bool {
    guard let outline = dataSource as? any CollectionViewOutlineDataSource, let a = layoutAttributesForItem(at: indexPath),
      let content = contentForItem(at: indexPath)
    else { return false }
    let frame = scrolling.viewport.unclippedSurfaceRect(ofContent: a.frame)
    let renderer = ElementRenderer(theme: theme, colors: rasterizer.blend.colors, showsPictures: showsPictures)
    guard case .outlineDisclosure(let isExpanded)? = renderer.accessory(of: content, in: frame, at: CellPoint(x: x, y: y))?.kind
    else { return false }
    if canHighlight(indexPath) { focusItem(at: indexPath) }
    return outline.collectionView(self, performOutlineMove: isExpanded ? .left : .right, fromItemAt: indexPath)
  }
}
