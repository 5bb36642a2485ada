import GridLayout

/// Names one element of a collection view: its category, kind and index path.
struct ElementKey: Hashable {
  var category: ElementCategory
  var kind: ElementKind
  var indexPath: IndexPath

  init(_ a: LayoutAttributes) {
    category = a.category
    kind = a.kind
    indexPath = a.indexPath
  }

  init(category: ElementCategory, kind: ElementKind, indexPath: IndexPath) {
    self.category = category
    self.kind = kind
    self.indexPath = indexPath
  }
}

/// One element's path through an animation.
struct TransitionTrack {
  /// The element (in the new state; for a disappearing one, the old state).
  var key: ElementKey
  var from: LayoutAttributes
  var to: LayoutAttributes
  /// What the element shows while it animates, when that is not asked of
  /// the data source (a disappearing element: it is no longer in the data).
  var content: ElementContent?
  /// True for an element that is gone from the data and vanishes at the end.
  var isDisappearing: Bool
}

/// An animation from one arrangement to another: every element moves from
/// its attributes at the start to those at the end, with a timing curve.
struct LayoutTransition {
  var start: Double
  var duration: Double
  var curve: TimingCurve
  var tracks: [TransitionTrack]
  /// The keys of the tracks that stay (elements of the new state).
  var trackedKeys: Set<ElementKey>
  /// What the elements that stay show (items and supplementary elements,
  /// by their key in the new state), asked of the data source once, when the
  /// animation began (an item's content from before a change that did not
  /// touch it) or when first drawn: every frame draws from it, and the first
  /// frame after the animation too. An element not here is asked.
  var heldContents: [ElementKey: ElementContent] = [:]
  var completions: [(Bool) -> Void]
  /// The fraction of the way shown when the time starts and when it ends:
  /// 0 and 1, but for the rest of an interactive transition (from its
  /// progress to 1 when it finishes, to 0 when it is cancelled).
  var span: (start: Double, end: Double) = (0, 1)
  /// The fraction an interactive transition holds the animation at, while
  /// the app drives it (nil: it runs on the clock).
  var heldFraction: Double?
  /// Whether a frame of it was drawn.
  var hasDrawnFrame = false
  /// The scroll offset and content size at fractions 0 and 1, for the scroll
  /// bar and a background that scrolls with the content (nil: the view's own).
  var scrolling: (start: ScrollExtent, end: ScrollExtent)?

  init(start: Double, duration: Double, curve: TimingCurve, tracks: [TransitionTrack], completions: [(Bool) -> Void]) {
    self.start = start
    self.duration = duration
    self.curve = curve
    self.tracks = tracks
    self.trackedKeys = Set(tracks.lazy.filter { !$0.isDisappearing }.map(\.key))
    self.completions = completions
  }

  /// The fraction of the time elapsed at `now` (1 when done).
  func timeFraction(at now: Double) -> Double {
    duration <= 0 ? 1 : min(max((now - start) / duration, 0), 1)
  }

  /// The fraction of the way from the tracks' start to their end shown at
  /// `now`: the held one, else the span's run through with the curve (its
  /// ends exactly at the ends of the time).
  func fraction(at now: Double) -> Double {
    if let heldFraction { return heldFraction }
    let t = timeFraction(at: now)
    if t >= 1 { return span.end }
    if t <= 0 { return span.start }
    return span.start + (span.end - span.start) * curve.value(at: t)
  }

  /// The attributes of a track at `now`: at fraction 0 the start's frame,
  /// alpha and scale exactly, with the end's identity (the index path the
  /// data source knows now); at 1 the end's.
  func presented(_ track: TransitionTrack, at now: Double) -> LayoutAttributes {
    track.from.interpolated(to: track.to, fraction: fraction(at: now))
  }

  /// The scroll offset and content size shown at `now`, when they are animated.
  func scrollExtent(at now: Double) -> ScrollExtent? {
    guard let scrolling else { return nil }
    return scrolling.start.interpolated(to: scrolling.end, fraction: fraction(at: now))
  }
}

/// A scroll offset and the content size it is in: what the scroll bar shows.
struct ScrollExtent: Equatable {
  var offset: Point
  var contentSize: Size

  /// The extent `fraction` of the way to `end` (exactly either end at 0 and 1).
  func interpolated(to end: ScrollExtent, fraction f: Double) -> ScrollExtent {
    if f <= 0 { return self }
    if f >= 1 { return end }
    func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
    return ScrollExtent(
      offset: Point(x: lerp(offset.x, end.offset.x), y: lerp(offset.y, end.offset.y)),
      contentSize: Size(width: lerp(contentSize.width, end.contentSize.width), height: lerp(contentSize.height, end.contentSize.height)))
  }
}
