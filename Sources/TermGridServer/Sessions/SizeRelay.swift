import GridRender
import NIOConcurrencyHelpers

/// A session's terminal size as the viewer's window changes, from the
/// connection's event loop to the session's terminal: kept until the
/// terminal exists, then handed on as it comes.
final class SizeRelay: Sendable {
  /// A size in cells and, when known, a cell's size in pixels.
  struct Size: Sendable, Equatable {
    var columns: Int
    var rows: Int
    var cellPixelSize: PixelSize?
  }

  private let state: NIOLockedValueBox<(size: Size, handler: (@Sendable (Int, Int, PixelSize?) -> Void)?)>

  init(_ size: Size) { state = NIOLockedValueBox((size, nil)) }

  /// The size now.
  var size: Size { state.withLockedValue { $0.size } }

  /// A new size: handed to the terminal when it exists.
  func set(_ size: Size) {
    let handler = state.withLockedValue { state in
      state.size = size
      return state.handler
    }
    handler?(size.columns, size.rows, size.cellPixelSize)
  }

  /// The terminal's resize handler, given the size now (a change may have
  /// come while the terminal was being made).
  func attach(_ handler: @escaping @Sendable (Int, Int, PixelSize?) -> Void) {
    let size = state.withLockedValue { state in
      state.handler = handler
      return state.size
    }
    handler(size.columns, size.rows, size.cellPixelSize)
  }

  /// A viewer's requested size, bounded by `limits` (a side of 0, which a
  /// client without a terminal of its own sends, is taken as 80 by 24);
  /// a cell's pixels only when both pixel sizes are given and plausible.
  static func bounded(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int, limits: ServerLimits) -> Size {
    let c = min(columns > 0 ? columns : 80, max(limits.maximumColumns, 1))
    let r = min(rows > 0 ? rows : 24, max(limits.maximumRows, 1))
    var cell: PixelSize?
    if pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 {
      let w = pixelWidth / columns
      let h = pixelHeight / rows
      if (1...512).contains(w), (1...512).contains(h) { cell = PixelSize(width: w, height: h) }
    }
    return Size(columns: c, rows: r, cellPixelSize: cell)
  }
}
