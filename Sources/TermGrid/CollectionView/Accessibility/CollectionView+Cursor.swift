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
    let cell = cursorCell(forItemAt: focused) { accessibilityState.drawnTextStart(of: focused, in: $0) }
    guard let cell else { return }
    surface.cursor = cell
    if accessibilityState.isReading { surface.showsCursor = true }
  }

  /// Where the cursor rests for the item at `indexPath`
  /// (``AccessibilityState/cursorCell(inItemFrame:viewport:textStart:)``),
  /// `textStart` saying where its text starts in its frame on the surface.
  private func cursorCell(forItemAt indexPath: IndexPath, textStart: (CellRect) -> CellPoint?) -> CellPoint? {
    guard let a = layoutAttributesForItem(at: indexPath) else { return nil }
    let frame = scrolling.viewport.unclippedSurfaceRect(ofContent: a.frame)
    return AccessibilityState.cursorCell(inItemFrame: frame, viewport: viewport, textStart: textStart(frame))
  }

  /// Drawing drew the focused item at `indexPath` with its text starting at
  /// `start`, in its frame `frame` on the surface: the cursor rests there.
  func focusedTextWasDrawn(at indexPath: IndexPath, start: CellPoint, in frame: CellRect) {
    accessibilityState.focusedTextWasDrawn(at: indexPath, dx: start.x - frame.x, dy: start.y - frame.y)
  }
}
