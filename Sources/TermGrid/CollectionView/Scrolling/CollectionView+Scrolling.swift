import GridLayout
import GridRender

extension CollectionView {
  // MARK: scrolling

  /// Scrolls so the content point `offset` is at the top-left, clamped to the content.
  public func setContentOffset(_ offset: Point) {
    layoutIfNeeded()
    let clamped = scrolling.viewport.clamped(offset, contentSize: collectionViewLayout.contentSize)
    guard clamped != contentOffset else { return }
    contentOffset = clamped
    drawing.invalidateScroll()
    tellLayoutBounds()
  }

  func clampContentOffset() { setContentOffset(contentOffset) }

  /// Scrolls so the item at `indexPath` is visible at `position`. An index
  /// path out of range does nothing.
  public func scrollToItem(at indexPath: IndexPath, position: ScrollPosition) {
    revealInSection(indexPath, position: position)
    guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
    let section = IndexPath(item: 0, section: indexPath.section)
    let offset = Scrolling.offset(
      showing: frame,
      header: collectionViewLayout.layoutAttributesForSupplementaryElement(ofKind: .header, at: section)?.frame,
      footer: collectionViewLayout.layoutAttributesForSupplementaryElement(ofKind: .footer, at: section)?.frame,
      at: position, from: contentOffset, viewSize: scrolling.viewport.size)
    let before = contentOffset
    setContentOffset(offset)
    // A pinned header (a supplementary element floating above the items,
    // such as a flow layout's header or a calendar's day headers) may now
    // cover the item's top: scroll up by the overlap. (Not asked when the
    // view did not move and the screen is as last drawn, with nothing
    // floating over the item: a focus move within the screen asks nothing.)
    let screenIsCurrent = contentOffset == before && drawing.redraw.screenIsCurrent(at: contentOffset)
    if position != .bottom,
      !screenIsCurrent
        || drawing.redraw.floatingRects.contains(where: { !$0.intersection(scrolling.viewport.surfaceRect(ofContent: frame)).isEmpty })
    {
      let band = Rect(x: frame.minX, y: frame.minY, width: max(1, frame.width), height: 1)
      let overlap =
        collectionViewLayout.layoutAttributesForElements(in: band)
        .filter { $0.category == .supplementary && $0.zIndex > 0 && $0.frame.minY <= frame.minY }
        .map { $0.frame.maxY - frame.minY }.max() ?? 0
      if overlap > 0 { setContentOffset(Point(x: contentOffset.x, y: contentOffset.y - overlap)) }
    }
  }

  /// With a ``SectionScrollingLayout``, scrolls the item's section sideways
  /// (the least that shows it all, or centred; where the section comes to
  /// rest at certain offsets only, the nearest of those that shows it) and redraws.
  private func revealInSection(_ indexPath: IndexPath, position: ScrollPosition) {
    guard let shelves = sectionScrollingLayout,
      shelves.maximumHorizontalOffset(ofSection: indexPath.section) > 0,
      let frame = layoutAttributesForItem(at: indexPath)?.frame
    else { return }
    let old = shelves.horizontalOffset(ofSection: indexPath.section)
    let offset = Scrolling.sectionOffset(showing: frame, at: position, from: old, width: Double(viewport.width)) {
      shelves.restingHorizontalOffsets(ofSection: indexPath.section, in: $0)
    }
    shelves.setHorizontalOffset(offset, ofSection: indexPath.section)
    if shelves.horizontalOffset(ofSection: indexPath.section) != old { didScrollSection() }
  }

  /// With a ``SectionScrollingLayout``, scrolls the section under the
  /// surface row `y` sideways a step (six cells, or to its next resting
  /// offset) left or right. Returns false when no section there scrolls.
  func scrollSection(atSurfaceY y: Int, right: Bool) -> Bool {
    guard let shelves = sectionScrollingLayout else { return false }
    let row = contentPoint(x: viewport.x, y: y).y
    let band = Rect(x: contentOffset.x, y: row - 0.5, width: Double(max(1, viewport.width)), height: 1)
    guard
      let section = collectionViewLayout.layoutAttributesForElements(in: band)
        .first(where: { $0.category == .item && shelves.maximumHorizontalOffset(ofSection: $0.indexPath.section) > 0 })?
        .indexPath.section
    else { return false }
    let old = shelves.horizontalOffset(ofSection: section)
    let width = Double(max(1, viewport.width))
    let offset = Scrolling.sectionStep(from: old, right: right, width: width) {
      shelves.restingHorizontalOffsets(ofSection: section, in: $0)
    }
    shelves.setHorizontalOffset(offset, ofSection: section)
    guard shelves.horizontalOffset(ofSection: section) != old else { return true }
    didScrollSection()
    return true
  }

  /// A section scrolled sideways: everything is drawn again, and the items
  /// ahead looked at again after the frame.
  private func didScrollSection() {
    drawing.invalidateAll()
    data.prefetchLookAgain()
  }
}
