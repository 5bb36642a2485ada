/// An in-memory grid of cells that frames are drawn into, reused from frame
/// to frame. Every drawing call is clipped to ``clip`` and laid out within
/// ``extent`` (text that does not fit there ends in "…"); a wide grapheme is
/// never split: where only half of it would fit, a blank is drawn instead,
/// and overwriting either half of one blanks the other half.
public struct Surface: Sendable, Equatable {
  /// Width in cells.
  public private(set) var width: Int
  /// Height in cells.
  public private(set) var height: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// Drawing outside this rectangle is ignored. ``withClip(_:_:)`` narrows
  /// it; setting it sets ``extent`` too.
  public var clip: CellRect {
    get { changeable }
    set {
      changeable = newValue
      extent = newValue
    }
  }
  /// The rectangle drawing is laid out in: text is fitted to its right edge
  /// (ending in "…"), and a wide grapheme cut by its edges is drawn as a
  /// blank. It holds the clip; ``withClip(_:_:)`` narrows both, and
  /// ``withChangesConfined(to:_:)`` the clip alone, so that drawing part of
  /// a frame again gives there the cells drawing all of it gives.
  public private(set) var extent: CellRect
  /// The clip's storage.
  var changeable: CellRect
  /// Row scrolls made by ``scrollRows(_:by:)`` since the surface was last
  /// presented: a terminal replays them (scrolling the real screen) before it
  /// writes the cells that still differ.
  public private(set) var scrollHints: [ScrollHint] = []
  /// `changedColumns[y]` holds the columns of row `y` drawn into since
  /// ``markPresented()`` (empty when none): a terminal compares only those
  /// cells with the screen.
  public private(set) var changedColumns: [Range<Int>]
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
  public func rowChanged(_ y: Int) -> Bool { !changedColumns[y].isEmpty }

