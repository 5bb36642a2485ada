import GridRender

/// One cell that a frame changes: a terminal writes `cell` at column `x`,
/// row `y`. A wide grapheme is one change at its first column; it covers the
/// next column too.
public struct CellChange: Equatable, Sendable {
  /// The column, from 0 at the left.
  public var x: Int
  /// The row, from 0 at the top.
  public var y: Int
  /// What the cell shows now.
  public var cell: Cell

  /// Creates a change.
  public init(x: Int, y: Int, cell: Cell) {
    self.x = x
    self.y = y
    self.cell = cell
  }
}

/// What a terminal does to show the next frame: made by ``Screen``, which
/// keeps what the terminal shows, and handed to ``Terminal/present(_:)``.
/// A terminal clears the screen when ``clearsScreen`` says so, replays
/// ``scrolls`` in order, then writes ``changes``; its screen then shows ``frame``.
public struct FrameUpdate: Sendable {
  /// True when the screen is to be cleared first (the first frame, a new
  /// size, a terminal that lost what it showed): ``changes`` then holds every
  /// cell of the frame that is not a plain blank.
  public internal(set) var clearsScreen = true
  /// Row scrolls to make before writing (a view's vertical scroll, replayed
  /// by the terminal so that only the rows that came into view are written).
  public internal(set) var scrolls: [ScrollHint] = []
  /// The cells that differ from the screen after the scrolls, row by row, left to right.
  public internal(set) var changes: [CellChange] = []
  /// Where the cursor rests once the changes are written (the frame's
  /// <doc:/GridRender/Surface/cursor>, when inside it); nil leaves it wherever writing did.
  public internal(set) var cursor: CellPoint?
  /// Whether the cursor is shown (the frame's <doc:/GridRender/Surface/showsCursor>).
  public internal(set) var showsCursor = false
  /// The whole frame, as the screen shows it once the update is made. A
  /// terminal may read it (to write a short run of unchanged cells instead
  /// of moving the cursor over them); it is not to be written whole.
  public internal(set) var frame: Surface

  /// Creates an empty update for a frame of the given size.
  init(width: Int, height: Int) {
    frame = Surface(width: width, height: height)
  }

  /// The number of cells the changes cover (a wide grapheme counts two).
  public var changedCellCount: Int {
    changes.reduce(0) { $0 + max(1, Int($1.cell.width)) }
  }
}
