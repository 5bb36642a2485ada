import GridPlatform

/// The ids under which a terminal knows the pixel pictures on its screen:
/// shared by what draws (which writes each picture's id into its
/// placeholder cells) and the terminal (which sends a picture the first
/// time its id shows up in an update, and deletes it when it is gone).
///
/// The run loop makes one when the terminal shows pixels and sets it as the
/// frame's <doc:Surface/pixelImages>; drawing then asks sources for pixel
/// pictures and writes their placeholders. Images are held weakly: one no
/// longer held by any picture (dropped from its loader's cache and no
/// longer drawn) is released, and its id handed to the terminal to delete
/// (``takeReleasedIDs()``), then used again.
public final class PixelImageTable: Sendable {
  /// The size of one of the terminal's cells in pixels: what pictures are made for.
  public let cellSize: PixelSize
  /// The colours the terminal is driven with, which carry the ids: a
  /// true-colour terminal gives 16,777,215 ids, any other 255.
  public let colors: ColorSupport

  private struct Entry {
    weak var image: PixelImage?
    /// When its id was last asked for (a count of asks).
    var lastUse: UInt64
  }
  private struct State {
    var entries: [UInt32: Entry] = [:]
    var ids: [ObjectIdentifier: UInt32] = [:]
    var released: [UInt32] = []
    var next: UInt32 = 1
    var clock: UInt64 = 0
  }
  private let state = Locked(State())

  /// Whether a placeholder cell keeps the attributes of the cell it is
  /// drawn over (a focused card's reverse video), so that a picture's
  /// transparent parts show the same as the cells beside it: true where
  /// the terminal writes placeholder cells as blanks in their style under
  /// the picture (sixel, kitty's classic placements); false with kitty's
  /// Unicode placeholders, whose foreground carries the id (reversed, the
  /// id's colour would show), which keep the background colour alone.
  public let placeholdersTakeAttributes: Bool

  /// Creates a table for a terminal with cells of `cellSize` pixels and
  /// `colors`, whose placeholder cells keep the attributes they are drawn
  /// over when `placeholdersTakeAttributes`.
  public init(cellSize: PixelSize, colors: ColorSupport, placeholdersTakeAttributes: Bool = false) {
    self.cellSize = cellSize
    self.colors = colors
    self.placeholdersTakeAttributes = placeholdersTakeAttributes
  }

  /// The largest id.
  public var maximumID: UInt32 { colors == .trueColor ? 0xFF_FFFF : 0xFF }

  /// The id of `image`, given now if it has none; nil when every id is held
  /// by a live image (see ``id(for:sparing:)`` for taking one back).
  public func id(for image: PixelImage) -> UInt32? { id(for: image, sparingShown: [], reclaims: false) }

  /// The id of `image`, given now if it has none, never one of `inUse`
  /// (the ids a screen shows: a cell that still shows a released picture's
  /// id would show the new one's). When every other id is held by a live
  /// image, the one least recently asked for is taken from its image and
  /// given to this one: its former image, still cached but off the screen,
  /// gets an id again the next time it is drawn (and a kitty terminal is
  /// sent it again: the terminal's `PixelPictureWriter` sends an id anew when it names
  /// another image). So with the palette's 255 ids any number of pictures
  /// can be shown, up to 255 of them on the screen at once. Nil when all
  /// are in use.
  public func id(for image: PixelImage, sparing inUse: Set<UInt32>) -> UInt32? { id(for: image, sparingShown: inUse) }

  /// ``id(for:sparing:)``, the ids in use asked for only when a new id is
  /// given; without `reclaims`, nil when every id is held (``id(for:)``).
  func id(for image: PixelImage, sparingShown inUse: @autoclosure () -> Set<UInt32>, reclaims: Bool = true) -> UInt32? {
    let key = ObjectIdentifier(image)
    if let id = state.withLock({ s in Self.existingID(of: image, key: key, in: &s) }) { return id }
    let shown = inUse()
    let maximum = maximumID
    return state.withLock { s -> UInt32? in
      if let id = Self.existingID(of: image, key: key, in: &s) { return id }
      s.clock += 1
      var id = s.next
      var tried: UInt32 = 0
      var free = false
      while tried < maximum {
        if let entry = s.entries[id], entry.image == nil {
          // Dead but not yet swept: its id goes to the terminal to delete first.
          sweep(&s)
        }
        if s.entries[id] == nil, !shown.contains(id) {
          free = true
          break
        }
        id = id >= maximum ? 1 : id + 1
        tried += 1
      }
      if free {
        s.next = id >= maximum ? 1 : id + 1
      } else {
        guard reclaims else { return nil }
        // Every id is held: the one asked for least recently, of those no cell shows.
        var oldest: (id: UInt32, lastUse: UInt64)?
        for (held, entry) in s.entries where !shown.contains(held) && entry.lastUse < (oldest?.lastUse ?? .max) {
          oldest = (held, entry.lastUse)
        }
        guard let reclaimed = oldest?.id else { return nil }
        id = reclaimed
        // (Whatever held it, living or not yet swept, holds it no longer.)
        for (other, held) in s.ids where held == id { s.ids[other] = nil }
      }
      s.entries[id] = Entry(image: image, lastUse: s.clock)
      s.ids[key] = id
      return id
    }
  }

  /// The id `image` holds, counted as used now; nil when it holds none (an
  /// image that died at the same address has its id released).
  private static func existingID(of image: PixelImage, key: ObjectIdentifier, in s: inout State) -> UInt32? {
    guard let id = s.ids[key] else { return nil }
    if s.entries[id]?.image === image {
      s.clock += 1
      s.entries[id]?.lastUse = s.clock
      return id
    }
    release(id, key: key, in: &s)
    return nil
  }

  /// The image with `id`, while it lives.
  public func image(withID id: UInt32) -> PixelImage? {
    state.withLock { $0.entries[id]?.image }
  }

  /// The ids whose images are gone since the last call (for the terminal to
  /// delete); a new image may get one of them after this.
  public func takeReleasedIDs() -> [UInt32] {
    state.withLock { s in
      sweep(&s)
      defer { s.released.removeAll() }
      return s.released
    }
  }

  /// Releases the ids of dead images.
  private func sweep(_ s: inout State) {
    for (key, id) in s.ids where s.entries[id]?.image == nil {
      Self.release(id, key: key, in: &s)
    }
  }

  private static func release(_ id: UInt32, key: ObjectIdentifier, in s: inout State) {
    s.ids[key] = nil
    s.entries[id] = nil
    s.released.append(id)
  }
}

extension PixelImageTable: Equatable {
  /// The same table.
  public static func == (a: PixelImageTable, b: PixelImageTable) -> Bool { a === b }
}
