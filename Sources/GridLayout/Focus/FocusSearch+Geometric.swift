/// ``FocusNavigation/geometric``: the nearest item in a 45-degree cone.
extension FocusSearch {
  /// The nearest item in `direction`, by geometry: a candidate's centre
  /// lies beyond the focused item's centre in that direction, within a
  /// 45-degree cone (measured with the cell aspect ratio, so it is the cone
  /// the eye sees), or it lies straight ahead (below the focused item for
  /// down, their columns overlapping); the nearest wins (straight ahead
  /// counting only the distance along), items of the focused item's section first.
  mutating func geometric(_ direction: FocusDirection) -> IndexPath? {
    let content = layout.contentSize
    let c = origin.center
    let aspect = context.cellAspectRatio
    let visible = context.visibleRect.size
    // Search outward in growing bands, so the cost is that of a few rect
    // queries. A band of `reach` along the direction holds every candidate
    // that close (the cone is at most as wide as it is long), so the search
    // ends at the content's edge.
    var reach = max(direction == .up || direction == .down ? visible.height : visible.width, 8)
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
      for a in candidates(in: band) {
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
        let same = a.indexPath.section == from.section
        if let b = best {
          if b.sameSection && !same { continue }
          if same == b.sameSection
            && (distance > b.distance || (distance == b.distance && (offset > b.across || (offset == b.across && a.indexPath > b.path))))
          {
            continue
          }
        }
        // Only an item that would win is asked about.
        guard canFocus(a.indexPath) else { continue }
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
      if let best {
        widenings += 1
        if widenings > 2 { return best.path }
      }
      reach *= 2
    }
  }
}