  /// Creates a blank surface.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = [Cell](repeating: .blank, count: self.width * self.height)
    changeable = CellRect(x: 0, y: 0, width: self.width, height: self.height)
    extent = changeable
    changedColumns = [Range<Int>](repeating: 0..<self.width, count: self.height)
  }

  /// Forgets the scroll hints and the changed rows: the surface is on screen.
  public mutating func markPresented() {
    scrollHints.removeAll(keepingCapacity: true)
    changedColumns.withUnsafeMutableBufferPointer { d in
      for y in d.indices { d[y] = 0..<0 }
    }
  }

  /// Marks columns `columns` of rows `rows` as drawn into.
  @inline(__always) mutating func markChanged(_ rows: Range<Int>, columns: Range<Int>) {
    changedColumns.withUnsafeMutableBufferPointer { d in
      for y in rows { d[y] = Self.union(d[y], columns) }
    }
  }

  /// Marks columns `lo..<hi` of row `y` as drawn into.
  @inline(__always) mutating func markChanged(row y: Int, from lo: Int, to hi: Int) {
    changedColumns.withUnsafeMutableBufferPointer { d in
      let old = d[y]
      d[y] = old.isEmpty ? lo..<hi : min(old.lowerBound, lo)..<max(old.upperBound, hi)
    }
  }

  @inline(__always) static func union(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
  }

  /// Two surfaces are equal when they show the same cells.
  public static func == (a: Surface, b: Surface) -> Bool {
    a.width == b.width && a.height == b.height && a.cells == b.cells
  }

  /// The whole surface as a rectangle.
  public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

  /// Changes the size, keeping the storage when it is large enough; the content becomes blank.
  public mutating func resize(width w: Int, height h: Int) {
    width = max(0, w)
    height = max(0, h)
    cursor = nil
    scrollHints.removeAll()
    changedColumns = [Range<Int>](repeating: 0..<width, count: height)
    let n = width * height
    if cells.count != n {
      cells = [Cell](repeating: .blank, count: n)
    } else {
      clear()
    }
    clip = bounds
  }

  /// Fills the whole surface (ignoring the clip) with blanks of `style`.
  public mutating func clear(style: Style = .plain) {
    let blank = Cell(grapheme: .space, style: style, width: 1)
    cells.withUnsafeMutableBufferPointer { buf in
      for i in buf.indices { buf[i] = blank }
    }
    markChanged(0..<height, columns: 0..<width)
    clip = bounds
  }

  /// Shifts whole rows `rows` up by `dy` rows (down when negative), as a
  /// terminal scrolls a region: rows that come into view are blank. Recorded
  /// in ``scrollHints``.
  public mutating func scrollRows(_ rows: Range<Int>, by dy: Int) {
    let r = max(0, rows.lowerBound)..<min(height, rows.upperBound)
    guard dy != 0, !r.isEmpty else { return }
    let w = width
    cells.withUnsafeMutableBufferPointer { Self.shiftRows(of: $0, width: w, rows: r, by: dy) }
    scrollHints.append(ScrollHint(rows: r, by: dy))
    markChanged(r, columns: 0..<w)
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
  @inlinable public subscript(x: Int, y: Int) -> Cell {
    cells[y * width + x]
  }

  /// Shifts rows `r` (within the grid) of a grid of cells `width` wide up
  /// by `dy` (down when negative), as a terminal scrolls a region; the rows
  /// that come in are blank. (A surface's scroll, and a screen's replay of it.)
  package static func shiftRows(of c: UnsafeMutableBufferPointer<Cell>, width w: Int, rows r: Range<Int>, by dy: Int) {
    if abs(dy) < r.count {
      if dy > 0 {
        for y in r.lowerBound..<(r.upperBound - dy) {
          for x in 0..<w { c[y * w + x] = c[(y + dy) * w + x] }
        }
      } else {
        for y in stride(from: r.upperBound - 1, through: r.lowerBound - dy, by: -1) {
          for x in 0..<w { c[y * w + x] = c[(y + dy) * w + x] }
        }
      }
    }
    let blankRows =
      dy > 0 ? max(r.lowerBound, r.upperBound - dy)..<r.upperBound : r.lowerBound..<min(r.upperBound, r.lowerBound - dy)
    for y in blankRows {
      for x in 0..<w { c[y * w + x] = .blank }
    }
  }

  /// Runs `body` with the clip and the extent narrowed to `rect` (within
  /// the current ones), then restores them.
  @discardableResult
  public mutating func withClip<R>(_ rect: CellRect, _ body: (inout Surface) throws -> R) rethrows -> R {
    let saved = (changeable, extent)
    changeable = changeable.intersection(rect)
    extent = extent.intersection(rect)
    defer { (changeable, extent) = saved }
    return try body(&self)
  }

  /// Runs `body` with the clip narrowed to `rect` and the extent as it is,
  /// then restores the clip: the cells inside `rect` come out as drawing
  /// without it would make them (text is fitted and cut where it would be),
  /// and those outside are left alone. A view redraws a changed item this
  /// way, and whatever overlaps it.
  @discardableResult
  public mutating func withChangesConfined<R>(to rect: CellRect, _ body: (inout Surface) throws -> R) rethrows -> R {
    let saved = changeable
    changeable = changeable.intersection(rect)
    defer { changeable = saved }
    return try body(&self)
  }

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

  /// Stores a cell, blanking the other half of any wide grapheme it overwrites.
  @inline(__always) mutating func store(_ cell: Cell, x: Int, y: Int) {
    let i = y * width + x
    // (The neighbours too: the other half of a wide grapheme may be blanked.)
    markChanged(row: y, from: max(0, x - 1), to: min(width, x + 2))
    cells.withUnsafeMutableBufferPointer { c in
      let oldWidth = c[i].width
      if oldWidth == 2, cell.width != 2, x + 1 < width {
        c[i + 1] = Cell(grapheme: .space, style: c[i + 1].style, width: 1)
      } else if oldWidth == 0, x > 0, cell.width != 0 {
        c[i - 1] = Cell(grapheme: .space, style: c[i - 1].style, width: 1)
      }
      c[i] = cell
    }
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
    let cell = Cell(grapheme: g, style: style, width: 1)
    let base = y * width
    markChanged(row: y, from: a, to: b + 1)
    cells.withUnsafeMutableBufferPointer { c in
      for x in a...b { c[base + x] = cell }
    }
  }

  /// Fills `rect` (clipped) with `grapheme` in `style`.
  public mutating func fill(_ rect: CellRect, with grapheme: Grapheme = .space, style: Style = .plain) {
    let r = rect.intersection(clip)
    guard !r.isEmpty else { return }
    let cell = Cell(grapheme: grapheme, style: style, width: 1)
    let w = width
    markChanged(r.y..<r.maxY, columns: max(0, r.x - 1)..<min(w, r.maxX + 1))
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

  /// Replaces the style of every cell of `rect` (within the clip) with
  /// `transform` of it; runs of one style are transformed once.
  public mutating func restyle(_ rect: CellRect, _ transform: (Style) -> Style) {
    let r = rect.intersection(clip)
    guard !r.isEmpty else { return }
    let w = width
    markChanged(r.y..<r.maxY, columns: r.x..<r.maxX)
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
    // Fast path: printable ASCII.
    if text.utf8.count <= limit, isPrintableASCII(text) {
      var cx = x
      let (from, to) = (clip.x, clip.maxX)
      for byte in text.utf8 {
        if cx >= from && cx < to { store(Cell(grapheme: Grapheme(ascii: byte), style: style, width: 1), x: cx, y: y) }
        cx += 1
      }
      return cx - x
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

  @inline(__always) func isPrintableASCII(_ s: String) -> Bool {
    for b in s.utf8 where b < 0x20 || b >= 0x7F { return false }
    return true
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
