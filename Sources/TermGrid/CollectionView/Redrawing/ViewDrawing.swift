import GridLayout
import GridRender

/// The collection view's drawing part: what is to be drawn next and what the
/// surface holds from the last draw (``RedrawState``), and what draws each
/// kind of decoration. Its state is written only here (and in
/// ``RedrawState``'s own methods); the view's drawing code decides what to
/// draw from it.
final class ViewDrawing {
  /// What is to be drawn next, and what the surface holds from the last draw.
  private(set) var redraw = RedrawState()
  /// What draws each kind of decoration.
  private(set) var decorationDrawers: [ElementKind: DecorationDrawer] = [:]

  /// Registers (or with nil removes) what draws decorations of `kind`.
  func register(_ drawer: DecorationDrawer?, forKind kind: ElementKind) { decorationDrawers[kind] = drawer }

  /// Everything is to be drawn again.
  func invalidateAll() { redraw.invalidateAll() }
  /// The content scrolled: a frame is due.
  func invalidateScroll() { redraw.invalidateScroll() }
  /// One item's look changed, not its place.
  func invalidateItem(_ indexPath: IndexPath) { redraw.invalidateItem(indexPath) }
  /// The element at `indexPath` (nil: not an item) showed a placeholder for `source`'s picture.
  func awaitPicture(from source: ObjectIdentifier, for indexPath: IndexPath?) {
    redraw.awaitPicture(from: source, for: indexPath)
  }
  /// `source`'s pictures are ready; false when nothing waited for them.
  func pictureArrived(from source: ObjectIdentifier) -> Bool { redraw.pictureArrived(from: source) }
  /// Elements drawn above the others were put at `rects`.
  func setFloatingRects(_ rects: [CellRect]) { redraw.setFloatingRects(rects) }
  /// A frame was drawn at `offset` into a surface of the given size.
  func didDraw(at offset: Point, surfaceWidth: Int, surfaceHeight: Int) {
    redraw.didDraw(at: offset, surfaceWidth: surfaceWidth, surfaceHeight: surfaceHeight)
  }
  /// An animation frame was drawn over the whole view.
  func didDrawAnimationFrame() { redraw.didDrawAnimationFrame() }
}
