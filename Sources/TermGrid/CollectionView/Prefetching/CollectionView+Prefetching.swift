import GridLayout

/// Told which items will soon be visible, so their data (a picture to
/// decode, a row to read) can be made ready before they are drawn: the
/// terminal's `UICollectionViewDataSourcePrefetching`. Set a collection
/// view's ``CollectionView/prefetchDataSource``.
///
/// After each frame that scrolled, the view looks one screen ahead in the
/// direction it scrolls (down or right; the first frame looks down or right
/// too), and with a <doc:/GridLayout/SectionScrollingLayout> one screen to
/// the right of each section on screen that scrolls sideways: the items there that were not already announced are passed to
/// ``collectionView(_:prefetchItemsAt:)``. Items announced earlier that are
/// no longer ahead, and were not drawn (the scrolling turned back), are
/// passed to ``collectionView(_:cancelPrefetchingForItemsAt:)``.
public protocol CollectionViewDataSourcePrefetching: AnyObject {
  /// The items at `indexPaths` will soon be visible (nearest first).
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /// The items at `indexPaths`, announced earlier, are no longer expected soon.
  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
  /// Default: nothing to cancel.
  public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

extension CollectionView {
  /// Forgets what was announced (the index paths no longer name the same items).
  func resetPrefetching() {
    data.resetPrefetching()
  }

  /// After a frame: tells the prefetch data source about the items one
  /// screen ahead in the direction of scrolling, and cancels those no
  /// longer ahead. Nothing is asked of the layout while nothing scrolled.
  func updatePrefetching() {
    guard isPrefetchingEnabled, let target = prefetchDataSource else { return }
    let offset = contentOffset
    guard data.prefetchScrolled(to: offset) else { return }
    let visible = visibleRect
    guard visible.width > 0, visible.height > 0 else { return }
    let size = contentSize
    // Ahead along the axes the content scrolls on (both when it scrolls on both).
    let scrollsX = size.width > visible.width
    let scrollsY = size.height > visible.height || !scrollsX
    let ahead = Rect(
      x: visible.minX + (scrollsX ? prefetch.direction.x * visible.width : 0),
      y: visible.minY + (scrollsY ? prefetch.direction.y * visible.height : 0),
      width: visible.width, height: visible.height)
    let shown = Set(
      collectionViewLayout.layoutAttributesForElements(in: visible).lazy.filter { $0.category == .item }.map(\.indexPath))
    var soon: [IndexPath] = []
    var soonSet: Set<IndexPath> = []
    // With sections that scroll sideways, the next screen of each shelf on screen too.
    let sideways =
      sectionScrollingLayout != nil ? collectionViewLayout.layoutAttributesForElements(in: visible.offsetBy(dx: visible.width, dy: 0)) : []
    for a in collectionViewLayout.layoutAttributesForElements(in: ahead) + sideways
    where a.category == .item && !shown.contains(a.indexPath) && isValid(a.indexPath) {
      if soonSet.insert(a.indexPath).inserted { soon.append(a.indexPath) }
    }
    // Nearest first: by distance from the visible rect's edge it scrolls towards.
    let dy = prefetch.direction.y
    let dx = prefetch.direction.x
    soon.sort { p, q in
      guard let f = collectionViewLayout.layoutAttributesForItem(at: p)?.frame,
        let g = collectionViewLayout.layoutAttributesForItem(at: q)?.frame
      else { return p < q }
      let a = (scrollsY ? f.minY * dy : 0) + (scrollsX ? f.minX * dx : 0)
      let b = (scrollsY ? g.minY * dy : 0) + (scrollsX ? g.minX * dx : 0)
      return a != b ? a < b : (p < q) == (dy > 0)
    }
    let new = soon.filter { !prefetch.announced.contains($0) }
    let dropped = prefetch.announced.filter { !soonSet.contains($0) && !shown.contains($0) }
    data.prefetchAnnounce(soonSet)
    if !dropped.isEmpty { target.collectionView(self, cancelPrefetchingForItemsAt: dropped.sorted()) }
    if !new.isEmpty { target.collectionView(self, prefetchItemsAt: new) }
  }
}
