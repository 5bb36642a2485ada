import GridLayout
import GridRender

extension CollectionView {
  // MARK: focus

  /// Moves the focus to `indexPath` and scrolls it into view (minimal
  /// scroll); nil takes the focus away. In code the delegate is not asked,
  /// but it is told (``CollectionViewDelegate/collectionView(_:didHighlightItemAt:)``).
  public func focusItem(at indexPath: IndexPath?) {
    if let indexPath {
      guard isValid(indexPath) else { return }
      scrollToItem(at: indexPath, position: .minimal)
    }
    guard indexPath != focusedIndexPath else { return }
    let old = focusedIndexPath
    if indexPath == nil, remembersLastFocusedIndexPath { rememberedFocus = old }
    setNeedsDisplay(forItemAt: old)
    focusedIndexPath = indexPath
    setNeedsDisplay(forItemAt: indexPath)
    tellFocusChanged(from: old)
  }

  /// The item to give the focus back to (``remembersLastFocusedIndexPath``), when it still exists.
  var rememberedFocusIfValid: IndexPath? {
    guard remembersLastFocusedIndexPath, let r = rememberedFocus, isValid(r) else { return nil }
    return r
  }

  /// Tells the delegate the focus moved from `old` (by ``focusItem(at:)``,
  /// or a batch update moving or removing it), and in screen-reader mode
  /// announces the item (unless `announces` is false). Returns true when it moved.
  @discardableResult
  func tellFocusChanged(from old: IndexPath?, announces: Bool = true) -> Bool {
    guard focusedIndexPath != old else { return false }
    if let old { delegate?.collectionView(self, didUnhighlightItemAt: old) }
    if let f = focusedIndexPath {
      delegate?.collectionView(self, didHighlightItemAt: f)
      if announces { announceIfReading(accessibilityDescription(ofItemAt: f)) }
    }
    return true
  }

  /// Moves the focus to the nearest item in `direction`, by geometry, so it
  /// works for any layout: a candidate's centre lies beyond the focused
  /// item's centre in that direction, within a 45-degree cone (measured with
  /// ``cellAspectRatio``, so it is the cone the eye sees), or it lies straight
  /// ahead (below the focused item for down, their columns overlapping); the
  /// nearest wins (straight ahead counting only the distance along), items
  /// of the focused item's section first. In a layout whose sections scroll
  /// sideways, items of other sections scrolled out of view are not candidates. With no candidate the
  /// focus stays. Returns true when it moved.
  @discardableResult
  public func moveFocus(_ direction: FocusDirection) -> Bool {
    guard let target = nearestItem(from: focusedIndexPath, direction) else { return false }
    focusItem(at: target)
    return true
  }

  /// The item ``moveFocus(_:)`` would move to.
  public func nearestItem(from indexPath: IndexPath?, _ direction: FocusDirection) -> IndexPath? {
    nearestItem(from: indexPath, direction, highlightableOnly: true)
  }

