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
  /// The same picture as pixels, for a terminal that shows them (nil: it
  /// has only its cells). A surface with <doc:Surface/pixelImages> draws
  /// these instead of the cells, unless the picture is fading.
  public let pixels: PixelImage?

  /// Creates a picture from `width * height` cells, row by row, and the
  /// same picture as `pixels` when it has them (of any size: it is centred
  /// in the area the picture is drawn in). A cell that is not one printable
  /// column wide is drawn as a blank in its colours.
  public init(width: Int, height: Int, cells: [Cell], pixels: PixelImage? = nil) {
    let width = max(0, width)
    let height = max(0, height)
    precondition(cells.count == width * height, "a picture of \(width)x\(height) needs \(width * height) cells")
    self.width = width
    self.height = height
    self.cells = cells.map { $0.width == 1 ? $0 : Cell(grapheme: .space, style: $0.style, width: 1) }
    self.pixels = pixels
  }

  /// A picture of one colour (a placeholder).
  public init(width: Int, height: Int, color: Color) {
    let cell = Cell(grapheme: .space, style: Style(background: color), width: 1)
    self.init(width: width, height: height, cells: [Cell](repeating: cell, count: max(0, width) * max(0, height)))
  }

  /// The cell at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

  /// The memory its cells and pixels take, for a cache's budget.
  public var byteCount: Int { cells.count * MemoryLayout<Cell>.stride + (pixels?.byteCount ?? 0) }
}

extension Surface {
  /// Draws `picture` with its top-left cell at (x, y), within the clip,
  /// with `attributes` added to every cell (the focus's reverse video, say).
  /// When the surface has ``pixelImages`` and the picture has
  /// ``Picture/pixels``, its pixels' placeholder cells are drawn instead
  /// (see ``drawPixels(_:x:y:background:)``), without `attributes`, on the
  /// cells already there. Returns true when it was drawn in pixels.
  @discardableResult
  public mutating func draw(_ picture: Picture, x: Int, y: Int, adding attributes: TextAttributes = []) -> Bool {
    notePictures()
    if let pixels = picture.pixels,
      drawPixels(pixels, x: x + (picture.width - pixels.columns) / 2, y: y + (picture.height - pixels.rows) / 2)
    {
      return true
    }
    let area = CellRect(x: x, y: y, width: picture.width, height: picture.height).intersection(clip)
    guard !area.isEmpty else { return false }
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX {
        var cell = picture.cells[(row - y) * picture.width + (column - x)]
        if !attributes.isEmpty { cell.style.attributes.formUnion(attributes) }
        store(cell, x: column, y: row)
      }
    }
    return false
  }
}

extension Surface {
  /// Draws `image` as its placeholder cells with its top-left cell at
  /// (x, y), within the clip: what a terminal that shows pixels turns into
  /// the picture. Each placeholder keeps the background of the cell it is
  /// drawn over (or takes `background` when that is not the default), and
  /// its attributes too where the table says placeholders take them
  /// (<doc:PixelImageTable/placeholdersTakeAttributes>): a picture's
  /// transparent parts (beside a picture narrower than its cells) then show
  /// the same as the cells around it, a focused card's reverse video
  /// included, and no sliver of another colour. Returns false, drawing nothing, when
  /// the surface has no ``pixelImages``, the image was made for cells of
  /// another size, it is larger than placeholders can number, or no id is
  /// free. A new id is never one that a cell of this surface shows, and
  /// when every id is held, one that no cell shows is taken back for it
  /// (``PixelImageTable/id(for:sparing:)``): with the palette's 255 ids, up
  /// to 255 pictures show at once.
  @discardableResult
  public mutating func drawPixels(_ image: PixelImage, x: Int, y: Int, background: Color = .default) -> Bool {
    guard let table = pixelImages, image.cellSize == table.cellSize, image.rows <= PixelPlaceholder.maximumSpan,
      image.columns <= PixelPlaceholder.maximumSpan,
      let id = table.id(for: image, sparingShown: pixelImageIDsShown())
    else { return false }
    let area = CellRect(x: x, y: y, width: image.columns, height: image.rows).intersection(clip)
    guard !area.isEmpty else { return true }
    let attributes = table.placeholdersTakeAttributes
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX {
        let under = self[column, row].style
        let cell = PixelPlaceholder.cell(
          id: id, row: row - y, column: column - x, colors: table.colors,
          background: background == .default ? under.background : background, attributes: attributes ? under.attributes : [])
        store(cell, x: column, y: row)
      }
    }
    return true
  }

  /// The ids of the pixel pictures whose placeholder cells the surface holds.
  func pixelImageIDsShown() -> Set<UInt32> {
    var ids = Set<UInt32>()
    for y in 0..<height {
      for x in 0..<width {
        let cell = self[x, y]
        if PixelPlaceholder.isPlaceholder(cell), let id = PixelPlaceholder.id(in: cell) { ids.insert(id) }
      }
    }
    return ids
  }

  /// Runs `body` with no ``pixelImages``, so that pictures are drawn in
  /// their cells (what a fading element is drawn with: placeholders cannot
  /// fade).
  public mutating func withoutPixels(_ body: (inout Surface) -> Void) {
    let table = pixelImages
    pixelImages = nil
    body(&self)
    pixelImages = table
  }
}
