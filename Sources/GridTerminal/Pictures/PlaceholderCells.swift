import GridRender

/// Which cells of a terminal's screen show a piece of a pixel picture (its
/// placeholder cells, <doc:/GridRender/PixelPlaceholder>), kept by a
/// ``PixelPictureWriter`` from the updates it is given: a ``FrameUpdate``
/// holds only the changes, and placing a picture again (sixel, kitty's
/// classic placements) needs to know which of its cells still show it.
/// Only placeholders are kept, decoded: what else the screen shows is not.
struct PlaceholderCells {
  private(set) var width = 0
  private(set) var height = 0
  /// For each cell: 0, or a placeholder's picture id, row + 1 and column, packed.
  private var cells: [UInt64] = []

  /// Takes the update as the terminal makes it: a clear (or a new size)
  /// empties the screen, scrolls shift it, and each change puts a
  /// placeholder or takes one away.
  mutating func apply(_ update: FrameUpdate) {
    if update.clearsScreen || update.width != width || update.height != height {
      width = update.width
      height = update.height
      cells = [UInt64](repeating: 0, count: width * height)
    }
    let w = width
    cells.withUnsafeMutableBufferPointer { c in
      for hint in update.scrolls {
        let r = max(0, hint.rows.lowerBound)..<min(height, hint.rows.upperBound)
        guard hint.by != 0, !r.isEmpty else { continue }
        GridRender.shiftRows(of: c, width: w, rows: r, by: hint.by, blank: 0)
      }
      for change in update.changes where !change.isUnchanged && change.x >= 0 && change.x < w && change.y >= 0 && change.y < height {
        let i = change.y * w + change.x
        if let (id, row, column) = PixelPlaceholder.decode(change.cell) {
          c[i] = UInt64(id) << 32 | UInt64(row + 1) << 16 | UInt64(column)
        } else {
          c[i] = 0
          if change.cell.width == 2, change.x + 1 < w { c[i + 1] = 0 }
        }
      }
    }
  }

  /// The picture piece the cell at (`x`, `y`) shows: its picture's id and
  /// its row and column in the picture; nil when it shows none (or is off screen).
  func piece(x: Int, y: Int) -> (id: UInt32, row: Int, column: Int)? {
    guard x >= 0, x < width, y >= 0, y < height else { return nil }
    let v = cells[y * width + x]
    guard v != 0 else { return nil }
    return (UInt32(truncatingIfNeeded: v >> 32), Int((v >> 16) & 0xFFFF) - 1, Int(v & 0xFFFF))
  }

}
