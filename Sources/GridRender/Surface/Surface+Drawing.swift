extension Surface {
  /// Puts one already sanitised grapheme of width 1 or 2 at (x, y).
  /// Returns the number of columns the position advances by.
  @discardableResult
  public mutating func put(_ grapheme: Grapheme, width w: Int, x: Int, y: Int, style: Style) -> Int {
    guard w > 0 else { return 0 }
    guard y >= clip.y, y < clip.maxY, x < clip.maxX, x + w > clip.x else { return w }
    if w == 1 || w > 2 {
      guard x >= clip.x else { return w }
      putNarrow(grapheme, x: x, y: y, style: style)
      return 1
    }
    if x < extent.x || x + 1 >= extent.maxX {
      // Half of a wide grapheme would fall outside: draw a blank in the half that is inside.
      let inside = x >= extent.x ? x : x + 1
      if inside >= clip.x && inside < clip.maxX { store(Cell(grapheme: .space, style: style, width: 1), x: inside, y: y) }
      return 2
    }
    // Both halves, even when the clip holds only one (as drawing without the clip makes them).
    store(Cell(grapheme: grapheme, style: style, width: 2), x: x, y: y)
    store(Cell(grapheme: .space, style: style, width: 0), x: x + 1, y: y)
    return 2
  }

  /// Puts a grapheme of width 1 at (x, y), if the clip holds it (out of
  /// line: borders and `put(_:width:x:y:style:)` share one copy).
  @inline(never) mutating func putNarrow(_ grapheme: Grapheme, x: Int, y: Int, style: Style) {
    guard y >= clip.y, y < clip.maxY, x >= clip.x, x < clip.maxX else { return }
    store(Cell(grapheme: grapheme, style: style, width: 1), x: x, y: y)
  }

  /// Stores a cell into the buffer, blanking the other half of any wide
  /// grapheme it overwrites, and marks it (and its neighbours) as changed.
  @inline(__always) mutating func store(_ cell: Cell, x: Int, y: Int) {
    // (The neighbours too: the other half of a wide grapheme may be blanked.)
    changes.markChanged(row: y, from: max(0, x - 1), to: min(width, x + 2))
    grid.store(cell, x: x, y: y)
  }

  /// A horizontal run of one single-width grapheme from x0 through x1 (clipped).
  /// (Out of line: borders draw two per box, and one copy stays in the cache.)
  @inline(never) mutating func hline(_ g: Grapheme, from x0: Int, to x1: Int, y: Int, style: Style) {
    guard y >= clip.y, y < clip.maxY else { return }
    let a = max(x0, clip.x)
    let b = min(x1, clip.maxX - 1)
    guard a <= b else { return }
    store(Cell(grapheme: g, style: style, width: 1), x: a, y: y)
    store(Cell(grapheme: g, style: style, width: 1), x: b, y: y)
    changes.markChanged(row: y, from: a, to: b + 1)
    grid.setRun(Cell(grapheme: g, style: style, width: 1), row: y, columns: a...b)
  }

  /// Fills `rect` (clipped) with `grapheme` in `style`.
  public mutating func fill(_ rect: CellRect, with grapheme: Grapheme = .space, style: Style = .plain) {
    let r = rect.intersection(clip)
    guard !r.isEmpty else { return }
    changes.markChanged(r.y..<r.maxY, columns: max(0, r.x - 1)..<min(width, r.maxX + 1))
    grid.fill(r, with: Cell(grapheme: grapheme, style: style, width: 1))
  }

  /// Replaces the style of every cell of `rect` (within the clip) with
  /// `transform` of it; runs of one style are transformed once.
  public mutating func restyle(_ rect: CellRect, _ transform: (Style) -> Style) {
    let r = rect.intersection(clip)
    guard !r.isEmpty else { return }
    changes.markChanged(r.y..<r.maxY, columns: r.x..<r.maxX)
    grid.restyle(r, transform)
  }

  /// Draws `text` from (x, y) on one line, sanitised, within `maxWidth`
  /// columns (and the clip). Text that does not fit ends in an ellipsis.
  /// Returns the columns used.
  @discardableResult
  public mutating func draw(
    _ text: String, x: Int, y: Int, maxWidth: Int = .max, style: Style = .plain, ellipsis: Bool = true
  ) -> Int {
    guard maxWidth > 0, y >= clip.y, y < clip.maxY else { return 0 }
    let limit = min(maxWidth, extent.maxX - x)
    guard limit > 0 else { return 0 }
    // Fast path: printable ASCII that fits, stored as one run (the cells
    // storing each in turn gives: see `CellGrid.storeASCII`).
    if text.utf8.count <= limit,
      let used = text.utf8.withContiguousStorageIfAvailable({ drawASCII($0, x: x, y: y, style: style) }), let used
    {
      return used
    }
    let glyphs = TextLayout.glyphs(text)
    let total = glyphs.reduce(0) { $0 + $1.width }
    var budget = limit
    let truncated = total > limit
    if truncated && ellipsis { budget = limit - 1 }
    var cx = x
    for g in glyphs {
      if cx - x + g.width > budget { break }
      let grapheme = Grapheme(g.character)
      // A cluster too long to keep whole is kept as its first code point: draw that in its own width.
      let width = g.character.utf8.count > 15 ? max(1, DisplayWidth.of(grapheme.character)) : g.width
      put(grapheme, width: width, x: cx, y: y, style: style)
      cx += width
    }
    if truncated && ellipsis {
      put(Grapheme("…"), width: 1, x: cx, y: y, style: style)
      cx += 1
    }
    return cx - x
  }

  /// Draws `bytes` from (x, y) when they are all printable ASCII (one
  /// column each, already within the extent), returning the columns used;
  /// nil, drawing nothing, otherwise.
  @inline(__always) private mutating func drawASCII(_ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: Style)
    -> Int?
  {
    for b in bytes where b < 0x20 || b >= 0x7F { return nil }
    let from = max(x, clip.x)
    let to = min(x + bytes.count, clip.maxX)
    if from < to {
      // (What storing each cell marks: its neighbours too.)
      changes.markChanged(row: y, from: max(0, from - 1), to: min(width, to + 1))
      grid.storeASCII(UnsafeBufferPointer(rebasing: bytes[(from - x)...]), columns: from..<to, row: y, style: style)
    }
    return bytes.count
  }

}
