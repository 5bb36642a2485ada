import GridLayout
import GridRender

/// An element to draw, with the content it keeps when that is not asked of
/// the data source.
struct DrawnElement {
  var attributes: LayoutAttributes
  var content: ElementContent? = nil
  /// True for an element no longer in the data (drawn without focus or selection).
  var isDetached = false
}

/// What was on screen when an update or a layout change began.
struct Presentation {
  /// Elements near the visible rect, as presented (mid-animation where one runs).
  var elements: [ElementKey: LayoutAttributes] = [:]
  /// What the visible ones show.
  var contents: [ElementKey: ElementContent] = [:]
  /// Elements of an interrupted animation that were still disappearing.
  var disappearing: [TransitionTrack] = []
  /// The scroll offset then.
  var offset = Point.zero
}

extension CollectionView {
  /// Changes the layout; with `animated`, every visible element moves from
  /// its attributes in the old layout (or where it is now, mid-animation) to
  /// those in the new over ``animationDuration``. The focused item stays in view.
  public func setLayout(_ layout: any CollectionLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
    layoutIfNeeded()
    let presentation = animated && motionDuration > 0 ? capturePresentation() : nil
    let old = collectionViewLayout
    collectionViewLayout = layout
    layoutIfNeeded()
    clampContentOffset()
    if let f = focusedIndexPath { scrollToItem(at: f, position: .centered) }
    setNeedsDisplay()
    guard let presentation else {
      finishTransition(finished: false)
      completion?(true)
      return
    }
    beginTransition(
      from: presentation, newKey: { $0 }, isInserted: { _ in false }, keepsContent: { $0.category == .item },
      oldLayout: old, completions: completion.map { [$0] } ?? [])
  }

  /// What is on screen now, and what lies within a screen of it (so that
  /// elements moving into view start where they were).
  func capturePresentation() -> Presentation {
    var p = Presentation(offset: contentOffset)
    let visible = visibleRect
    // The data source is asked for what the view shows now. A model already
    // changed before the view was told (an insert or delete called after the
    // change, as UIKit allows outside a batch) no longer holds every index
    // path shown: one it lacks shows nothing while it animates, never a read
    // past the model's end.
    let counts = hasLoadedData && dataSource != nil ? dataSourceCounts() : itemCounts
    func content(for a: LayoutAttributes) -> ElementContent? {
      if a.category != .decoration {
        let path = a.category == .item ? dataIndexPath(forPresented: a.indexPath) : a.indexPath
        guard path.section < counts.count, a.category != .item || path.item < counts[path.section] else { return nil }
      }
      return self.content(for: a)
    }
    let near = Rect(
      x: visible.minX - visible.width, y: visible.minY - visible.height, width: 3 * visible.width,
      height: 3 * visible.height)
    let now = clock.now
    if let transition = updates.transition {
      for track in transition.tracks {
        let a = transition.presented(track, at: now)
        if track.isDisappearing {
          if a.frame.intersects(visible) {
            var rest = track
            rest.from = a
            p.disappearing.append(rest)
          }
        } else {
          p.elements[track.key] = a
          if a.frame.intersects(visible) {
            p.contents[track.key] = track.content ?? transition.heldContents[track.key] ?? content(for: a)
          }
        }
      }
    }
    for a in collectionViewLayout.layoutAttributesForElements(in: near) {
      let key = ElementKey(a)
      guard p.elements[key] == nil else { continue }
      p.elements[key] = a
      if a.frame.intersects(visible) { p.contents[key] = content(for: a) }
    }
    if let lifted = liftedAttributes() { p.elements[ElementKey(lifted)] = lifted }
    return p
  }

