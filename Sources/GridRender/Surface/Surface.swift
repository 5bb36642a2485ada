/// An in-memory grid of cells that frames are drawn into, reused from frame
/// to frame. Every drawing call is clipped to ``clip`` and laid out within
/// ``extent`` (text that does not fit there ends in "…"); a wide grapheme is
/// never split: where only half of it would fit, a blank is drawn instead,
/// and overwriting either half of one blanks the other half.
///
/// A facade over parts that each own their state: the frame buffer (the
/// cells), the change tracker (what was drawn into since the surface was
/// presented, which a diff reads), and the clip stack; the drawing calls
/// (`Surface+Drawing.swift` and the extensions beside the types they draw)
/// clip, then store into the buffer and mark the tracker.
public struct Surface: Sendable, Equatable {
  /// The cells.
  @usableFromInline var grid: CellGrid
  /// What was drawn into since the surface was presented.
  @usableFromInline var changes: ChangeTracker
  /// The clip and the extent.
  @usableFromInline var clipping: ClipStack

  /// Width in cells.
  @inlinable public var width: Int { grid.width }
  /// Height in cells.
  @inlinable public var height: Int { grid.height }
  /// The cells, row by row.
  @inlinable public var cells: [Cell] { grid.cells }
  /// Drawing outside this rectangle is ignored. ``withClip(_:_:)`` narrows
  /// it; setting it sets ``extent`` too.
  public var clip: CellRect {
    get { clipping.clip }
    set { clipping.reset(to: newValue) }
  }
  /// The rectangle drawing is laid out in: text is fitted to its right edge
  /// (ending in "…"), and a wide grapheme cut by its edges is drawn as a
  /// blank. It holds the clip; ``withClip(_:_:)`` narrows both, and
  /// ``withChangesConfined(to:_:)`` the clip alone, so that drawing part of
  /// a frame again gives there the cells drawing all of it gives.
  public var extent: CellRect { clipping.extent }
  /// Row scrolls made by ``scrollRows(_:by:)`` since the surface was last
  /// presented: a terminal replays them (scrolling the real screen) before it
  /// writes the cells that still differ.
  @inlinable public var scrollHints: [ScrollHint] { changes.scrollHints }
  /// `changedColumns[y]` holds the columns of row `y` drawn into since
  /// ``markPresented()`` (empty when none): a terminal compares only those
  /// cells with the screen.
  @inlinable public var changedColumns: [Range<Int>] { changes.changedColumns }
  /// The ids of the pixel pictures a terminal shows, when it shows pixels
  /// (set by the run loop from the terminal's capabilities): pictures with
  /// ``Picture/pixels`` are then drawn as placeholder cells that carry
  /// their ids. Nil: pictures are drawn in their cells.
  public var pixelImages: PixelImageTable?

  /// Where the terminal's cursor rests once the surface is on screen: the
  /// first text cell of the focused item, or a text field's cursor, so that
  /// a screen reader or braille display that follows the cursor reads what
  /// has the focus. Nil: wherever writing left it. Whoever draws the frame
  /// sets it (TermGrid's `CollectionView` and text fields do); it is
  /// nil again after ``resize(width:height:)``.
  public var cursor: CellPoint?
  /// Whether the terminal shows its cursor (at ``cursor``); false, the
  /// default, hides it. A screen-reader mode shows it.
  public var showsCursor = false
  /// Whether a picture has been drawn into the surface since it was made:
  /// its cells, its pixels, or its placeholder while it is not shown
  /// (``notePictures()``). A run loop then asks its terminal, once, how it
  /// shows pictures, so that a program that never shows one asks nothing.
  public private(set) var hasDrawnPictures = false

  /// Notes that a picture was drawn, or its place kept for one (see
  /// ``hasDrawnPictures``): ``draw(_:x:y:adding:)`` does; whoever draws a
  /// placeholder instead of a picture should too.
  public mutating func notePictures() { hasDrawnPictures = true }

  /// True when row `y` was drawn into since ``markPresented()``.
  public func rowChanged(_ y: Int) -> Bool { !changes.changedColumns[y].isEmpty }

