extension FlowLayout {
  /// The item the focus moves to: ``FocusMoveContext/nearestItem(from:_:by:in:)``
  /// by ``focusNavigation``, answered from the focused item's line when the
  /// arrow keeps to it (Left and Right in rows, Up and Down in a horizontal
  /// flow's columns): the layout knows which items stand in that line, so it
  /// ranks them without a rect query (in a section of uniform items, only
  /// those on the arrow's side), and a focus already at the line's end finds
  /// nothing at the cost of looking at its line (in a uniform section, at no
  /// item). The answer is the stock navigation's, item for item.
  public func targetIndexPath(
    forFocusMovingFrom indexPath: IndexPath, in direction: FocusDirection, context: FocusMoveContext
  ) -> IndexPath? {
    if let beside = itemBesideInLine(from: indexPath, direction, context: context) { return beside }
    return context.nearestItem(from: indexPath, direction, by: focusNavigation, in: self)
  }

  /// The item beside the one at `indexPath` in its line, as the stock
  /// navigation in lines finds it (`FocusSearch.besideInLine`): `.some(nil)`
  /// when there is none, nil when the move is not one along a line of this
  /// layout's (another navigation, a move across lines, a layout prepared
  /// for the other scroll direction).
  ///
  /// Only the items of the focused item's line can share its extent along
  /// (lines, and sections, follow one another without overlapping), so the
  /// search's candidates are the line's items that are not empty, overlap
  /// the focused item along, have their middle beyond its middle and reach
  /// into the last band the search would query (it doubles its reach until
  /// the band passes the content and the screen). They are ranked as the
  /// search ranks them (the least gap, the nearest middle along, index
  /// order) and the first the focus may land on wins.
  func itemBesideInLine(from indexPath: IndexPath, _ direction: FocusDirection, context: FocusMoveContext)
    -> IndexPath??
  {
    let navigation = focusNavigation
    guard navigation == .rows || navigation == .columns, (navigation == .rows) == axis.isVertical else { return nil }
    let forward: Bool
    switch (direction, axis.isVertical) {
    case (.right, true), (.down, false): forward = true
    case (.left, true), (.up, false): forward = false
    default: return nil
    }
    guard indexPath.section >= 0, indexPath.section < sections.count else { return .some(nil) }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.itemCount else { return .some(nil) }
    let line = section.itemsInLine(ofItem: indexPath.item)
    var candidates = line
    if section.grid != nil {
      // A uniform section's items are equally long across and stand in index
      // order along their line (each edge rounded on its own, never out of
      // order): only those on the move's side can have their middle beyond
      // the focused item's. A focus at that end of its line looks at no item.
      candidates = forward ? (indexPath.item + 1)..<line.upperBound : line.lowerBound..<indexPath.item
      guard !candidates.isEmpty else { return .some(nil) }
    }
    // (Spans, not rects: the same sums as the rects' edges.)
    let origin = section.span(ofItem: indexPath.item, axis: axis)
    let alongLow = origin.along
    let alongHigh = origin.along + origin.alongLength
    // An item with no extent along: every band the search queries is empty.
    guard alongHigh > alongLow else { return .some(nil) }
    let low = origin.across
    let high = origin.across + origin.acrossLength
    let middle = (low + high) / 2
    let alongMiddle = (alongLow + alongHigh) / 2
    // The far end of the last band: the search starts a few cells out and
    // doubles until the band passes the content and the screen.
    let visible = context.visibleRect
    let (visibleLow, visibleLength) =
      axis.isVertical ? (visible.origin.x, visible.size.width) : (visible.origin.y, visible.size.height)
    var reach = max(high - low, 4)
    if forward {
      let acrossHigh = max(axis.isVertical ? contentSize.width : contentSize.height, visibleLow + visibleLength)
      while high + reach < acrossHigh { reach *= 2 }
    } else {
      let acrossLow = min(0, visibleLow)
      while low - reach > acrossLow { reach *= 2 }
    }
    let far = forward ? high + reach : low - reach
    var ranked: [(gap: Double, offset: Double, item: Int)] = []
    for i in candidates where i != indexPath.item {
      let f = section.span(ofItem: i, axis: axis)
      guard f.alongLength > 0, f.acrossLength > 0 else { continue }
      let (b0, b1) = (f.along, f.along + f.alongLength)
      let (a0, a1) = (f.across, f.across + f.acrossLength)
      guard b0 < alongHigh, b1 > alongLow else { continue }
      let mid = (a0 + a1) / 2
      guard forward ? mid > middle && a0 < far : mid < middle && a1 > far else { continue }
      let gap = max(0, forward ? a0 - high : low - a1)
      ranked.append((gap, abs((b0 + b1) / 2 - alongMiddle), i))
    }
    ranked.sort { ($0.gap, $0.offset, $0.item) < ($1.gap, $1.offset, $1.item) }
    for r in ranked {
      let path = IndexPath(item: r.item, section: indexPath.section)
      if context.canFocusItem(at: path) { return .some(path) }
    }
    return .some(nil)
  }
}