  /// Starts an animation from `presentation` to the layout as it is now.
  ///
  /// - Parameters:
  ///   - newKey: where an element of the presentation is now (nil: gone).
  ///   - isInserted: whether a new element was inserted (it then starts
  ///     from the layout's appearing attributes) rather than scrolled in.
  ///   - keepsContent: whether an element that stays (named by its key in
  ///     the presentation) shows what it showed: its frames draw the
  ///     content the presentation took, and the data source is not asked again.
  ///   - oldLayout: the layout before, for elements that were not near the screen.
  func beginTransition(
    from presentation: Presentation, newKey: (ElementKey) -> ElementKey?, isInserted: (ElementKey) -> Bool,
    keepsContent: (ElementKey) -> Bool = { _ in false }, oldLayout: (any CollectionLayout)?,
    completions: [(Bool) -> Void]
  ) {
    finishTransition(finished: false)  // cut short: this one starts from what it showed
    let layout = collectionViewLayout
    let visible = visibleRect
    // Keep everything where it was on screen at the start, whatever the scroll.
    let dx = contentOffset.x - presentation.offset.x
    let dy = contentOffset.y - presentation.offset.y
    func shifted(_ a: LayoutAttributes) -> LayoutAttributes {
      var s = a
      s.frame = a.frame.offsetBy(dx: dx, dy: dy)
      return s
    }
    var tracks: [TransitionTrack] = []
    var tracked = Set<ElementKey>()
    var held: [ElementKey: ElementContent] = [:]
    for (oldKey, was) in presentation.elements {
      let from = shifted(was)
      if let key = newKey(oldKey), let to = layout.layoutAttributes(for: key) {
        guard from.frame.union(to.frame).intersects(visible), !tracked.contains(key) else { continue }
        // What stays shows what the data source says now (a header's new
        // count too), asked once, unless it keeps what it showed.
        tracks.append(TransitionTrack(key: key, from: from, to: to, content: nil, isDisappearing: false))
        tracked.insert(key)
        if let shown = presentation.contents[oldKey], keepsContent(oldKey) { held[key] = shown }
      } else if let content = presentation.contents[oldKey] {
        let final =
          oldKey.category == .item
          ? layout.finalLayoutAttributesForDisappearingItem(at: oldKey.indexPath)
          : layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: oldKey.kind, at: oldKey.indexPath)
        tracks.append(
          TransitionTrack(key: oldKey, from: from, to: final ?? from.with(alpha: 0), content: content, isDisappearing: true))
      }
    }
    for var track in presentation.disappearing {
      track.from = shifted(track.from)
      track.to = shifted(track.to)
      tracks.append(track)
    }
    for to in layout.layoutAttributesForElements(in: visible) {
      let key = ElementKey(to)
      guard !tracked.contains(key) else { continue }
      var from: LayoutAttributes
      if isInserted(key) {
        let initial =
          key.category == .item
          ? layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
          : layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind, at: key.indexPath)
        from = initial ?? to.with(alpha: 0)
      } else if let old = oldLayout?.layoutAttributes(for: key) {
        from = shifted(old)
      } else {
        from = to.with(alpha: 0)
      }
      tracks.append(TransitionTrack(key: key, from: from, to: to, content: nil, isDisappearing: false))
      tracked.insert(key)
    }
    var transition = LayoutTransition(
      start: clock.now, duration: motionDuration, curve: animationCurve, tracks: tracks, completions: completions)
    transition.heldContents = held
    updates.begin(transition)
    drawing.invalidateAll()
  }

  /// Ends the running animation, if any, calling its completions.
  func finishTransition(finished: Bool) {
    guard updates.transition != nil else { return }
    // (Marked before anyone is told: a completion may change the view again.)
    drawing.invalidateAll()
    updates.endTransition(finished: finished)
  }

  /// Draws one frame of the running animation; false when it has ended
  /// (the caller then draws the final state as usual, with `endedHolding`:
  /// what the animation's elements showed, unless its completions changed
  /// anything).
  func drawTransition(
    into surface: inout Surface, endedHolding: inout [ElementKey: ElementContent]?
  ) -> Bool {
    guard let t = updates.transition else { return false }
    let now = clock.now
    guard t.heldFraction != nil || t.timeFraction(at: now) < 1 else {
      // (Marked before anyone is told, as finishTransition does.)
      drawing.invalidateAll()
      let marks = drawing.redraw.changeCount
      updates.endTransition(finished: true)
      if drawing.redraw.changeCount == marks, !t.heldContents.isEmpty { endedHolding = t.heldContents }
      return false
    }
    surface.fill(frame)
    let view = viewport
    let visible = visibleRect
    let extent = t.scrollExtent(at: now)
    drawBackground(in: view, at: extent, on: &surface)
    var elements: [DrawnElement] = []
    elements.reserveCapacity(t.tracks.count)
    let lifted = liftedAttributes()
    let liftedKey = lifted.map(ElementKey.init)
    // Each element's content is asked once and held for the frames after
    // (a decoration's drawer, given the attributes, draws each frame).
    func held(_ a: LayoutAttributes, _ key: ElementKey) -> ElementContent? {
      guard a.category != .decoration else { return nil }
      if let content = t.heldContents[key] ?? updates.transition?.heldContents[key] { return content }
      guard let content = content(for: a) else { return nil }
      updates.holdContent(content, for: key)
      return content
    }
    for track in t.tracks where track.isDisappearing || track.key != liftedKey {
      let a = t.presented(track, at: now)
      guard Rasterizer.scaled(a.frame, a.scale).intersects(visible) else { continue }
      let content = track.isDisappearing ? track.content : held(a, track.key)
      elements.append(DrawnElement(attributes: a, content: content, isDetached: track.isDisappearing))
    }
    // Elements that were not part of the animation (scrolled into view since) are where the layout has them.
    for a in collectionViewLayout.layoutAttributesForElements(in: visible) {
      let key = ElementKey(a)
      guard !t.trackedKeys.contains(key), key != liftedKey else { continue }
      elements.append(DrawnElement(attributes: a, content: held(a, key)))
    }
    // At equal zIndex, what is leaving draws beneath what stays, whatever index paths it had.
    elements.sort { a, b in
      if a.attributes.zIndex != b.attributes.zIndex { return a.attributes.zIndex < b.attributes.zIndex }
      if a.isDetached != b.isDetached { return a.isDetached }
      return LayoutAttributes.drawingOrder(a.attributes, b.attributes)
    }
    if var lifted {
      // The lifted item glides from where the animation found it to its raised place.
      if let track = t.tracks.first(where: { !$0.isDisappearing && $0.key == liftedKey }) {
        lifted = track.from.interpolated(to: lifted, fraction: t.fraction(at: now))
      }
      elements = Self.placingLifted(DrawnElement(attributes: lifted), in: elements)
    }
    if !view.isEmpty {
      rasterize(elements, inDrawingOrder: true, clip: view, on: &surface)
      drawScrollIndicator(at: extent, on: &surface)
    }
    drawing.didDrawAnimationFrame()
    updates.didDrawAnimationFrame()
    return true
  }
}

extension CollectionLayout {
  /// The attributes of the element `key` names (items and supplementary elements), or nil.
  func layoutAttributes(for key: ElementKey) -> LayoutAttributes? {
    key.category == .item
      ? layoutAttributesForItem(at: key.indexPath)
      : layoutAttributesForSupplementaryElement(ofKind: key.kind, at: key.indexPath)
  }
}

extension LayoutAttributes {
  /// These attributes with another alpha.
  func with(alpha: Double) -> LayoutAttributes {
    var a = self
    a.alpha = alpha
    return a
  }
}
