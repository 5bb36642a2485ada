import GridLayout
import GridRender

/// What the collection view last announced to its prefetch data source,
/// where it looked from, which way it scrolls, and the cell sizes pictures
/// were asked for: a value the data part (``DataConnection``) keeps beside
/// the prefetch data source. Written only through its methods.
struct PrefetchState {
  /// The items announced and not cancelled or drawn.
  private(set) var announced: Set<IndexPath> = []
  /// The offset when last looked at (nil: never, or the data changed).
  private(set) var offset: Point?
  /// The last direction of scrolling along each axis (+1 or -1).
  private(set) var direction = (x: 1.0, y: 1.0)
  /// The cell size pictures in pixels were made for when the items were
  /// announced (nil: pictures in symbols).
  private(set) var pictureCellSize: PixelSize?
  /// The cell size whose shape pictures in symbols were made for (nil: 1 x 2).
  private(set) var symbolCellSize: PixelSize?

  /// Forgets what was announced and where it looked from (the index paths
  /// no longer name the same items); the cell sizes stay.
  mutating func reset() { self = PrefetchState(pictureCellSize: pictureCellSize, symbolCellSize: symbolCellSize) }

  /// Looks again after the next frame, even at the same offset (a section scrolled sideways).
  mutating func lookAgain() { offset = nil }

  /// The view is at `newOffset` after a frame: false when it looked from
  /// there already; otherwise the direction follows the move (an axis that
  /// did not move keeps its own) and the offset is kept.
  mutating func scrolled(to newOffset: Point) -> Bool {
    if let last = offset {
      if last == newOffset { return false }
      if newOffset.x != last.x { direction.x = newOffset.x > last.x ? 1 : -1 }
      if newOffset.y != last.y { direction.y = newOffset.y > last.y ? 1 : -1 }
    }
    offset = newOffset
    return true
  }

  /// The items now announced (ahead, not yet drawn).
  mutating func announce(_ items: Set<IndexPath>) { announced = items }

  /// The cell sizes pictures are now made for.
  mutating func setCellSizes(picture: PixelSize?, symbol: PixelSize?) {
    pictureCellSize = picture
    symbolCellSize = symbol
  }

  private init(pictureCellSize: PixelSize?, symbolCellSize: PixelSize?) {
    self.pictureCellSize = pictureCellSize
    self.symbolCellSize = symbolCellSize
  }

  /// Nothing announced, never looked.
  init() {}
}
