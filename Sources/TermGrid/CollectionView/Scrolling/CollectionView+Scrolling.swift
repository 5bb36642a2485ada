import GridLayout
import GridRender

extension CollectionView {
  // MARK: scrolling

  /// Scrolls so the content point `offset` is at the top-left, clamped to the content.
  public func setContentOffset(_ offset: Point) {
    layoutIfNeeded()
    let clamped = geometry.clamped(offset, contentSize: collectionViewLayout.contentSize)
    guard clamped != contentOffset else { return }
    contentOffset = clamped
    redraw.invalidateScroll()
    tellLayoutBounds()
  }

  func clampContentOffset() { setContentOffset(contentOffset) }

  /// Scrolls so the item at `indexPath` is visible at `position`. An index
  /// path out of range does nothing.
  public func scrollToItem(at indexPath: IndexPath, position: ScrollPosition) {
    revealInSection(indexPath, position: position)
    guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
    let vw = Double(viewport.width)
    let vh = Double(viewport.height)
    var offset = contentOffset
    // An item in the first line of its section brings the section's header with it.
    var top = frame.minY
    if let header = collectionViewLayout.layoutAttributesForSupplementaryElement(
      ofKind: .header, at: IndexPath(item: 0, section: indexPath.section))?.frame,
      header.maxY <= frame.minY, frame.minY - header.maxY < frame.height, frame.maxY - header.minY <= vh
    {
      top = header.minY
    }
    // And an item in the last line brings the footer.
    var bottom = frame.maxY
    if let footer = collectionViewLayout.layoutAttributesForSupplementaryElement(
      ofKind: .footer, at: IndexPath(item: 0, section: indexPath.section))?.frame,
      footer.minY >= frame.maxY, footer.minY - frame.maxY < frame.height, footer.maxY - top <= vh
    {
      bottom = footer.maxY
    }
    switch position {
    case .top: offset.y = top
    case .bottom: offset.y = bottom - vh
    case .centered: offset.y = frame.midY - vh / 2
    case .minimal:
      if bottom > offset.y + vh { offset.y = bottom - vh }
      if top < offset.y { offset.y = top }
      if frame.maxX > offset.x + vw { offset.x = frame.maxX - vw }
      if frame.minX < offset.x { offset.x = frame.minX }
    }
    if position != .minimal {
      offset.x = min(max(offset.x, frame.maxX - vw), frame.minX)
    }
    let before = contentOffset
    setContentOffset(offset)
    // A pinned header (a supplementary element floating above the items,
    // such as a flow layout's header or a calendar's day headers) may now
    // cover the item's top: scroll up by the overlap. (Not asked when the
    // view did not move and the screen is as last drawn, with nothing
    // floating over the item: a focus move within the screen asks nothing.)
    let screenIsCurrent = contentOffset == before && redraw.screenIsCurrent(at: contentOffset)
    if position != .bottom,
      !screenIsCurrent
        || redraw.floatingRects.contains(where: { !$0.intersection(geometry.surfaceRect(ofContent: frame)).isEmpty })
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
    let width = Double(viewport.width)
    // A cell of margin either side, so the gap to the next item shows.
    let minX = frame.minX - 1
    let maxX = frame.maxX + 1
    var offset = old
    if position == .centered {
      offset += frame.midX - width / 2
    } else {
      if maxX > width { offset += maxX - width }
      if minX - (offset - old) < 0 { offset = old + minX }
    }
    // The item's edges in the unscrolled row.
    let left = frame.minX + old
    let right = frame.maxX + old
    if let resting = shelves.restingHorizontalOffsets(
      ofSection: indexPath.section, in: (min(old, offset) - width)...(max(old, offset) + width))
    {
      let showing = resting.filter { left - $0 >= 0 && right - $0 <= width }
      let target = position == .centered ? offset : old
      if let best = showing.min(by: { abs($0 - target) < abs($1 - target) }) { offset = best }
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
    var offset = old + (right ? 6 : -6)
    if let resting = shelves.restingHorizontalOffsets(ofSection: section, in: (old - 2 * width)...(old + 2 * width)) {
      offset = (right ? resting.first { $0 > old } : resting.last { $0 < old }) ?? old
    }
    shelves.setHorizontalOffset(offset, ofSection: section)
    guard shelves.horizontalOffset(ofSection: section) != old else { return true }
    didScrollSection()
    return true
  }

  /// A section scrolled sideways: everything is drawn again, and the items
  /// ahead looked at again after the frame.
  private func didScrollSection() {
    redraw.invalidateAll()
    prefetch.offset = nil
  }
}
