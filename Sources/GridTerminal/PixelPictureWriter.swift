import GridRender

/// What a terminal that shows pixels writes besides the cells of a
/// ``FrameUpdate``: kept by the terminal from frame to frame.
///
/// The frame's pictures are its placeholder cells (see
/// <doc:/GridRender/PixelPlaceholder>), which the ``Screen`` diffs like any
/// text. With the kitty graphics protocol the cells are written as they
/// are, and ``kittyCommands(for:insideTmux:)`` gives what goes before them:
/// each picture sent the first time its id shows up (and again only if the
/// id now names another picture), and deleted once it is released. With
/// sixel, the placeholder cells are written as blanks
/// (``sixelBlank(for:)``) and ``sixels(for:)`` gives what goes after them:
/// each picture any of whose cells changed, drawn again over its cells
/// that show it, in as few rectangles of whole cells as cover them.
public struct PixelPictureWriter {
  private struct Sent {
    weak var image: PixelImage?
  }
  /// The table the ids come from.
  private var table: PixelImageTable?
  /// The pictures a kitty terminal holds, by id.
  private var sent: [UInt32: Sent] = [:]
  /// The sixel encoder.
  public var encoder = SixelEncoder()

  /// Creates a writer for a terminal that holds no pictures.
  public init() {}

  /// How many pictures a kitty terminal holds now.
  public var sentCount: Int { sent.count }

  /// Kitty: deletes what was released, then sends the pictures whose ids
  /// the update's changes show for the first time; each command wrapped in
  /// tmux's passthrough `insideTmux`.
  public mutating func kittyCommands(for update: FrameUpdate, insideTmux: Bool) -> [UInt8] {
    var out: [UInt8] = []
    func add(_ command: [UInt8]) { out += insideTmux ? KittyGraphics.passthrough(command) : command }
    let now = update.frame.pixelImages
    if now !== table {
      // Another table's ids: what the terminal holds is no longer drawn.
      for id in sent.keys.sorted() { add(KittyGraphics.delete(id: id)) }
      sent.removeAll()
      table = now
    }
    guard let table = now else { return out }
    for id in table.takeReleasedIDs() where sent.removeValue(forKey: id) != nil {
      add(KittyGraphics.delete(id: id))
    }
    var lastID: UInt32 = 0
    for change in update.changes where PixelPlaceholder.isPlaceholder(change.cell) {
      guard let id = PixelPlaceholder.id(in: change.cell), id != lastID else { continue }
      lastID = id
      guard let image = table.image(withID: id), sent[id]?.image !== image else { continue }
      if sent[id] != nil { add(KittyGraphics.delete(id: id)) }
      for command in KittyGraphics.transmit(image, id: id) { add(command) }
      add(KittyGraphics.placeVirtually(id: id, columns: image.columns, rows: image.rows))
      sent[id] = Sent(image: image)
    }
    return out
  }

  /// Kitty: deletes every picture sent (when the program ends, so that the
  /// terminal does not keep them), and forgets them.
  public mutating func deleteAll(insideTmux: Bool) -> [UInt8] {
    defer {
      sent.removeAll()
      table = nil
    }
    return sent.keys.sorted().flatMap { id in
      insideTmux ? KittyGraphics.passthrough(KittyGraphics.delete(id: id)) : KittyGraphics.delete(id: id)
    }
  }

  /// Sixel: what a placeholder cell is written as (a blank in its background).
  public static func sixelBlank(for cell: Cell) -> Cell {
    Cell(grapheme: .space, style: Style(background: cell.style.background), width: 1)
  }

  /// Sixel: the pictures to draw after the update's cells, as the cursor
  /// moves and sixel images to write: every placement with a changed cell,
  /// cut to its cells that still show it.
  public func sixels(for update: FrameUpdate) -> [UInt8] {
    let frame = update.frame
    guard let table = frame.pixelImages else { return [] }
    // Each placement once: its id and its top-left cell (which may be off screen).
    var placements: [(id: UInt32, x: Int, y: Int)] = []
    var seen = Set<[Int]>()
    for change in update.changes where PixelPlaceholder.isPlaceholder(change.cell) {
      guard let (id, row, column) = PixelPlaceholder.decode(change.cell) else { continue }
      let key = [Int(id), change.x - column, change.y - row]
      if seen.insert(key).inserted { placements.append((id, change.x - column, change.y - row)) }
    }
    var out: [UInt8] = []
    for p in placements {
      guard let image = table.image(withID: p.id) else { continue }
      for piece in Self.visiblePieces(of: image, id: p.id, at: (p.x, p.y), in: frame) {
        let cell = image.cellSize
        out += Array("\u{1B}[\(p.y + piece.y + 1);\(p.x + piece.x + 1)H".utf8)
        out += encoder.encode(
          rgba: image.rgba, stride: image.width, x: piece.x * cell.width, y: piece.y * cell.height,
          width: piece.width * cell.width, height: piece.height * cell.height)
      }
    }
    return out
  }

  /// The cells of `image` (placed with its top-left cell at `origin`) that
  /// `frame` shows, as rectangles in the image's cells: rows with the same
  /// runs of visible columns are put together.
  public static func visiblePieces(of image: PixelImage, id: UInt32, at origin: (x: Int, y: Int), in frame: Surface) -> [CellRect] {
    var pieces: [CellRect] = []
    var open: [CellRect] = []  // the previous row's rectangles, still growing
    for row in 0..<image.rows {
      var runs: [Range<Int>] = []
      let y = origin.y + row
      if y >= 0, y < frame.height {
        var start: Int?
        for column in 0...image.columns {
          let x = origin.x + column
          var shows = false
          if column < image.columns, x >= 0, x < frame.width, let d = PixelPlaceholder.decode(frame[x, y]) {
            shows = d.id == id && d.row == row && d.column == column
          }
          if shows, start == nil { start = column }
          if !shows, let s = start {
            runs.append(s..<column)
            start = nil
          }
        }
      }
      if runs.count == open.count, zip(runs, open).allSatisfy({ $0.lowerBound == $1.x && $0.upperBound == $1.maxX }) {
        for i in open.indices { open[i].height += 1 }
      } else {
        pieces += open
        open = runs.map { CellRect(x: $0.lowerBound, y: row, width: $0.count, height: 1) }
      }
    }
    return pieces + open
  }
}
