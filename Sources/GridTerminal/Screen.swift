import GridRender

/// What happened to a terminal's screen besides the frames written to it,
/// as the terminal reports it (``Terminal/takeScreenReset()``) and a
/// ``Screen`` takes it (``Screen/reset(_:)``).
public enum ScreenReset: Hashable, Sendable {
  /// The terminal no longer knows what its screen shows (it was suspended
  /// and resumed, or another program wrote to it): the next update clears it.
  case lost
  /// The terminal cleared its screen itself (curses does when it starts):
  /// the next update writes every cell that is not blank, and clearing
  /// takes no bytes.
  case cleared
}

/// What a terminal shows, kept by the one who draws to it (the run loop),
/// and the one diff between it and each new frame: ``update(to:scrollsRegions:)``
/// compares only the cells the frame marks as drawn into, and gives the
/// ``FrameUpdate`` that a ``Terminal`` then writes. Terminals keep no copy
/// of the screen, nor whether it must be repainted: the screen's state is
/// here alone. Every terminal, the curses one and the headless one alike,
/// gets the same update.
public struct Screen: Sendable {
  /// What is known of the terminal's screen.
  private enum Contents: Sendable {
    /// Unknown: the next update clears it.
    case unknown
    /// Blank (the terminal cleared it): the next update clears it without bytes.
    case blank
    /// `cells`.
    case known
  }

  /// The width in cells of what is shown.
  public private(set) var width = 0
  /// The height in cells of what is shown.
  public private(set) var height = 0
  /// The cells on screen, row by row.
  private var cells: [Cell] = []
  /// What is known of the screen: the next update clears it unless `known`.
  private var contents = Contents.unknown
  /// The last update (its storage reused by the next).
  private var last = FrameUpdate(width: 0, height: 0)

  /// Creates a screen whose contents are unknown: the first update clears it.
  public init() {}

  /// Forgets what the screen shows (after the terminal was suspended, or
  /// another program wrote to it): the next update clears it and writes
  /// every cell.
  public mutating func invalidate() { contents = .unknown }

  /// Takes what the terminal reports happened to its screen (see
  /// ``Terminal/takeScreenReset()``).
  public mutating func reset(_ reset: ScreenReset) {
    switch reset {
    case .lost: contents = .unknown
    case .cleared: contents = .blank
    }
  }

  /// True when the next update clears the screen whatever the frame.
  public var needsFullRepaint: Bool { contents != .known }

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
    let whole = contents != .known || frame.width != width || frame.height != height
    update.clearsScreen = whole
    update.screenIsBlank = whole && contents == .blank
    if whole {
      width = frame.width
      height = frame.height
      cells = [Cell](repeating: .blank, count: width * height)
      contents = .known
      // Room for every cell at once: grown by doubling, the list would be
      // copied a dozen times (and its pages touched again) on a first frame.
      update.changes.reserveCapacity(width * height)
    } else if scrollsRegions {
      for hint in frame.scrollHints {
        scrollRows(hint.rows, by: hint.by)
        update.scrolls.append(hint)
      }
    }
    update.width = width
    update.height = height
    diff(frame, allRows: whole, into: &update.changes)
    update.cursor = frame.cursor.flatMap { frame.bounds.contains($0) ? $0 : nil }
    update.showsCursor = frame.showsCursor
    update.pixelImages = frame.pixelImages
    // Kept for its buffers (the next update reuses them).
    last = update
    return update
  }

  /// Appends the cells of `frame` that differ from the screen (in the
  /// columns it marks as changed, or everywhere) to `changes`, and takes
  /// them as shown. A wide grapheme's second column is not reported alone
  /// when its head changed. Between two changes of a row, a gap of up to
  /// three cells that writing costs less than moving over is given too
  /// (see `rewritesGap`), its cells marked unchanged.
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
          // Where the last change of the row ends (0: none yet), and its cell.
          var lastEnd = 0
          var lastCell = new[row]
          while x < end {
            if x >= rewriteEnd {
              // The cells that did not change, skipped in a loop that only compares.
              while x < end, new[row + x].isIdentical(to: old[row + x]) { x += 1 }
              guard x < end else { break }
            }
            let cell = new[row + x]
            if lastEnd > 0, x > lastEnd, x - lastEnd <= 3, Self.rewritesGap(after: lastCell, new, row + lastEnd, row + x) {
              for gx in lastEnd..<x { changes.append(CellChange(x: gx, y: y, cell: new[row + gx], isUnchanged: true)) }
            }
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
            x += 1
            lastEnd = x
            lastCell = cell
          }
        }
      }
    }
  }

  /// Whether the unchanged cells `from..<to` of `cells`, after a change
  /// of `before`, are cheaper written than moved over: plain printable
  /// ASCII in the style of the change, which is text whose width every
  /// terminal agrees on (one scalar below the emoji planes; not a line,
  /// which a terminal may draw in its alternate character set, nor a
  /// picture's placeholder).
  @inline(__always) private static func rewritesGap(
    after before: Cell, _ cells: UnsafeBufferPointer<Cell>, _ from: Int, _ to: Int
  ) -> Bool {
    let g = before.grapheme
    guard g.isASCII || (g.utf8Count <= 3 && !(g.utf8Byte(0) == 0xE2 && g.utf8Byte(1) == 0x94)) else { return false }
    for i in from..<to {
      let c = cells[i]
      guard c.width == 1, c.style == before.style, c.grapheme.isASCII else { return false }
      let b = c.grapheme.utf8Byte(0)
      if b < 0x20 || b == 0x7F { return false }
    }
    return true
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
    cells.withUnsafeMutableBufferPointer { GridRender.shiftRows(of: $0, width: w, rows: r, by: dy, blank: .blank) }
  }

  /// The cell on screen at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }
}
