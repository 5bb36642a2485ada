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
    guard let focused = focusedIndexPath, let content = contentForItem(at: focused) else { return nil }
    let renderer = ElementRenderer(theme: theme, colors: rasterizer.blend.colors, showsPictures: showsPictures)
    return cursorCell(forItemAt: focused) { renderer.textStart(of: content, in: $0) }
  }

  /// Rests the terminal's cursor on the focused item's text (where
  /// ``focusedItemTextCell`` is, from where drawing found its text: the data
  /// source is not asked again), and shows it in screen-reader mode.
  func placeCursor(on surface: inout Surface) {
    guard let focused = focusedIndexPath else { return }
    let offset = drawing.redraw.focusedTextOffset.flatMap { $0.indexPath == focused ? $0 : nil }
    let cell = cursorCell(forItemAt: focused) { frame in
      offset.map { CellPoint(x: frame.x + $0.dx, y: frame.y + $0.dy) }
    }
    guard let cell else { return }
    surface.cursor = cell
    if accessibility.isScreenReaderModeOn { surface.showsCursor = true }
  }

  /// Where the cursor rests for the item at `indexPath`: where its text
  /// starts (`textStart` of its frame on the surface) when that cell shows,
  /// else the first cell of the item that shows; nil when none does.
  private func cursorCell(forItemAt indexPath: IndexPath, textStart: (CellRect) -> CellPoint?) -> CellPoint? {
    guard let a = layoutAttributesForItem(at: indexPath) else { return nil }
    let frame = geometry.unclippedSurfaceRect(ofContent: a.frame)
    let shown = frame.intersection(viewport)
    guard !shown.isEmpty else { return nil }
    if let start = textStart(frame), shown.contains(start) { return start }
    return CellPoint(x: shown.x, y: shown.y)
  }
}
