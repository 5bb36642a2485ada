/// ``FocusNavigation/rows`` and ``FocusNavigation/columns``: the next line's
/// nearest item, or the nearest item beside in the line.
///
/// "Along" is the axis that crosses lines (down the view for rows, to the
/// right for columns), "across" the one that runs along a line. Lines are
/// found from the frames alone, so any layout whose items stand in rows
/// can opt in: the next line is the items beyond the focused one that start
/// before the nearest of them ends.
extension FocusSearch {
  /// The item the focus goes to in `direction` when lines are rows (or,
  /// with `rows` false, columns).
  mutating func inLines(_ direction: FocusDirection, rows: Bool) -> IndexPath? {
    let axis = Axis(isVertical: rows)
    switch (direction, rows) {
    case (.down, true), (.right, false): return nextLine(axis, forward: true)
    case (.up, true), (.left, false): return nextLine(axis, forward: false)
    case (.right, true), (.down, false): return besideInLine(axis, forward: true)
    case (.left, true), (.up, false): return besideInLine(axis, forward: false)
    }
  }

  /// The nearest item of the next line forward (or back) that holds one the
  /// focus may land on: lines with none, and sections with no items, are
  /// passed over.
  private mutating func nextLine(_ axis: Axis, forward: Bool) -> IndexPath? {
    let visible = context.visibleRect
    let content = layout.contentSize
    // Every column (row) of the content and of the screen: beyond them are
    // only the items of shelves scrolled out of view, which Up and Down do
    // not land on (the focused item's own shelf included: its other row's
    // nearest item on screen is taken).
    let acrossLow = min(0, axis.acrossMin(visible))
    let acrossHigh = max(axis.across(content), axis.acrossMax(visible))
    let alongLow = min(0, axis.alongMin(visible))
    let alongHigh = max(axis.along(content), axis.alongMax(visible))
    let low = axis.alongMin(origin)
    let high = axis.alongMax(origin)
    /// Whether `a` lies beyond the focused item: it starts after it and its
    /// middle is past the focused item's far edge (so an item beside it,
    /// however tall, is not in the next line).
    func isBeyond(_ a: Rect) -> Bool {
      forward
        ? axis.alongMin(a) > low && mid(a, axis) >= high
        : axis.alongMax(a) < high && mid(a, axis) <= low
    }
    func band(from start: Double, to end: Double) -> [LayoutAttributes] {
      candidates(in: axis.rect(along: start, across: acrossLow, alongLength: end - start, acrossLength: acrossHigh - acrossLow))
        .filter { isBeyond($0.frame) && !isScrolledAway($0, evenInOwnSection: true) }
    }
    // Lines already looked at (none the focus may land on) end here.
    var passed = forward ? -Double.infinity : Double.infinity
    // The next line is usually within two of the focused item's lengths:
    // start there, and double.
    var reach = max(2 * (high - low), 4)
    while true {
      let start = forward ? low : high - reach
      let end = forward ? high + reach : high
      // Nearest first; of items starting together (ending together, going
      // back) the thinnest, so that beside a tall item two stacked ones are
      // lines of their own.
      var rest = band(from: start, to: end)
        .filter { forward ? axis.alongMin($0.frame) >= passed : axis.alongMax($0.frame) <= passed }
        .sorted {
          let (a, b) = (axis.alongMin($0.frame), axis.alongMin($1.frame))
          let (p, q) = (axis.alongMax($0.frame), axis.alongMax($1.frame))
          if forward, a != b { return a < b }
          if forward, p != q { return p < q }
          if !forward, p != q { return p > q }
          if !forward, a != b { return a > b }
          return $0.indexPath < $1.indexPath
        }
      var widen = false
      while let first = rest.first {
        // The line: the items that start before its nearest one ends (end
        // after it starts, going back); every one of them is in the band
        // unless the line runs past it.
        let edge = forward ? axis.alongMax(first.frame) : axis.alongMin(first.frame)
        if forward ? edge > end : edge < start {
          reach = max(reach, forward ? edge - high : high - edge)
          widen = true
          break
        }
        let inLine = { (a: LayoutAttributes) in forward ? axis.alongMin(a.frame) < edge : axis.alongMax(a.frame) > edge }
        if let path = nearestAcross(rest.filter(inLine), axis) { return path }
        // None the focus may land on: the line after it.
        passed = edge
        rest.removeAll(where: inLine)
      }
      if !widen {
        if forward ? end >= alongHigh : start <= alongLow { return nil }
        reach *= 2
      }
    }
  }

