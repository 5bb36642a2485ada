import GridLayout

/// Draws layout attributes onto a ``Surface``: in drawing order (zIndex, then
/// decoration, item, supplementary, then index path), each element clipped
/// to its snapped frame and to the viewport, hidden ones skipped.
///
/// Alpha and scale are drawn plainly for now: alpha 0 and scale 0 draw
/// nothing, anything else draws at full strength in the unscaled frame.
public struct Rasterizer: Sendable {
  /// Creates a rasterizer.
  public init() {}

  /// Draws `attributes`, whose frames are in content coordinates, with the
  /// content point `contentOffset` at the top-left of `viewport`. `draw` is
  /// called once per drawn element with its attributes and its frame in
  /// surface cells; the surface's clip is the frame within the viewport.
  ///
  /// With `clip`, only the cells inside it (and the viewport) are touched.
  public func rasterize(
    _ attributes: [LayoutAttributes], contentOffset: Point, viewport: CellRect, clip: CellRect? = nil,
    into surface: inout Surface, draw: (LayoutAttributes, CellRect, inout Surface) -> Void
  ) {
    let ordered = isSorted(attributes) ? attributes : attributes.sorted(by: LayoutAttributes.drawingOrder)
    let dx = Double(viewport.x) - contentOffset.x
    let dy = Double(viewport.y) - contentOffset.y
    surface.withClip(clip.map { $0.intersection(viewport) } ?? viewport) { surface in
      for a in ordered {
        guard !a.isHidden, a.alpha > 0, a.scale.x > 0, a.scale.y > 0 else { continue }
        let frame = CellRect(snapping: a.frame.offsetBy(dx: dx, dy: dy))
        guard !frame.intersection(surface.clip).isEmpty else { continue }
        surface.withClip(frame) { draw(a, frame, &$0) }
      }
    }
  }

  func isSorted(_ a: [LayoutAttributes]) -> Bool {
    var i = 1
    while i < a.count {
      if LayoutAttributes.drawingOrder(a[i], a[i - 1]) { return false }
      i += 1
    }
    return true
  }
}
