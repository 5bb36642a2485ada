import GridRender

extension PixelPictureWriter {
  /// Kitty with classic placements (a kitty without Unicode placeholders,
  /// such as 0.26): the placeholder cells are written as blanks (as for
  /// sixel, ``sixelBlank(for:)``), and each picture whose cells changed is
  /// placed again over the cells that show it, in as few rectangles of
  /// whole cells as cover them, each a placement with an id of its own.
  ///
  /// `before` goes before the cells: pictures sent the first time they
  /// show (once each, as with placeholders), pictures released deleted, and
  /// the placements of pictures whose cells changed deleted (scrolled,
  /// moved, covered by an overlay or an animation, or gone). `after` goes
  /// after them: the new placements, each at its cells (it moves the
  /// cursor). A picture whose cells did not change keeps its placements,
  /// and nothing is sent for it. When the update clears the screen (which
  /// deletes a kitty's placements, and its pictures held by no other), every
  /// picture shown is sent and placed again.
  public mutating func kittyPlacements(for update: FrameUpdate) -> (before: [UInt8], after: [UInt8]) {
    var before: [UInt8] = []
    var after: [UInt8] = []
    placeholders.apply(update)
    if update.clearsScreen {
      // Clearing the screen deletes a kitty's placements there and the pictures no other placement
      // holds (0.26 does): all are sent and placed again.
      sent.removeAll()
      placements.removeAll()
    }
    guard let table = takeTable(of: update, add: { before += $0 }) else { return (before, after) }
    let changed = Self.changedCells(by: update)
    var affected = Set(Self.placementsChanged(by: update))
    for (key, pieces) in placements where pieces.contains(where: { changed.intersects(Self.screenRect(of: $0.cells, at: key)) }) {
      affected.insert(key)
    }
    for key in affected.sorted(by: { ($0.y, $0.x, $0.id) < ($1.y, $1.x, $1.id) }) {
      let image = table.image(withID: key.id)
      let pieces = image.map { visiblePieces(of: $0, id: key.id, at: (key.x, key.y)) } ?? []
      let old = placements[key] ?? []
      if let image, old.map(\.cells) == pieces, sent[key.id]?.image === image { continue }
      for placement in old { before += KittyGraphics.deletePlacement(id: key.id, placement: placement.id) }
      placements[key] = nil
      guard let image, !pieces.isEmpty else { continue }
      _ = transmit(image, id: key.id, add: { before += $0 })
      placements[key] = pieces.map { cells in
        let placement = nextPlacementID
        nextPlacementID = placement == .max ? 1 : placement + 1
        let screen = Self.screenRect(of: cells, at: key)
        after += Array("\u{1B}[\(screen.y + 1);\(screen.x + 1)H".utf8)
        after += KittyGraphics.place(image, id: key.id, placement: placement, cells: cells)
        return Placement(cells: cells, id: placement)
      }
    }
    return (before, after)
  }

  /// Kitty with classic placements: how many placements the terminal shows now.
  public var placementCount: Int { placements.values.reduce(0) { $0 + $1.count } }

  /// Where `cells` (of a picture placed at `key`) are on the screen.
  static func screenRect(of cells: CellRect, at key: PlacementKey) -> CellRect {
    CellRect(x: key.x + cells.x, y: key.y + cells.y, width: cells.width, height: cells.height)
  }
}
