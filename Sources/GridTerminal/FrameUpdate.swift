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
  /// True for a cell the screen already shows, given between two changes
  /// of a row because writing it costs less than moving the cursor over
  /// it (see ``FrameUpdate/changes``): a terminal may write it or skip it.
  public var isUnchanged: Bool

  /// Creates a change (`isUnchanged`: a cell the screen already shows,
  /// given only to be written over).
  public init(x: Int, y: Int, cell: Cell, isUnchanged: Bool = false) {
    self.x = x
    self.y = y
    self.cell = cell
    self.isUnchanged = isUnchanged
  }
}

/// What a terminal does to show the next frame, and nothing more: made by
/// ``Screen``, which keeps what the terminal shows, and handed to
/// ``Terminal/present(_:)``. A terminal clears the screen when
/// ``clearsScreen`` says so, replays ``scrolls`` in order, then writes
/// ``changes``.
///
/// The update holds the changes, not the frame: a terminal cannot read
/// (nor rebuild) what it was not sent, so whatever it writes follows from
/// the update alone, and a terminal that needs to remember something of
/// the screen (the pictures a sixel terminal shows) keeps it from the
/// updates it was given.
public struct FrameUpdate: Sendable {
  /// The width of the screen in cells, once the update is made.
  public internal(set) var width: Int
  /// The height of the screen in cells, once the update is made.
  public internal(set) var height: Int
  /// True when the screen is to be cleared first (the first frame, a new
  /// size, a terminal that lost what it showed): ``changes`` then holds every
  /// cell of the frame that is not a plain blank.
  public internal(set) var clearsScreen = true
  /// With ``clearsScreen``: the screen is blank already (the terminal
  /// cleared it itself, see ``ScreenReset/cleared``), so clearing it takes
  /// no bytes.
  public internal(set) var screenIsBlank = false
  /// Row scrolls to make before writing (a view's vertical scroll, replayed
  /// by the terminal so that only the rows that came into view are written).
  public internal(set) var scrolls: [ScrollHint] = []
  /// The cells to write after the scrolls, row by row, left to right: those
  /// that differ from the screen, and between two of them on a row, where
  /// writing is cheaper than a cursor move (up to three plain text cells in
  /// the style of the change before), the cells in between, marked
  /// <doc:CellChange/isUnchanged>.
  public internal(set) var changes: [CellChange] = []
  /// Where the cursor rests once the changes are written (the frame's
  /// <doc:/GridRender/Surface/cursor>, when inside it); nil leaves it wherever writing did.
  public internal(set) var cursor: CellPoint?
  /// Whether the cursor is shown (the frame's <doc:/GridRender/Surface/showsCursor>).
  public internal(set) var showsCursor = false
  /// The frame's table of pixel pictures (<doc:/GridRender/Surface/pixelImages>):
  /// the pictures the ids in its placeholder cells name, for a terminal
  /// that shows pixels. Nil: pictures are drawn in their cells.
  public internal(set) var pixelImages: PixelImageTable?

  /// Creates an empty update for a screen of the given size.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The number of cells the changes cover (a wide grapheme counts two),
  /// without the unchanged cells written over.
  public var changedCellCount: Int {
    changes.reduce(0) { $0 + ($1.isUnchanged ? 0 : max(1, Int($1.cell.width))) }
  }

  /// The whole frame: no longer handed to terminals.
  @available(
    *, unavailable,
    message: "a terminal gets the changes only: use width, height, pixelImages and changes (Screen keeps the frame)"
  )
  public var frame: Surface { fatalError("unavailable") }
}
