import GridLayout
import GridRender

extension CollectionView {
  // MARK: the terminal's cursor

  /// The cell where the terminal's cursor rests for the focused item: the
  /// first cell of its text (where its title starts), or of its visible
  /// part when that cell is scrolled out of view. Nil when no item has the
  /// focus or the focused item is not on screen. A screen reader or a
  /// braille display that follows the cursor reads from here.
  public var focusedItemTextCell: CellPoint? {
    guard let focused = focusedIndexPath, let content = contentForItem(at: focused),
      let a = layoutAttributesForItem(at: focused)
    else { return nil }
    let frame = geometry.unclippedSurfaceRect(ofContent: a.frame)
    let shown = frame.intersection(viewport)
    guard !shown.isEmpty else { return nil }
    let renderer = ElementRenderer(theme: theme, colors: rasterizer.blend.colors, showsPictures: showsPictures)
    let start = renderer.textStart(of: content, in: frame)
    return shown.contains(start) ? start : CellPoint(x: shown.x, y: shown.y)
  }

  /// Rests the terminal's cursor on the focused item's text (where
  /// ``focusedItemTextCell`` is, from where drawing found its text: the data
  /// source is not asked again), and shows it in screen-reader mode.
  func placeCursor(on surface: inout Surface) {
    guard let focused = focusedIndexPath, let a = layoutAttributesForItem(at: focused) else { return }
    let frame = geometry.unclippedSurfaceRect(ofContent: a.frame)
    let shown = frame.intersection(viewport)
    guard !shown.isEmpty else { return }
    var cell = CellPoint(x: shown.x, y: shown.y)
    if let offset = redraw.focusedTextOffset, offset.indexPath == focused {
      let start = CellPoint(x: frame.x + offset.dx, y: frame.y + offset.dy)
      if shown.contains(start) { cell = start }
    }
    surface.cursor = cell
    if accessibility.isScreenReaderModeOn { surface.showsCursor = true }
  }
}
