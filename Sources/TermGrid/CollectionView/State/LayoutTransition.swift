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
  /// the data source (a disappearing element, a footer until the batch ends).
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
  var completions: [(Bool) -> Void]

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

  /// The attributes of a track at `now`.
  func presented(_ track: TransitionTrack, at now: Double) -> LayoutAttributes {
    track.from.interpolated(to: track.to, fraction: curve.value(at: timeFraction(at: now)))
  }
}
