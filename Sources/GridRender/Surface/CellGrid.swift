/// A surface's frame buffer: its cells, row by row, and their size. It
/// keeps a wide grapheme whole: storing over either half of one blanks the
/// other half. What was drawn where is the ``ChangeTracker``'s, what may be
/// drawn the ``ClipStack``'s; the ``Surface`` puts them together.
@usableFromInline struct CellGrid: Sendable, Equatable {
  /// Width in cells.
  @usableFromInline private(set) var width: Int
  /// Height in cells.
  @usableFromInline private(set) var height: Int
  /// The cells, row by row.
  @usableFromInline private(set) var cells: [Cell]

  /// A blank grid (a negative size counts as none).
  init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = [Cell](repeating: .blank, count: self.width * self.height)
  }

  /// The cell at column `x`, row `y`.
  @inlinable subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

  /// Changes the size, keeping the storage when it is large enough; every cell becomes blank.
  mutating func resize(width w: Int, height h: Int) {
    width = max(0, w)
    height = max(0, h)
    let n = width * height
    if cells.count != n {
      cells = [Cell](repeating: .blank, count: n)
    } else {
      fillAll(with: .blank)
    }
  }

  /// Every cell set to `cell`.
  mutating func fillAll(with cell: Cell) {
    cells.withUnsafeMutableBufferPointer { buf in
      for i in buf.indices { buf[i] = cell }
    }
  }

  /// Stores a cell, blanking the other half of any wide grapheme it overwrites.
  @inline(__always) mutating func store(_ cell: Cell, x: Int, y: Int) {
    let i = y * width + x
    let w = width
    cells.withUnsafeMutableBufferPointer { c in
      let oldWidth = c[i].width
      if oldWidth == 2, cell.width != 2, x + 1 < w {
        c[i + 1] = Cell(grapheme: .space, style: c[i + 1].style, width: 1)
      } else if oldWidth == 0, x > 0, cell.width != 0 {
        c[i - 1] = Cell(grapheme: .space, style: c[i - 1].style, width: 1)
      }
      c[i] = cell
    }
  }

  /// Columns `columns` of row `y` set to the first `columns.count` of
  /// `bytes` (printable ASCII, one column each) in `style`: the cells
  /// storing them one by one gives (only the run's ends can cut a wide
  /// grapheme), with one access to the cells.
  @inline(__always) mutating func storeASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, columns: Range<Int>, row y: Int, style: Style
  ) {
    let base = y * width
    let w = width
    cells.withUnsafeMutableBufferPointer { c in
      let (a, b) = (columns.lowerBound, columns.upperBound - 1)
      if a > 0, c[base + a].width == 0 {
        c[base + a - 1] = Cell(grapheme: .space, style: c[base + a - 1].style, width: 1)
      }
      if b + 1 < w, c[base + b].width == 2 {
        c[base + b + 1] = Cell(grapheme: .space, style: c[base + b + 1].style, width: 1)
      }
      for k in 0..<columns.count {
        c[base + a + k] = Cell(grapheme: Grapheme(ascii: bytes[k]), style: style, width: 1)
      }
    }
  }

  /// Columns `columns` of row `y` set to `cell` (one column wide), as they are.
  @inline(__always) mutating func setRun(_ cell: Cell, row y: Int, columns: ClosedRange<Int>) {
    let base = y * width
    cells.withUnsafeMutableBufferPointer { c in
      for x in columns { c[base + x] = cell }
    }
  }

  /// `rect` (within the grid) set to `cell`, one column wide, the wide
  /// graphemes its edges cut blanked.
  mutating func fill(_ r: CellRect, with cell: Cell) {
    let w = width
    cells.withUnsafeMutableBufferPointer { c in
      for y in r.y..<r.maxY {
        let base = y * w
        // Blank wide graphemes cut by the edges of the fill.
        if r.x > 0, c[base + r.x].width == 0 {
          c[base + r.x - 1] = Cell(grapheme: .space, style: c[base + r.x - 1].style, width: 1)
        }
        if r.maxX < w, c[base + r.maxX].width == 0 {
          c[base + r.maxX] = Cell(grapheme: .space, style: c[base + r.maxX].style, width: 1)
        }
        for x in r.x..<r.maxX { c[base + x] = cell }
      }
    }
  }

  /// The style of every cell of `rect` (within the grid) replaced with
  /// `transform` of it; runs of one style are transformed once.
  mutating func restyle(_ r: CellRect, _ transform: (Style) -> Style) {
    let w = width
    var last: (from: Style, to: Style)?
    cells.withUnsafeMutableBufferPointer { c in
      for y in r.y..<r.maxY {
        for i in (y * w + r.x)..<(y * w + r.maxX) {
          let old = c[i].style
          if let last, last.from == old {
            c[i].style = last.to
          } else {
            let new = transform(old)
            c[i].style = new
            last = (old, new)
          }
        }
      }
    }
  }

  /// Rows `r` (within the grid) shifted up by `dy` (down when negative); rows coming in are blank.
  mutating func shiftRows(_ r: Range<Int>, by dy: Int) {
    let w = width
    cells.withUnsafeMutableBufferPointer { GridRender.shiftRows(of: $0, width: w, rows: r, by: dy, blank: .blank) }
  }

}
