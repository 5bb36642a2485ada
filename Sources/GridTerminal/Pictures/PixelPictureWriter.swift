import GridRender

/// What a terminal that shows pixels writes besides the cells of a
/// ``FrameUpdate``: kept by the terminal from frame to frame.
///
/// The frame's pictures are its placeholder cells (see
/// <doc:/GridRender/PixelPlaceholder>), which the ``Screen`` diffs like any
/// text. With the kitty graphics protocol's Unicode placeholders the cells
/// are written as they are, and ``kittyCommands(for:insideTmux:)`` gives
/// what goes before them: each picture sent the first time its id shows up
/// (and again only if the id now names another picture), and deleted once
/// it is released. With sixel, the placeholder cells are written as blanks
/// (``sixelBlank(for:)``) and ``sixels(for:)`` gives what goes after them:
/// each picture any of whose cells changed, drawn again over its cells
/// that show it, in as few rectangles of whole cells as cover them. With
/// kitty's classic placements (a kitty without placeholders), the cells are
/// written as blanks too, and ``kittyPlacements(for:)`` gives the
/// transmissions and the placements deleted before them, and the
/// placements made after them.
public struct PixelPictureWriter {
  struct Sent {
    weak var image: PixelImage?
  }
  /// The table the ids come from.
  var table: PixelImageTable?
  /// The pictures a kitty terminal holds, by id.
  var sent: [UInt32: Sent] = [:] {
    didSet { sentChangeCount &+= 1 }
  }
  /// A count that changes whenever the pictures a kitty terminal holds
  /// change: a terminal that keeps ``deletions(insideTmux:)`` ready for a
  /// signal's handler prepares them again when it does.
  public private(set) var sentChangeCount = 0
  /// The sixel encoder.
  public var encoder = SixelEncoder() {
    didSet { sixelCache = SixelCache(encoder: encoder, onReady: sixelCache.onReady) }
  }
  /// The sixel images made, and made on workers when ``sixelsInBackground``.
  var sixelCache: SixelCache
  /// Whether sixel images are made on worker threads (a frame is written
  /// without the pieces not made yet; ``lateSixels()`` gives them once made).
  public let sixelsInBackground: Bool
  /// Sixel pieces a frame showed and that were not made yet: written once
  /// made, unless their cells change first.
  var pendingSixels: [PendingSixel] = []
  /// Kitty's classic placements on the screen, by the picture's id and top-left cell.
  var placements: [PlacementKey: [Placement]] = [:]
  /// The next placement id.
  var nextPlacementID: UInt32 = 1
  /// The placeholder cells on the screen, kept from the updates (sixel and
  /// classic placements place pictures again over the cells that show them).
  var placeholders = PlaceholderCells()

  /// A sixel piece waiting to be made: the picture, the piece's cells in
  /// it, and where they are on the screen.
  struct PendingSixel {
    var job: SixelCache.Job
    var placement: PlacementKey
    var screen: CellRect
  }

  /// A picture placed on the screen: its id and where its top-left cell is (perhaps off screen).
  struct PlacementKey: Hashable {
    var id: UInt32
    var x: Int
    var y: Int
  }

  /// One classic placement: a piece of a picture (its cells) under a placement id.
  struct Placement: Equatable {
    var cells: CellRect
    var id: UInt32
  }

  /// Creates a writer for a terminal that holds no pictures. With
  /// `sixelsInBackground`, sixel images are made on worker threads and
  /// `whenSixelsAreReady` is called (on a worker) each time one is made,
  /// for the terminal to write ``lateSixels()`` without waiting for a key;
  /// otherwise each is made when a frame needs it.
  public init(sixelsInBackground: Bool = false, whenSixelsAreReady: @escaping @Sendable () -> Void = {}) {
    self.sixelsInBackground = sixelsInBackground
    sixelCache = SixelCache(onReady: whenSixelsAreReady)
  }

  /// How many pictures a kitty terminal holds now.
  public var sentCount: Int { sent.count }

  /// Kitty: deletes what was released, then sends the pictures whose ids
  /// the update's changes show for the first time; each command wrapped in
  /// tmux's passthrough `insideTmux`.
  public mutating func kittyCommands(for update: FrameUpdate, insideTmux: Bool) -> [UInt8] {
    var out: [UInt8] = []
    func add(_ command: [UInt8]) { out += insideTmux ? KittyGraphics.passthrough(command) : command }
    guard let table = takeTable(of: update, add: add) else { return out }
    var lastID: UInt32 = 0
    for change in update.changes where PixelPlaceholder.isPlaceholder(change.cell) {
      guard let id = PixelPlaceholder.id(in: change.cell), id != lastID else { continue }
      lastID = id
      guard let image = table.image(withID: id) else { continue }
      if transmit(image, id: id, add: add) {
        add(KittyGraphics.placeVirtually(id: id, columns: image.columns, rows: image.rows))
      }
    }
    return out
  }