  /// Creates a blank surface.
  public init(width: Int, height: Int) {
    grid = CellGrid(width: width, height: height)
    changes = ChangeTracker(width: grid.width, height: grid.height)
    clipping = ClipStack(bounds: CellRect(x: 0, y: 0, width: grid.width, height: grid.height))
  }

  /// Forgets the scroll hints and the changed rows: the surface is on screen.
  public mutating func markPresented() { changes.markPresented() }

  /// Two surfaces are equal when they show the same cells.
  public static func == (a: Surface, b: Surface) -> Bool { a.grid == b.grid }

  /// The whole surface as a rectangle.
  public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

  /// Changes the size, keeping the storage when it is large enough; the content becomes blank.
  public mutating func resize(width w: Int, height h: Int) {
    grid.resize(width: w, height: h)
    cursor = nil
    changes.reset(width: width, height: height)
    clip = bounds
  }

  /// Fills the whole surface (ignoring the clip) with blanks of `style`.
  public mutating func clear(style: Style = .plain) {
    grid.fillAll(with: Cell(grapheme: .space, style: style, width: 1))
    changes.markChanged(0..<height, columns: 0..<width)
    clip = bounds
  }

  /// Shifts whole rows `rows` up by `dy` rows (down when negative), as a
  /// terminal scrolls a region: rows that come into view are blank. Recorded
  /// in ``scrollHints``.
  public mutating func scrollRows(_ rows: Range<Int>, by dy: Int) {
    let r = max(0, rows.lowerBound)..<min(height, rows.upperBound)
    guard dy != 0, !r.isEmpty else { return }
    grid.shiftRows(r, by: dy)
    changes.recordScroll(r, by: dy, width: width)
  }

  /// Writes `cell` at column `x`, row `y` as a terminal writes it, ignoring
  /// the clip: a wide grapheme covers the next column too, and overwriting
  /// half of one blanks the other half. Out of bounds does nothing. (For a
  /// copy of what a terminal shows, built from a frame's changes.)
  public mutating func setCell(_ cell: Cell, x: Int, y: Int) {
    guard y >= 0, y < height, x >= 0, x < width else { return }
    store(cell, x: x, y: y)
    if cell.width == 2, x + 1 < width { store(Cell(grapheme: .space, style: cell.style, width: 0), x: x + 1, y: y) }
  }

  /// The cell at column `x`, row `y`.
  @inlinable public subscript(x: Int, y: Int) -> Cell { grid[x, y] }

  /// Runs `body` with the clip and the extent narrowed to `rect` (within
  /// the current ones), then restores them.
  @discardableResult
  public mutating func withClip<R>(_ rect: CellRect, _ body: (inout Surface) throws -> R) rethrows -> R {
    let saved = clipping.push(rect)
    defer { clipping.pop(saved) }
    return try body(&self)
  }

  /// Runs `body` with the clip narrowed to `rect` and the extent as it is,
  /// then restores the clip: the cells inside `rect` come out as drawing
  /// without it would make them (text is fitted and cut where it would be),
  /// and those outside are left alone. A view redraws a changed item this
  /// way, and whatever overlaps it.
  @discardableResult
  public mutating func withChangesConfined<R>(to rect: CellRect, _ body: (inout Surface) throws -> R) rethrows -> R {
    let saved = clipping.pushConfined(rect)
    defer { clipping.pop(saved) }
    return try body(&self)
  }

  /// The surface as lines of text (continuation cells omitted), trailing spaces kept.
  public var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for x in 0..<width where !self[x, row].isContinuation { line.append(self[x, row].grapheme.character) }
      return line
    }
  }

  /// The surface as text: lines without trailing spaces, joined by newlines.
  public var text: String {
    lines.map { line in
      var l = Substring(line)
      while l.last == " " { l = l.dropLast() }
      return String(l)
    }.joined(separator: "\n")
  }
}

/// Rows of a surface that were scrolled: `rows` moved up by `by` (down when negative).
public struct ScrollHint: Hashable, Sendable {
  /// The rows that moved.
  public var rows: Range<Int>
  /// Rows moved up (down when negative).
  public var by: Int
  /// Creates a hint.
  public init(rows: Range<Int>, by: Int) {
    self.rows = rows
    self.by = by
  }
}
