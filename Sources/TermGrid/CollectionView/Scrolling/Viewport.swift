import GridLayout
import GridRender

/// Where a collection view sits on its surface and which part of its
/// content it shows: the frame, the scroll offset, the column (or row) the
/// scroll bar takes, and the conversions between content points and
/// surface cells. A value: the view keeps one and asks it.
///
/// The content area, its size and the visible rect are kept, worked out
/// when what they follow from changes (a resize, a scroll), not each time
/// they are asked: a key asks for the visible rect, a scroll changes it.
struct Viewport: Equatable {
  /// Where the view sits on the surface.
  var frame: CellRect {
    didSet { if frame != oldValue { measure() } }
  }
  /// The content point at the top-left of the content area.
  var contentOffset: Point {
    didSet { visibleRect.origin = contentOffset }
  }
  /// Whether a scroll bar takes the last column (the last row when the content scrolls sideways).
  var showsScrollIndicator: Bool {
    didSet { if showsScrollIndicator != oldValue { measure() } }
  }
  /// Whether the content scrolls sideways (the layout's axis).
  var scrollsHorizontally: Bool {
    didSet { if scrollsHorizontally != oldValue { measure() } }
  }

  /// The part of the frame that shows content: the frame less the scroll bar
  /// (which a frame of one column, or one row, has no room for).
  private(set) var contentArea = CellRect(x: 0, y: 0, width: 0, height: 0)
  /// The size of the content area, in content units.
  private(set) var size = Size.zero
  /// The visible part of the content, in content coordinates.
  private(set) var visibleRect = Rect.zero

  /// A viewport of `frame` scrolled to `contentOffset`.
  init(
    frame: CellRect = CellRect(x: 0, y: 0, width: 0, height: 0), contentOffset: Point = .zero,
    showsScrollIndicator: Bool = true, scrollsHorizontally: Bool = false
  ) {
    self.frame = frame
    self.contentOffset = contentOffset
    self.showsScrollIndicator = showsScrollIndicator
    self.scrollsHorizontally = scrollsHorizontally
    measure()
  }

  /// Works out the content area, its size and the visible rect from the
  /// frame, the scroll bar's room and the offset.
  private mutating func measure() {
    if scrollsHorizontally {
      let bar = showsScrollIndicator && frame.height > 1 ? 1 : 0
      contentArea = CellRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height - bar)
    } else {
      let bar = showsScrollIndicator && frame.width > 1 ? 1 : 0
      contentArea = CellRect(x: frame.x, y: frame.y, width: frame.width - bar, height: frame.height)
    }
    size = Size(width: Double(contentArea.width), height: Double(contentArea.height))
    visibleRect = Rect(origin: contentOffset, size: size)
  }

  /// `offset` kept inside content of `contentSize` (no scrolling past either
  /// end) and rounded to whole cells.
  func clamped(_ offset: Point, contentSize: Size) -> Point {
    let area = size
    let maxX = max(0, contentSize.width - area.width)
    let maxY = max(0, contentSize.height - area.height)
    return Point(x: min(max(0, offset.x), maxX).rounded(), y: min(max(0, offset.y), maxY).rounded())
  }

  /// A content rectangle as the surface cells it covers inside the content
  /// area (empty when it is off screen).
  func surfaceRect(ofContent rect: Rect) -> CellRect {
    unclippedSurfaceRect(ofContent: rect).intersection(contentArea)
  }

  /// A content rectangle as surface cells, wherever they are (on screen or not).
  func unclippedSurfaceRect(ofContent rect: Rect) -> CellRect {
    let area = contentArea
    return CellRect(snapping: rect.offsetBy(dx: Double(area.x) - contentOffset.x, dy: Double(area.y) - contentOffset.y))
  }

  /// Surface cells as the content rectangle they show.
  func contentRect(ofSurface rect: CellRect) -> Rect {
    let area = contentArea
    return Rect(
      x: contentOffset.x + Double(rect.x - area.x), y: contentOffset.y + Double(rect.y - area.y),
      width: Double(rect.width), height: Double(rect.height))
  }

  /// The content point at the middle of surface cell (x, y), or nil when the
  /// cell is outside the content area.
  func contentPoint(atSurfaceX x: Int, y: Int) -> Point? {
    let area = contentArea
    guard area.contains(x: x, y: y) else { return nil }
    return Point(x: contentOffset.x + Double(x - area.x) + 0.5, y: contentOffset.y + Double(y - area.y) + 0.5)
  }
}
