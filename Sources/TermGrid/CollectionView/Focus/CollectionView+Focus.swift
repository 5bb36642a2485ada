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
    let old = focus.focus(indexPath, remembering: remembersLastFocusedIndexPath)
    setNeedsDisplay(forItemAt: old)
    setNeedsDisplay(forItemAt: indexPath)
    tellFocusChanged(from: old)
  }

  /// The item to give the focus back to (``remembersLastFocusedIndexPath``), when it still exists.
  var rememberedFocusIfValid: IndexPath? {
    guard remembersLastFocusedIndexPath, let r = focus.rememberedFocus, isValid(r) else { return nil }
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
    // (The focus names an item or none: a reload and a batch update keep it so, and it is not checked again.)
    guard let target = nearestItem(from: focus.focusedIndexPath, direction, highlightableOnly: true, validated: true) else {
      return false
    }
    focusItem(at: target)
    return true
  }

  /// The item ``moveFocus(_:)`` would move to from `indexPath` (with nil,
  /// or an index path that names no item, the item the first move lands on).
  public func nearestItem(from indexPath: IndexPath?, _ direction: FocusDirection) -> IndexPath? {
    nearestItem(from: indexPath, direction, highlightableOnly: true)
  }

  /// The next item in `direction` by the layout's navigation; with
  /// `highlightableOnly`, only items the delegate lets the focus land on.
  /// `validated` says that `indexPath`, when not nil, is known to name an item.
  func nearestItem(
    from indexPath: IndexPath?, _ direction: FocusDirection, highlightableOnly: Bool, validated: Bool = false
  ) -> IndexPath? {
    layoutIfNeeded()
    guard let indexPath, validated || isValid(indexPath) else {
      return rememberedFocusIfValid ?? firstHighlightable(forward: true)
    }
    // The delegate is asked once per item: the layout's answer is checked
    // against what it said.
    var allowed: Set<IndexPath> = []
    // (The visible rect as the viewport keeps it: worked out when the frame or the offset changed.)
    let context = FocusMoveContext(visibleRect: scrolling.viewport.visibleRect, cellAspectRatio: cellAspectRatio) {
      [unowned self] path in
      guard highlightableOnly else { return true }
      let answer = isValid(path) && canHighlight(path)
      if answer { allowed.insert(path) }
      return answer
    }
    // (The layout alone says what lies beside the item: a layout that gives
    // an item no place answers nil from the stock navigations.)
    guard
      let target = collectionViewLayout.targetIndexPath(forFocusMovingFrom: indexPath, in: direction, context: context),
      target != indexPath, isValid(target), !highlightableOnly || allowed.contains(target) || canHighlight(target)
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
    let page = Double(max(1, sideways ? viewport.width : viewport.height))
    let chosen = FocusEngine.pageTarget(
      from: frame, down: down, page: page, sideways: sideways,
      inLines: collectionViewLayout.focusNavigation == (sideways ? .columns : .rows),
      contentSize: collectionViewLayout.contentSize, cellAspectRatio: cellAspectRatio,
      elements: collectionViewLayout.layoutAttributesForElements(in:),
      isCandidate: { !isScrolledAway($0, from: f) }, canHighlight: canHighlight)
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
    FocusEngine.nextInOrder(
      after: start, forward: forward, within: section, itemCounts: itemCounts, canHighlight: canHighlight)
  }
}
