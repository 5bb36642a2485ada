/// A picture as character cells: what an image becomes on a terminal
/// (block symbols in two colours each, made by `TermGridImages`' rasterizer,
/// or by anything else). Drawn like text, it goes through the same diff
/// and flush as everything else on the surface.
public struct Picture: Equatable, Sendable {
  /// Width in cells.
  public let width: Int
  /// Height in cells.
  public let height: Int
  /// The cells, row by row (`width * height` of them, each one column wide).
  public let cells: [Cell]

  /// Creates a picture from `width * height` cells, row by row. A cell that
  /// is not one printable column wide is drawn as a blank in its colours.
  public init(width: Int, height: Int, cells: [Cell]) {
    let width = max(0, width)
    let height = max(0, height)
    precondition(cells.count == width * height, "a picture of \(width)x\(height) needs \(width * height) cells")
    self.width = width
    self.height = height
    self.cells = cells.map { $0.width == 1 ? $0 : Cell(grapheme: .space, style: $0.style, width: 1) }
  }

  /// A picture of one colour (a placeholder).
  public init(width: Int, height: Int, color: Color) {
    let cell = Cell(grapheme: .space, style: Style(background: color), width: 1)
    self.init(width: width, height: height, cells: [Cell](repeating: cell, count: max(0, width) * max(0, height)))
  }

  /// The cell at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

  /// The memory its cells take, for a cache's budget.
  public var byteCount: Int { cells.count * MemoryLayout<Cell>.stride }
}

extension Surface {
  /// Draws `picture` with its top-left cell at (x, y), within the clip,
  /// with `attributes` added to every cell (the focus's reverse video, say).
  public mutating func draw(_ picture: Picture, x: Int, y: Int, adding attributes: TextAttributes = []) {
    let area = CellRect(x: x, y: y, width: picture.width, height: picture.height).intersection(clip)
    guard !area.isEmpty else { return }
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX {
        var cell = picture.cells[(row - y) * picture.width + (column - x)]
        if !attributes.isEmpty { cell.style.attributes.formUnion(attributes) }
        store(cell, x: column, y: row)
      }
    }
  }
}
