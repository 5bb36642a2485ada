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

  /// Moves the focus to the next item in `direction`, as the layout's
  /// <doc:/GridLayout/CollectionLayout/focusNavigation> says: in rows for a
  /// grid, a list or shelves (Down to the next row's nearest item however far
  /// sideways, into the next section when the row is the last; Left and Right
  /// keep to the row), in columns for a horizontal flow, by geometry for a
  /// free-form layout (the nearest item in a 45-degree cone, measured with
  /// ``cellAspectRatio``), or the layout's own
  /// (<doc:/GridLayout/CollectionLayout/targetIndexPath(forFocusMovingFrom:in:context:)>).
  /// Items the delegate does not let the focus land on are passed over, and
  /// so are the items of another sideways-scrolling section scrolled out of
  /// view; the item reached is scrolled into view (its section sideways too).
  /// With nothing that way the focus stays. Returns true when it moved.
  @discardableResult
  public func moveFocus(_ direction: FocusDirection) -> Bool {
    guard let target = nearestItem(from: focusedIndexPath, direction) else { return false }
    focusItem(at: target)
    return true
  }

  /// The item ``moveFocus(_:)`` would move to from `indexPath` (with nil,
  /// the item the first move lands on).
  public func nearestItem(from indexPath: IndexPath?, _ direction: FocusDirection) -> IndexPath? {
    nearestItem(from: indexPath, direction, highlightableOnly: true)
  }

  /// The next item in `direction` by the layout's navigation; with
  /// `highlightableOnly`, only items the delegate lets the focus land on.
  func nearestItem(from indexPath: IndexPath?, _ direction: FocusDirection, highlightableOnly: Bool) -> IndexPath? {
    layoutIfNeeded()
    guard let indexPath, collectionViewLayout.layoutAttributesForItem(at: indexPath) != nil else {
      return rememberedFocusIfValid ?? firstHighlightable(forward: true)
    }
    // The delegate is asked once per item: the layout's answer is checked
    // against what it said.
    var allowed: Set<IndexPath> = []
    let context = FocusMoveContext(visibleRect: visibleRect, cellAspectRatio: cellAspectRatio) { [unowned self] path in
      guard highlightableOnly else { return true }
      let answer = isValid(path) && canHighlight(path)
      if answer { allowed.insert(path) }
      return answer
    }
    guard
      let target = collectionViewLayout.targetIndexPath(forFocusMovingFrom: indexPath, in: direction, context: context),
      target != indexPath, isValid(target),
      !highlightableOnly || allowed.contains(target) || canHighlight(target)
    else { return nil }
    return target
  }

  /// Moves the focus a page up or down: to the item nearest the point one
  /// page away, and scrolls by that page. When the layout
  /// <doc:/GridLayout/CollectionLayout/scrollsHorizontally>, a page is the view's width
  /// and "down" is to the right. In a layout of rows (columns, when it scrolls
  /// sideways; see <doc:/GridLayout/CollectionLayout/focusNavigation>) the
  /// row nearest that point comes first, the last one when the page runs
  /// past it, and then its item nearest sideways, as Down chooses.
  public func moveFocusByPage(down: Bool) {
    layoutIfNeeded()
    guard let f = focusedIndexPath, let frame = collectionViewLayout.layoutAttributesForItem(at: f)?.frame else {
      focusItem(at: firstHighlightable(forward: true))
      return
    }
    let sideways = collectionViewLayout.scrollsHorizontally
    let navigation = collectionViewLayout.focusNavigation
    let inLines = navigation == (sideways ? .columns : .rows)
    let page = Double(max(1, sideways ? viewport.width : viewport.height))
    let content = collectionViewLayout.contentSize
    let contentAlong = sideways ? content.width : content.height
    let contentAcross = sideways ? content.height : content.width
    let target = min(max(0, (sideways ? frame.midX : frame.midY) + (down ? page : -page)), max(0, contentAlong - 0.5))
    let across = sideways ? frame.midY : frame.midX
    let (acrossLow, acrossHigh) = sideways ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
    // Along the scroll direction counts more (rows twice as much as they look).
    let alongWeight = sideways ? 4.0 : cellAspectRatio * 4
    var reach = page / 2
    var chosen: IndexPath?
    // In lines: how far the item's line is from the point, then how far
    // sideways the item is (its gap, then its middle).
    var best = (along: Double.infinity, gap: Double.infinity, offset: Double.infinity)
    while reach <= contentAlong + page {
      let band =
        sideways
        ? Rect(x: target - reach, y: 0, width: 2 * reach, height: max(contentAcross, 1))
        : Rect(x: 0, y: target - reach, width: max(contentAcross, 1), height: 2 * reach)
      for a in collectionViewLayout.layoutAttributesForElements(in: band)
      where a.category == .item && !a.isHidden && !isScrolledAway(a, from: f) {
        let p = a.frame.center
        let key: (along: Double, gap: Double, offset: Double)
        if inLines {
          let (low, high) = sideways ? (a.frame.minX, a.frame.maxX) : (a.frame.minY, a.frame.maxY)
          let (aLow, aHigh) = sideways ? (a.frame.minY, a.frame.maxY) : (a.frame.minX, a.frame.maxX)
          key = (max(0, low - target, target - high), max(0, aLow - acrossHigh, acrossLow - aHigh), abs((sideways ? p.y : p.x) - across))
        } else {
          key = (abs((sideways ? p.x : p.y) - target) * alongWeight + abs((sideways ? p.y : p.x) - across), 0, 0)
        }
        guard key < best || (key == best && chosen.map { a.indexPath < $0 } == true), canHighlight(a.indexPath) else { continue }
        best = key
        chosen = a.indexPath
      }
      // Anything outside the band lies farther than `reach` from the point.
      if chosen != nil && (!inLines || best.along < reach) { break }
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
  /// outside the columns on screen: a page does not jump into the part of
  /// another shelf scrolled out of view (the arrows' rule, in
  /// <doc:/GridLayout/FocusMoveContext>).
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
