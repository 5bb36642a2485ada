import GridLayout
import GridRender

/// What a collection view must draw next and what its surface holds from
/// the last draw: one value in place of separate flags. The view marks
/// changes here (everything, one item, a picture awaited) and asks it how to
/// draw the next frame.
struct RedrawState {
  /// How the next frame is drawn.
  enum Plan: Equatable {
    /// Everything in the view is drawn again.
    case all
    /// The surface holds the last frame: shift its rows by `scroll` (rows
    /// moved up; 0 for none) and redraw what scrolled in and the changed items.
    case incremental(scroll: Int)
  }

  /// True when something changed since the last draw.
  private(set) var isPending = true
  /// How many changes were marked so far, of any kind (never reset): a
  /// controller compares it to know whether anything its bars may show changed.
  private(set) var changeCount = 0
  /// How many of them were to everything (the data, the layout, the size,
  /// the look): what a controller's title and key commands may depend on,
  /// where a focus move does not reach.
  private(set) var wholeChangeCount = 0
  /// True when whatever every cell shows may have changed.
  private(set) var needsFullRedraw = true
  /// Items whose state (focus, selection, a picture) changed since the last
  /// draw. (An array: a frame has a few, usually the focus's old and new
  /// items, and a look through them costs less than hashing.)
  private(set) var dirtyItems: [IndexPath] = []
  /// The content offset the last frame was drawn at (nil before the first).
  private(set) var lastDrawnOffset: Point?
  /// The size of the surface the last frame was drawn into.
  private var lastDrawnSurface: (width: Int, height: Int)?
  /// Where elements drawn above the others (pinned headers) were put last, in surface cells.
  private(set) var floatingRects: [CellRect] = []
  /// The elements that showed a placeholder, by the picture source they
  /// wait for (nil: an element other than an item, redrawn with the whole view).
  private var waitingForPictures: [ObjectIdentifier: Set<IndexPath?>] = [:]

  /// Elements drawn above the others were put at `rects` (surface cells).
  mutating func setFloatingRects(_ rects: [CellRect]) { floatingRects = rects }

  /// Everything is to be drawn again.
  mutating func invalidateAll() {
    isPending = true
    needsFullRedraw = true
    changeCount &+= 1
    wholeChangeCount &+= 1
  }

  /// Something moved (the content scrolled): a frame is due, drawn
  /// incrementally where the surface allows.
  mutating func invalidateScroll() {
    isPending = true
    changeCount &+= 1
  }

  /// One item's look changed, not its place.
  mutating func invalidateItem(_ indexPath: IndexPath) {
    isPending = true
    changeCount &+= 1
    if !dirtyItems.contains(indexPath) { dirtyItems.append(indexPath) }
  }

  /// Remembers that the element at `indexPath` (nil: not an item) showed a
  /// placeholder for `source`'s picture.
  mutating func awaitPicture(from source: ObjectIdentifier, for indexPath: IndexPath?) {
    waitingForPictures[source, default: []].insert(indexPath)
  }

  /// `source`'s pictures are ready: marks what waited for them. Returns
  /// false when nothing did.
  mutating func pictureArrived(from source: ObjectIdentifier) -> Bool {
    guard let waiting = waitingForPictures.removeValue(forKey: source) else { return false }
    for path in waiting {
      if let path { invalidateItem(path) } else { invalidateAll() }
    }
    return true
  }

  /// Whether the surface shows the content at `offset` as last drawn, with no change pending everywhere.
  func screenIsCurrent(at offset: Point) -> Bool { lastDrawnOffset == offset && !needsFullRedraw }

  /// How to draw the frame at `offset` into a surface of the given size,
  /// for a view whose frame is `frame` and content area `area`.
  /// Incremental drawing needs the surface as last drawn (asked for with
  /// `incrementally`), no full redraw pending, no horizontal scroll, a
  /// vertical one shorter than the area, and, for a vertical scroll, a view
  /// as wide as the surface (the terminal scrolls whole rows).
  func plan(
    at offset: Point, frame: CellRect, area: CellRect, surfaceWidth: Int, surfaceHeight: Int, incrementally: Bool
  ) -> Plan {
    guard incrementally, !needsFullRedraw, let last = lastDrawnOffset, let size = lastDrawnSurface,
      size == (surfaceWidth, surfaceHeight), !area.isEmpty
    else { return .all }
    let dy = Int(offset.y - last.y)
    if offset.x != last.x || abs(dy) >= area.height || (dy != 0 && (frame.x != 0 || frame.width != surfaceWidth)) {
      return .all
    }
    return .incremental(scroll: dy)
  }

  /// A frame was drawn at `offset` into a surface of the given size: nothing is pending.
  mutating func didDraw(at offset: Point, surfaceWidth: Int, surfaceHeight: Int) {
    isPending = false
    needsFullRedraw = false
    dirtyItems.removeAll(keepingCapacity: true)
    lastDrawnOffset = offset
    lastDrawnSurface = (surfaceWidth, surfaceHeight)
  }

  /// An animation frame was drawn over the whole view: the next plain
  /// frame draws everything, and no frame is due until something changes.
  mutating func didDrawAnimationFrame() {
    floatingRects = []
    needsFullRedraw = true
    isPending = false
  }
}