  /// Kitty: takes the update's table (deleting what the terminal holds when
  /// it is another table's) and deletes the pictures it released. Nil when
  /// the frame has no table.
  mutating func takeTable(of update: FrameUpdate, add: ([UInt8]) -> Void) -> PixelImageTable? {
    let now = update.pixelImages
    if now !== table {
      // Another table's ids: what the terminal holds is no longer drawn.
      for id in sent.keys.sorted() { add(KittyGraphics.delete(id: id)) }
      sent.removeAll()
      placements.removeAll()
      table = now
    }
    guard let table = now else { return nil }
    for id in table.takeReleasedIDs() where sent.removeValue(forKey: id) != nil {
      add(KittyGraphics.delete(id: id))
      // (Deleting a picture deletes its placements.)
      placements = placements.filter { $0.key.id != id }
    }
    return table
  }

  /// Kitty: sends `image` as `id` unless the terminal holds it under that
  /// id already (deleting what the id named before); true when sent.
  mutating func transmit(_ image: PixelImage, id: UInt32, add: ([UInt8]) -> Void) -> Bool {
    guard sent[id]?.image !== image else { return false }
    if sent[id] != nil {
      add(KittyGraphics.delete(id: id))
      placements = placements.filter { $0.key.id != id }
    }
    for command in KittyGraphics.transmit(image, id: id) { add(command) }
    sent[id] = Sent(image: image)
    return true
  }

  /// Kitty: deletes every picture sent (when the program ends, so that the
  /// terminal does not keep them), and forgets them.
  public mutating func deleteAll(insideTmux: Bool) -> [UInt8] {
    defer {
      sent.removeAll()
      placements.removeAll()
      table = nil
    }
    return deletions(insideTmux: insideTmux)
  }

  /// Kitty: what deletes every picture the terminal holds now (for a
  /// terminal to write on a way out it cannot run code on, such as a
  /// signal), without forgetting them.
  public func deletions(insideTmux: Bool) -> [UInt8] {
    sent.keys.sorted().flatMap { id in
      insideTmux ? KittyGraphics.passthrough(KittyGraphics.delete(id: id)) : KittyGraphics.delete(id: id)
    }
  }

  /// Sixel and classic placements: what a placeholder cell is written as
  /// (a blank in its background and attributes, which the picture's
  /// transparent parts show).
  public static func sixelBlank(for cell: Cell) -> Cell {
    Cell(grapheme: .space, style: Style(background: cell.style.background, attributes: cell.style.attributes), width: 1)
  }

  /// The pictures whose placeholder cells the update changes, each once:
  /// its id and its top-left cell (which may be off screen).
  static func placementsChanged(by update: FrameUpdate) -> [PlacementKey] {
    var placements: [PlacementKey] = []
    var seen = Set<PlacementKey>()
    for change in update.changes where PixelPlaceholder.isPlaceholder(change.cell) {
      guard let (id, row, column) = PixelPlaceholder.decode(change.cell) else { continue }
      let key = PlacementKey(id: id, x: change.x - column, y: change.y - row)
      if seen.insert(key).inserted { placements.append(key) }
    }
    return placements
  }

  /// Which cells of the frame the update changes (or scrolls, or clears).
  static func changedCells(by update: FrameUpdate) -> ChangedCells {
    var changed = ChangedCells(width: update.width, height: update.height, all: update.clearsScreen)
    for hint in update.scrolls { changed.mark(rows: hint.rows) }
    for change in update.changes where !change.isUnchanged { changed.mark(x: change.x, y: change.y, width: max(1, Int(change.cell.width))) }
    return changed
  }

