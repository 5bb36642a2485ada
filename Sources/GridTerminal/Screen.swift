import GridRender

/// What a terminal shows, kept by the one who draws to it (the run loop),
/// and the one diff between it and each new frame: ``update(to:scrollsRegions:)``
/// compares only the cells the frame marks as drawn into, and gives the
/// ``FrameUpdate`` that a ``Terminal`` then writes. Terminals keep no copy
/// of the screen; every terminal, the curses one and the headless one
/// alike, gets the same update.
public struct Screen: Sendable {
  /// The width in cells of what is shown.
  public private(set) var width = 0
  /// The height in cells of what is shown.
  public private(set) var height = 0
  /// The cells on screen, row by row.
  private var cells: [Cell] = []
  /// True when the screen's contents are unknown: the next update clears it.
  private var isUnknown = true
  /// The last update (its storage reused by the next), without its frame.
  private var last = FrameUpdate(width: 0, height: 0)
  /// An empty frame, to hold in place of one (no allocation).
  private static let noFrame = Surface(width: 0, height: 0)

  /// Creates a screen whose contents are unknown: the first update clears it.
  public init() {}

  /// Forgets what the screen shows (after the terminal was suspended, or
  /// another program wrote to it): the next update clears it and writes
  /// every cell.
  public mutating func invalidate() { isUnknown = true }

  /// The changes that make the screen show `frame`, which are then taken to
  /// be on screen. Only the columns `frame` marks as drawn into since it was
  /// last presented are compared (call `frame.markPresented()` after
  /// presenting). A frame of another size, or a screen whose contents are
  /// unknown, gives an update that clears the screen and writes every cell
  /// that is not blank.
  ///
  /// - Parameters:
  ///   - frame: The new frame.
  ///   - scrollsRegions: Whether the terminal can scroll a band of rows:
  ///     the frame's <doc:/GridRender/Surface/scrollHints> are then replayed here and
  ///     passed on, and only the rows that came into view are written.
  public mutating func update(to frame: Surface, scrollsRegions: Bool) -> FrameUpdate {
    var update = last
    last.changes = []  // the update's storage stays unshared while it is filled
    last.scrolls = []
    update.changes.removeAll(keepingCapacity: true)
    update.scrolls.removeAll(keepingCapacity: true)
    let whole = isUnknown || frame.width != width || frame.height != height
    update.clearsScreen = whole
    if whole {
      width = frame.width
      height = frame.height
      cells = [Cell](repeating: .blank, count: width * height)
      isUnknown = false
    } else if scrollsRegions {
      for hint in frame.scrollHints {
        scrollRows(hint.rows, by: hint.by)
        update.scrolls.append(hint)
      }
    }
    diff(frame, allRows: whole, into: &update.changes)
    update.cursor = frame.cursor.flatMap { frame.bounds.contains($0) ? $0 : nil }
    update.showsCursor = frame.showsCursor
    update.frame = frame
    // Kept for its buffers (the next update reuses them), not for the frame:
    // holding the frame's storage past the present would make the caller's
    // next drawing into it copy the whole surface.
    last = update
    last.frame = Self.noFrame
    return update
  }

  /// Appends the cells of `frame` that differ from the screen (in the
  /// columns it marks as changed, or everywhere) to `changes`, and takes
  /// them as shown. A wide grapheme's second column is not reported alone
  /// when its head changed.
  ///
  /// A terminal may draw an emoji sequence wider than its cells (each part
  /// on its own: see ``Grapheme/widestDrawnWidth``), over the cells after
  /// it. Those cells, up to the widest it may take, are written again after
  /// it even when unchanged, so the screen never keeps what spilt over.
  private mutating func diff(_ frame: Surface, allRows: Bool, into changes: inout [CellChange]) {
    let w = width
    frame.cells.withUnsafeBufferPointer { new in
      cells.withUnsafeMutableBufferPointer { old in
        for y in 0..<height {
          let columns = allRows ? 0..<w : frame.changedColumns[y]
          guard !columns.isEmpty else { continue }
          let row = y * w
          var x = columns.lowerBound
          var end = columns.upperBound
          // Cells before this column are written even when unchanged (a spill-over).
          var rewriteEnd = 0
          while x < end {
            let cell = new[row + x]
            if x < rewriteEnd || !cell.isIdentical(to: old[row + x]) {
              old[row + x] = cell
              changes.append(CellChange(x: x, y: y, cell: cell))
              if let spill = Self.spillEnd(of: cell, at: x, width: w) {
                rewriteEnd = spill
                end = max(end, spill)
              }
              if cell.width == 2, x + 1 < w {
                old[row + x + 1] = new[row + x + 1]
                x += 1
              }
            }
            x += 1
          }
        }
      }
    }
  }

  /// Where the cells a terminal may draw `cell` over end, when it may draw
  /// it wider than its own cells (nil otherwise): one code point, or a
  /// letter and a mark, never does.
  @inline(__always) private static func spillEnd(of cell: Cell, at x: Int, width: Int) -> Int? {
    let g = cell.grapheme
    guard g.utf8Count > 4 else { return nil }
    let widest = g.widestDrawnWidth
    let own = max(1, Int(cell.width))
    return widest > own ? min(width, x + widest) : nil
  }

  /// Shifts rows as the terminal will (rows coming in are blank).
  private mutating func scrollRows(_ rows: Range<Int>, by dy: Int) {
    let r = max(0, rows.lowerBound)..<min(height, rows.upperBound)
    guard dy != 0, !r.isEmpty else { return }
    let w = width
    cells.withUnsafeMutableBufferPointer { Surface.shiftRows(of: $0, width: w, rows: r, by: dy) }
  }

  /// The cell on screen at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }
}
