import GridLayout
import GridRender

// The one place where a layout's geometry (`Rect`, in `Double` cells)
// becomes the whole cells drawing speaks (`CellRect`): GridRender knows
// cells only and imports nothing from GridLayout; TermGrid, which holds
// both, converts at the drawing boundary (the view's viewport, the
// rasterizer, the background) through this initializer alone.
extension CellRect {
  /// Snaps a layout rectangle to cells: each edge rounds to the nearest cell,
  /// so frames that touch in the layout touch on screen.
  ///
  /// (Internal: a public extension of GridRender's type in TermGrid's
  /// documentation would shadow every `/GridRender/...` link of its catalog.)
  @inline(__always) init(snapping rect: Rect) {
    let x0 = Int(rect.minX.rounded())
    let y0 = Int(rect.minY.rounded())
    self.init(x: x0, y: y0, width: Int(rect.maxX.rounded()) - x0, height: Int(rect.maxY.rounded()) - y0)
  }
}
