import GridLayout
import GridRender

/// The collection view's scrolling part: the viewport (the frame, the scroll
/// offset and the scroll bar's room), the layout seen as one whose sections
/// scroll sideways (cast once), and whether the layout is prepared for the
/// size it shows. Its state is written only here; where an item is revealed
/// is worked out by its pure functions (``offset(showing:header:footer:at:from:viewSize:)``
/// and ``sectionOffset(showing:at:from:width:resting:)``).
final class Scrolling {
  /// The frame, the scroll offset and the conversions between content and surface.
  private(set) var viewport = Viewport()
  /// The layout as a ``SectionScrollingLayout``, if it is one.
  private(set) var sectionScrollingLayout: (any SectionScrollingLayout)?
  /// True when the layout is to be prepared again before its next use.
  private(set) var needsLayout = true
  /// The frame's size the layout was last prepared for (the size it shows
  /// follows from it, the axis and the scroll bar, whose changes ask for a
  /// layout themselves).
  private var preparedFor = (width: -1, height: -1)

  /// A new layout: its axis, and whether its sections scroll sideways.
  func adopt(_ layout: any CollectionLayout) {
    sectionScrollingLayout = layout as? any SectionScrollingLayout
    viewport.scrollsHorizontally = layout.scrollsHorizontally
    needsLayout = true
  }

  /// Places the view on its surface.
  func setFrame(_ frame: CellRect) { viewport.frame = frame }

  /// Whether the scroll bar takes a column (or a row).
  func setShowsScrollIndicator(_ shows: Bool) {
    viewport.showsScrollIndicator = shows
    needsLayout = true
  }

  /// Puts the content point `offset` at the top left (the caller clamped it).
  func setContentOffset(_ offset: Point) { viewport.contentOffset = offset }

  /// Asks for the layout to be prepared again.
  func setNeedsLayout() { needsLayout = true }

  /// Whether the layout is to be prepared now (asked for, by the app or by
  /// the layout when a setting of it changed, or the frame's size changed):
  /// true once, when it is. Asked before every use of the layout, so it
  /// compares what it holds, asks the layout nothing and computes nothing.
  func takeLayoutNeed() -> Bool {
    let now = (width: viewport.frame.width, height: viewport.frame.height)
    guard needsLayout || now != preparedFor else { return false }
    needsLayout = false
    preparedFor = now
    return true
  }

  /// The axis of the layout about to be prepared (read then only: a layout
  /// whose axis changes invalidates itself). The scroll bar moves to the
  /// bottom row when it scrolls sideways, so the size it shows changes.
  func setScrollsHorizontally(_ scrollsHorizontally: Bool) {
    // (Set only when it changed: the viewport works its area out again then.)
    if viewport.scrollsHorizontally != scrollsHorizontally { viewport.scrollsHorizontally = scrollsHorizontally }
  }

  // MARK: revealing an item

  /// The scroll offset that shows an item of `frame` at `position`, from
  /// `offset`, in a view whose content area is `viewSize`: an item in the
  /// first line of its section brings its `header` with it (a header just
  /// above it, closer than the item is high, when both fit), one in the last
  /// line its `footer`; `.minimal` moves as little as shows it whole, the
  /// others put it at the top, the bottom or the middle and keep it in view
  /// sideways. (Not clamped to the content.)
  static func offset(
    showing frame: Rect, header: Rect?, footer: Rect?, at position: ScrollPosition, from offset: Point, viewSize: Size
  ) -> Point {
    let vw = viewSize.width
    let vh = viewSize.height
    var offset = offset
    var top = frame.minY
    if let header, header.maxY <= frame.minY, frame.minY - header.maxY < frame.height, frame.maxY - header.minY <= vh {
      top = header.minY
    }
    var bottom = frame.maxY
    if let footer, footer.minY >= frame.maxY, footer.minY - frame.maxY < frame.height, footer.maxY - top <= vh {
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
    return offset
  }

  /// The sideways offset of a section that shows an item whose frame (as
  /// the section is scrolled now, at `old`) is `frame`, in a view `width`
  /// wide: the least scroll that shows it with a cell of margin either side,
  /// or centred; where the section rests at certain offsets only
  /// (`resting`, asked once for those near), the nearest of them that shows
  /// it whole.
  static func sectionOffset(
    showing frame: Rect, at position: ScrollPosition, from old: Double, width: Double,
    resting: (ClosedRange<Double>) -> [Double]?
  ) -> Double {
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
    if let resting = resting((min(old, offset) - width)...(max(old, offset) + width)) {
      let showing = resting.filter { left - $0 >= 0 && right - $0 <= width }
      let target = position == .centered ? offset : old
      if let best = showing.min(by: { abs($0 - target) < abs($1 - target) }) { offset = best }
    }
    return offset
  }

  /// A section's sideways offset one step from `old` (six cells, or its
  /// next resting offset that way from those `resting` gives within two
  /// views' widths) in a view `width` wide.
  static func sectionStep(
    from old: Double, right: Bool, width: Double, resting: (ClosedRange<Double>) -> [Double]?
  ) -> Double {
    guard let resting = resting((old - 2 * width)...(old + 2 * width)) else { return old + (right ? 6 : -6) }
    return (right ? resting.first { $0 > old } : resting.last { $0 < old }) ?? old
  }
}
