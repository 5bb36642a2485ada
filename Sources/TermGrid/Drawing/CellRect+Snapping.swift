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
  /// (Public for the apps that used it when it was GridRender's; kept out
  /// of the documentation, where an extension of GridRender's type would
  /// shadow every `/GridRender/...` link of this catalog.)
  @_documentation(visibility: internal)
  @inlinable public init(snapping rect: Rect) {
    let x0 = Int(rect.minX.rounded())
    let y0 = Int(rect.minY.rounded())
    self.init(x: x0, y: y0, width: Int(rect.maxX.rounded()) - x0, height: Int(rect.maxY.rounded()) - y0)
  }
}
