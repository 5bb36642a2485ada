/// Where a surface's drawing may change cells (the clip) and the rectangle
/// it is laid out in (the extent), narrowed for a piece of drawing and
/// restored after it: ``Surface/withClip(_:_:)`` and
/// ``Surface/withChangesConfined(to:_:)`` push a narrower one and pop it.
/// Part of a ``Surface``.
@usableFromInline struct ClipStack: Sendable {
  /// Drawing outside this rectangle is ignored.
  var clip: CellRect
  /// The rectangle drawing is laid out in (text is fitted to its right edge,
  /// a wide grapheme cut by its edges drawn as a blank).
  private(set) var extent: CellRect

  /// Clip and extent both `bounds`.
  init(bounds: CellRect) {
    clip = bounds
    extent = bounds
  }

  /// Clip and extent both `rect` (setting the surface's clip).
  mutating func reset(to rect: CellRect) {
    clip = rect
    extent = rect
  }

  /// Both narrowed to `rect`; returns what restores them.
  @inline(__always) mutating func push(_ rect: CellRect) -> (CellRect, CellRect) {
    let saved = (clip, extent)
    clip = clip.intersection(rect)
    extent = extent.intersection(rect)
    return saved
  }

  /// The clip alone narrowed to `rect`; returns what restores them.
  @inline(__always) mutating func pushConfined(_ rect: CellRect) -> (CellRect, CellRect) {
    let saved = (clip, extent)
    clip = clip.intersection(rect)
    return saved
  }

  /// Restores what a push returned.
  @inline(__always) mutating func pop(_ saved: (CellRect, CellRect)) {
    (clip, extent) = saved
  }
}