  /// Sixel: the pictures to draw after the update's cells, as the cursor
  /// moves and sixel images to write: every placement with a changed cell,
  /// cut to its cells that still show it. A piece whose sixel image is not
  /// made yet (with ``sixelsInBackground``) is left for ``lateSixels()``;
  /// pieces made since the last frame whose cells did not change are
  /// written now.
  public mutating func sixels(for update: FrameUpdate) -> [UInt8] {
    placeholders.apply(update)
    if !pendingSixels.isEmpty {
      let changed = Self.changedCells(by: update)
      pendingSixels.removeAll { changed.intersects($0.screen) }
    }
    guard let table = update.pixelImages else {
      pendingSixels.removeAll()
      return []
    }
    var out = lateSixels()
    for p in Self.placementsChanged(by: update) {
      guard let image = table.image(withID: p.id) else { continue }
      pendingSixels.removeAll { $0.placement == p }
      for piece in visiblePieces(of: image, id: p.id, at: (p.x, p.y)) {
        let job = SixelCache.Job(image: image, cells: piece)
        let screen = CellRect(x: p.x + piece.x, y: p.y + piece.y, width: piece.width, height: piece.height)
        if let made = sixelsInBackground ? sixelCache.sixel(for: job) : sixelCache.make(job) {
          Self.appendSixel(made, at: screen, to: &out)
        } else {
          pendingSixels.append(PendingSixel(job: job, placement: p, screen: screen))
        }
      }
    }
    if sixelsInBackground { sixelCache.want(pendingSixels.map(\.job)) }
    return out
  }

  /// Sixel: the pieces made since they were asked for whose cells still
  /// show them, as the cursor moves and sixel images to write (after the
  /// last frame's cells: the terminal writes them between frames).
  public mutating func lateSixels() -> [UInt8] {
    var out: [UInt8] = []
    pendingSixels.removeAll { pending in
      guard let made = sixelCache.sixel(for: pending.job) else { return false }
      Self.appendSixel(made, at: pending.screen, to: &out)
      return true
    }
    return out
  }

  /// Sixel: whether pieces a frame showed are still being made.
  public var hasPendingSixels: Bool { !pendingSixels.isEmpty }

  /// The cursor moved to `screen`'s top-left cell, then `sixel`.
  static func appendSixel(_ sixel: [UInt8], at screen: CellRect, to out: inout [UInt8]) {
    out += Array("\u{1B}[\(screen.y + 1);\(screen.x + 1)H".utf8)
    out += sixel
  }

  /// The cells of `image` (placed with its top-left cell at `origin`) that
  /// `frame` shows, as rectangles in the image's cells: rows with the same
  /// runs of visible columns are put together.
  public static func visiblePieces(of image: PixelImage, id: UInt32, at origin: (x: Int, y: Int), in frame: Surface) -> [CellRect] {
    visiblePieces(of: image, id: id, at: origin, width: frame.width, height: frame.height) { x, y in
      PixelPlaceholder.decode(frame[x, y])
    }
  }

  /// The cells of `image` placed at `origin` that the screen shows now, as
  /// the placeholder cells kept from the updates say (see ``visiblePieces(of:id:at:in:)``).
  func visiblePieces(of image: PixelImage, id: UInt32, at origin: (x: Int, y: Int)) -> [CellRect] {
    Self.visiblePieces(of: image, id: id, at: origin, width: placeholders.width, height: placeholders.height) { x, y in
      placeholders.piece(x: x, y: y)
    }
  }

  /// The pieces of `image` placed at `origin` on a screen `width` x `height`
  /// whose cells show, as `piece` says, which picture piece they hold.
  static func visiblePieces(
    of image: PixelImage, id: UInt32, at origin: (x: Int, y: Int), width: Int, height: Int,
    piece: (Int, Int) -> (id: UInt32, row: Int, column: Int)?
  ) -> [CellRect] {
    var pieces: [CellRect] = []
    var open: [CellRect] = []  // the previous row's rectangles, still growing
    for row in 0..<image.rows {
      var runs: [Range<Int>] = []
      let y = origin.y + row
      if y >= 0, y < height {
        var start: Int?
        for column in 0...image.columns {
          let x = origin.x + column
          var shows = false
          if column < image.columns, x >= 0, x < width, let d = piece(x, y) {
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

/// Which cells of a frame an update touches.
struct ChangedCells {
  let width: Int
  let height: Int
  private let all: Bool
  private var cells: [Bool]

  init(width: Int, height: Int, all: Bool) {
    self.width = width
    self.height = height
    self.all = all
    cells = all ? [] : [Bool](repeating: false, count: max(0, width * height))
  }

  mutating func mark(x: Int, y: Int, width w: Int) {
    guard !all, y >= 0, y < height else { return }
    for column in stride(from: max(0, x), to: min(width, x + w), by: 1) { cells[y * width + column] = true }
  }

  mutating func mark(rows: Range<Int>) {
    for y in rows { mark(x: 0, y: y, width: width) }
  }

  /// Whether any cell of `rect` (on the screen) was touched.
  func intersects(_ rect: CellRect) -> Bool {
    if all { return true }
    for y in stride(from: max(0, rect.y), to: min(height, rect.maxY), by: 1) {
      for x in stride(from: max(0, rect.x), to: min(width, rect.maxX), by: 1) where cells[y * width + x] { return true }
    }
    return false
  }
}