  /// Of `line`, the item the focus may land on nearest the focused item
  /// across: the least gap between their spans (0 when they overlap), then
  /// the nearest middle, then the first in index order.
  private mutating func nearestAcross(_ line: [LayoutAttributes], _ axis: Axis) -> IndexPath? {
    let ranked = line.map { a -> (gap: Double, offset: Double, path: IndexPath) in
      let gap = max(0, axis.acrossMin(a.frame) - axis.acrossMax(origin), axis.acrossMin(origin) - axis.acrossMax(a.frame))
      return (gap, abs(crossMid(a.frame, axis) - crossMid(origin, axis)), a.indexPath)
    }
    .sorted { ($0.gap, $0.offset) < ($1.gap, $1.offset) || (($0.gap, $0.offset) == ($1.gap, $1.offset) && $0.path < $1.path) }
    for r in ranked where canFocus(r.path) { return r.path }
    return nil
  }

  /// The nearest item beside the focused one in its line, forward (or
  /// back): its span along overlaps the focused item's, its middle lies
  /// beyond the focused item's; the least gap wins, then the nearest middle
  /// along, then index order. The line does not wrap.
  private mutating func besideInLine(_ axis: Axis, forward: Bool) -> IndexPath? {
    let visible = context.visibleRect
    let content = layout.contentSize
    // A row of a section that scrolls sideways reaches past the content.
    let sideways = axis.isVertical ? sidewaysReach(ofSection: from.section) : 0
    let acrossLow = min(0, axis.acrossMin(visible)) - sideways
    let acrossHigh = max(axis.across(content), axis.acrossMax(visible)) + sideways
    let low = axis.acrossMin(origin)
    let high = axis.acrossMax(origin)
    let middle = crossMid(origin, axis)
    // The item beside is usually a few cells away: start there, and double.
    var reach = max(high - low, 4)
    while true {
      let start = forward ? middle : low - reach
      let end = forward ? high + reach : middle
      let band = axis.rect(
        along: axis.alongMin(origin), across: start, alongLength: max(axis.alongMax(origin) - axis.alongMin(origin), 0),
        acrossLength: end - start)
      let ranked = candidates(in: band)
        .filter { a in
          let overlaps = axis.alongMin(a.frame) < axis.alongMax(origin) && axis.alongMax(a.frame) > axis.alongMin(origin)
          return overlaps && (forward ? crossMid(a.frame, axis) > middle : crossMid(a.frame, axis) < middle)
        }
        .map { a -> (gap: Double, offset: Double, path: IndexPath) in
          let gap = forward ? axis.acrossMin(a.frame) - high : low - axis.acrossMax(a.frame)
          return (max(0, gap), abs(mid(a.frame, axis) - mid(origin, axis)), a.indexPath)
        }
        .sorted { ($0.gap, $0.offset) < ($1.gap, $1.offset) || (($0.gap, $0.offset) == ($1.gap, $1.offset) && $0.path < $1.path) }
      let edge = forward ? end >= acrossHigh : start <= acrossLow
      // Anything outside the band is at least `reach` away.
      for r in ranked where r.gap < reach || edge {
        if canFocus(r.path) { return r.path }
      }
      if edge { return nil }
      reach *= 2
    }
  }

  /// The middle of `r` along.
  private func mid(_ r: Rect, _ axis: Axis) -> Double { (axis.alongMin(r) + axis.alongMax(r)) / 2 }
  /// The middle of `r` across.
  private func crossMid(_ r: Rect, _ axis: Axis) -> Double { (axis.acrossMin(r) + axis.acrossMax(r)) / 2 }
}