  /// The nearest item in `direction`; with `highlightableOnly`, only items
  /// the delegate lets the focus land on.
  func nearestItem(from indexPath: IndexPath?, _ direction: FocusDirection, highlightableOnly: Bool) -> IndexPath? {
    layoutIfNeeded()
    guard let indexPath, let origin = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
      return rememberedFocusIfValid ?? firstHighlightable(forward: true)
    }
    let content = collectionViewLayout.contentSize
    let c = origin.center
    let aspect = cellAspectRatio
    // Search outward in growing bands, so the cost is that of a few rect
    // queries. A band of `reach` along the direction holds every candidate
    // that close (the cone is at most as wide as it is long), so the search
    // ends at the content's edge.
    var reach = Double(max(direction == .up || direction == .down ? viewport.height : viewport.width, 8))
    var widenings = 0
    while true {
      let band: Rect
      switch direction {
      case .down: band = Rect(x: c.x - reach * aspect, y: c.y, width: 2 * reach * aspect, height: reach)
      case .up: band = Rect(x: c.x - reach * aspect, y: c.y - reach, width: 2 * reach * aspect, height: reach)
      case .right: band = Rect(x: c.x, y: c.y - reach / aspect, width: reach, height: 2 * reach / aspect)
      case .left: band = Rect(x: c.x - reach, y: c.y - reach / aspect, width: reach, height: 2 * reach / aspect)
      }
      var best: (sameSection: Bool, distance: Double, across: Double, path: IndexPath)?
      for a in collectionViewLayout.layoutAttributesForElements(in: band)
      where a.category == .item && !a.isHidden && a.indexPath != indexPath && !isScrolledAway(a, from: indexPath) {
        let p = a.frame.center
        // Along and across the direction, in visual units (columns).
        let dx = p.x - c.x
        let dy = (p.y - c.y) * aspect
        let along: Double
        var across: Double
        // An item beside the focused one across the direction (their spans
        // overlap: below it, for down) is straight ahead, however wide.
        let overlaps: Bool
        switch direction {
        case .down, .up:
          (along, across) = (direction == .down ? dy : -dy, dx)
          overlaps = a.frame.minX < origin.maxX && a.frame.maxX > origin.minX
        case .right, .left:
          (along, across) = (direction == .right ? dx : -dx, dy)
          overlaps = a.frame.minY < origin.maxY && a.frame.maxY > origin.minY
        }
        guard along > 0, overlaps || abs(across) <= along else { continue }
        let offset = abs(across)
        if overlaps { across = 0 }
        let distance = (along * along + across * across).squareRoot()
        let same = a.indexPath.section == indexPath.section
        if let b = best {
          if b.sameSection && !same { continue }
          if same == b.sameSection
            && (distance > b.distance || (distance == b.distance && (offset > b.across || (offset == b.across && a.indexPath > b.path))))
          {
            continue
          }
        }
        // The delegate is asked only about an item that would win.
        if highlightableOnly && !canHighlight(a.indexPath) { continue }
        best = (same, distance, offset, a.indexPath)
      }
      let reachedEdge: Bool
      switch direction {
      case .down: reachedEdge = c.y + reach >= content.height
      case .up: reachedEdge = c.y - reach <= 0
      case .right: reachedEdge = c.x + reach >= content.width
      case .left: reachedEdge = c.x - reach <= 0
      }
      if let best, best.sameSection || reachedEdge { return best.path }
      if reachedEdge { return nil }
      // A candidate of another section wins unless the same section offers one
      // a little farther out (sections rarely interleave; look twice more).
      if best != nil {
        widenings += 1
        if widenings > 2 { return best!.path }
      }
      reach *= 2
    }
  }

  /// Moves the focus a page up or down: to the item nearest the point one
  /// page away, and scrolls by that page. When the layout
  /// <doc:/GridLayout/CollectionLayout/scrollsHorizontally>, a page is the view's width
  /// and "down" is to the right.
  public func moveFocusByPage(down: Bool) {
    layoutIfNeeded()
    guard let f = focusedIndexPath, let frame = collectionViewLayout.layoutAttributesForItem(at: f)?.frame else {
      focusItem(at: firstHighlightable(forward: true))
      return
    }
    let sideways = collectionViewLayout.scrollsHorizontally
    let page = Double(max(1, sideways ? viewport.width : viewport.height))
    let content = collectionViewLayout.contentSize
    let contentAlong = sideways ? content.width : content.height
    let contentAcross = sideways ? content.height : content.width
    let target = min(max(0, (sideways ? frame.midX : frame.midY) + (down ? page : -page)), max(0, contentAlong - 0.5))
    let across = sideways ? frame.midY : frame.midX
    // Along the scroll direction counts more (rows twice as much as they look).
    let alongWeight = sideways ? 4.0 : cellAspectRatio * 4
    var reach = page / 2
    var chosen: IndexPath?
    while chosen == nil && reach <= contentAlong + page {
      let band =
        sideways
        ? Rect(x: target - reach, y: 0, width: 2 * reach, height: max(contentAcross, 1))
        : Rect(x: 0, y: target - reach, width: max(contentAcross, 1), height: 2 * reach)
      var bestDistance = Double.infinity
      for a in collectionViewLayout.layoutAttributesForElements(in: band)
      where a.category == .item && !a.isHidden && canHighlight(a.indexPath) {
        let p = a.frame.center
        let d = abs((sideways ? p.x : p.y) - target) * alongWeight + abs((sideways ? p.y : p.x) - across)
        if d < bestDistance || (d == bestDistance && chosen.map { a.indexPath < $0 } == true) {
          bestDistance = d
          chosen = a.indexPath
        }
      }
      reach *= 2
    }
    guard let chosen else { return }
    let step = down ? page : -page
    setContentOffset(
      sideways ? Point(x: contentOffset.x + step, y: contentOffset.y) : Point(x: contentOffset.x, y: contentOffset.y + step))
    focusItem(at: chosen)
  }

  /// Moves the focus to the next or previous item in index order, across
  /// sections (skipping items the delegate does not let it land on).
  public func moveFocusInOrder(forward: Bool) {
    guard let f = focusedIndexPath else {
      focusItem(at: firstHighlightable(forward: true))
      return
    }
    if let next = nextHighlightable(after: f, forward: forward) { focusItem(at: next) }
  }

  /// Moves the focus to the first item of the next (or previous) non-empty
  /// section (the first the delegate lets it land on).
  public func moveFocusToSection(forward: Bool) {
    guard let f = focusedIndexPath else {
      focusItem(at: firstHighlightable(forward: true))
      return
    }
    var s = f.section + (forward ? 1 : -1)
    while s >= 0 && s < numberOfSections {
      if numberOfItems(inSection: s) > 0,
        let p = firstShownItem(inSection: s) ?? nextHighlightable(after: IndexPath(item: -1, section: s), forward: true, within: s)
      {
        focusItem(at: p)
        return
      }
      s += forward ? 1 : -1
    }
  }

  /// Whether `a` lies in another section that scrolls sideways, its middle
  /// outside the columns on screen: the focus does not jump from one shelf into the part
  /// of another scrolled out of view (it moves along a shelf, and up and down
  /// to what is shown).
  func isScrolledAway(_ a: LayoutAttributes, from indexPath: IndexPath) -> Bool {
    guard a.indexPath.section != indexPath.section, let shelves = sectionScrollingLayout,
      shelves.maximumHorizontalOffset(ofSection: a.indexPath.section) > 0
    else { return false }
    let visible = visibleRect
    return a.frame.midX < visible.minX || a.frame.midX > visible.maxX
  }

  /// In a section that scrolls sideways, the first item on screen the focus
  /// may land on (so that moving to the section keeps it where it was
  /// scrolled); nil for any other section, or when none is on screen.
  func firstShownItem(inSection section: Int) -> IndexPath? {
    guard let shelves = sectionScrollingLayout, shelves.maximumHorizontalOffset(ofSection: section) > 0,
      let first = collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: section))?.frame
    else { return nil }
    let visible = visibleRect
    let row = Rect(x: visible.minX, y: first.minY, width: visible.width, height: max(1, first.height))
    // Whole on screen with the cell of margin a reveal keeps, so nothing scrolls.
    return collectionViewLayout.layoutAttributesForElements(in: row)
      .filter {
        $0.category == .item && $0.indexPath.section == section && !$0.isHidden && $0.frame.minX - 1 >= visible.minX
          && $0.frame.maxX + 1 <= visible.maxX
      }
      .map(\.indexPath).sorted().first { canHighlight($0) }
  }

  /// Whether the delegate lets the focus land on the item.
  func canHighlight(_ indexPath: IndexPath) -> Bool {
    delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true
  }

  /// The first (or last) item the focus may land on.
  func firstHighlightable(forward: Bool) -> IndexPath? {
    guard let start = forward ? firstIndexPath : lastIndexPath else { return nil }
    if canHighlight(start) { return start }
    return nextHighlightable(after: start, forward: forward)
  }

  /// The next item in index order after `start` that the focus may land
  /// on, within one section or across all; nil when there is none.
  func nextHighlightable(after start: IndexPath, forward: Bool, within section: Int? = nil) -> IndexPath? {
    var s = start.section
    var i = start.item + (forward ? 1 : -1)
    while s >= 0 && s < numberOfSections {
      while i >= 0 && i < numberOfItems(inSection: s) {
        let p = IndexPath(item: i, section: s)
        if canHighlight(p) { return p }
        i += forward ? 1 : -1
      }
      if section != nil { return nil }
      s += forward ? 1 : -1
      i = forward ? 0 : numberOfItems(inSection: s) - 1
    }
    return nil
  }
}
