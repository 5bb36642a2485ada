import GridLayout

/// The collection view's focus part: the focused item and the one to give
/// the focus back to, written only here, and the searches that choose where
/// the focus goes: pure functions of the layout's answers, the focus and a
/// direction (``pageTarget(from:down:page:sideways:inLines:contentSize:cellAspectRatio:elements:isCandidate:canHighlight:)``,
/// ``nextInOrder(after:forward:within:itemCounts:canHighlight:)``), testable without a view.
final class FocusEngine {
  /// The item with the keyboard focus.
  private(set) var focusedIndexPath: IndexPath?
  /// The item that had the focus when it was taken away (for `remembersLastFocusedIndexPath`).
  private(set) var rememberedFocus: IndexPath?

  /// Moves the focus to `indexPath`; taken away (nil) with `remembering`,
  /// the item that had it is remembered. Returns the item that had it.
  @discardableResult
  func focus(_ indexPath: IndexPath?, remembering: Bool = false) -> IndexPath? {
    let old = focusedIndexPath
    if indexPath == nil, remembering, old != nil { rememberedFocus = old }
    focusedIndexPath = indexPath
    return old
  }

  /// The remembered item followed through a batch update (`newIndexPath`: where an item went; nil, deleted).
  func followRemembered(_ newIndexPath: (IndexPath) -> IndexPath?) {
    rememberedFocus = rememberedFocus.flatMap(newIndexPath)
  }

  // MARK: searches

  /// The item a page up or down lands on from an item of `frame`: the one
  /// nearest the point `page` away along the scroll direction (`sideways`:
  /// to the right for down), kept inside the content. In a layout of lines
  /// (`inLines`: rows, or columns when it scrolls sideways) the line
  /// nearest that point comes first, then the item least far sideways (its
  /// gap, then its middle); otherwise the distance of the middles, along
  /// counting `cellAspectRatio` x 4 (4 sideways) times as much. Ties go to
  /// the first index path. Of the items `elements` gives for a rect, only
  /// those `isCandidate` accepts count, and `canHighlight` is asked only of
  /// an item that would win. The layout is asked for bands around the point
  /// that double until nothing outside could be nearer.
  static func pageTarget(
    from frame: Rect, down: Bool, page: Double, sideways: Bool, inLines: Bool, contentSize content: Size,
    cellAspectRatio: Double, elements: (Rect) -> [LayoutAttributes], isCandidate: (LayoutAttributes) -> Bool,
    canHighlight: (IndexPath) -> Bool
  ) -> IndexPath? {
    let contentAlong = sideways ? content.width : content.height
    let contentAcross = sideways ? content.height : content.width
    let target = min(max(0, (sideways ? frame.midX : frame.midY) + (down ? page : -page)), max(0, contentAlong - 0.5))
    let across = sideways ? frame.midY : frame.midX
    let (acrossLow, acrossHigh) = sideways ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
    // Along the scroll direction counts more (rows twice as much as they look).
    let alongWeight = sideways ? 4.0 : cellAspectRatio * 4
    var reach = max(page / 2, 0.5)
    var chosen: IndexPath?
    var best = (along: Double.infinity, gap: Double.infinity, offset: Double.infinity)
    while true {
      let band =
        sideways
        ? Rect(x: target - reach, y: 0, width: 2 * reach, height: max(contentAcross, 1))
        : Rect(x: 0, y: target - reach, width: max(contentAcross, 1), height: 2 * reach)
      for a in elements(band) where a.category == .item && !a.isHidden && isCandidate(a) {
        let key = pageKey(
          a.frame, target: target, across: across, acrossLow: acrossLow, acrossHigh: acrossHigh, sideways: sideways,
          inLines: inLines, alongWeight: alongWeight)
        guard key < best || (key == best && chosen.map { a.indexPath < $0 } == true), canHighlight(a.indexPath) else {
          continue
        }
        best = key
        chosen = a.indexPath
      }
      // Anything outside the band lies farther than `reach` from the point
      // along: its line farther than `reach`, its middle more than `reach` x the weight.
      if chosen != nil && best.along < (inLines ? reach : reach * alongWeight) { break }
      if reach > contentAlong + page { break }
      reach *= 2
    }
    return chosen
  }

  /// How far an item of `frame` is from where a page lands (`target` along,
  /// `across` and `acrossLow...acrossHigh` sideways): smaller is nearer.
  static func pageKey(
    _ frame: Rect, target: Double, across: Double, acrossLow: Double, acrossHigh: Double, sideways: Bool, inLines: Bool,
    alongWeight: Double
  ) -> (along: Double, gap: Double, offset: Double) {
    let p = frame.center
    if inLines {
      let (low, high) = sideways ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
      let (aLow, aHigh) = sideways ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
      return (
        max(0, low - target, target - high), max(0, aLow - acrossHigh, acrossLow - aHigh),
        abs((sideways ? p.y : p.x) - across)
      )
    }
    return (abs((sideways ? p.x : p.y) - target) * alongWeight + abs((sideways ? p.y : p.x) - across), 0, 0)
  }

  /// The next item in index order after `start` (forward or back) that
  /// `canHighlight` accepts, within one section or across all of
  /// `itemCounts`; nil when there is none.
  static func nextInOrder(
    after start: IndexPath, forward: Bool, within section: Int? = nil, itemCounts: [Int],
    canHighlight: (IndexPath) -> Bool
  ) -> IndexPath? {
    func count(_ s: Int) -> Int { s >= 0 && s < itemCounts.count ? itemCounts[s] : 0 }
    var s = start.section
    var i = start.item + (forward ? 1 : -1)
    while s >= 0 && s < itemCounts.count {
      while i >= 0 && i < count(s) {
        let p = IndexPath(item: i, section: s)
        if canHighlight(p) { return p }
        i += forward ? 1 : -1
      }
      if section != nil { return nil }
      s += forward ? 1 : -1
      i = forward ? 0 : count(s) - 1
    }
    return nil
  }
}
