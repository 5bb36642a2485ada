import Synchronization

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
  }
  private struct State {
    var entries: [UInt32: Entry] = [:]
    var ids: [ObjectIdentifier: UInt32] = [:]
    var released: [UInt32] = []
    var next: UInt32 = 1
  }
  private let state = Mutex(State())

  /// Creates a table for a terminal with cells of `cellSize` pixels and `colors`.
  public init(cellSize: PixelSize, colors: ColorSupport) {
    self.cellSize = cellSize
    self.colors = colors
  }

  /// The largest id.
  public var maximumID: UInt32 { colors == .trueColor ? 0xFF_FFFF : 0xFF }

  /// The id of `image`, given now if it has none; nil when every id is held
  /// by a live image (the picture is then drawn in symbols).
  public func id(for image: PixelImage) -> UInt32? {
    let maximum = maximumID
    return state.withLock { s -> UInt32? in
      let key = ObjectIdentifier(image)
      if let id = s.ids[key] {
        if s.entries[id]?.image === image { return id }
        // An image that died at the same address: its id is released.
        Self.release(id, key: key, in: &s)
      }
      var id = s.next
      var tried: UInt32 = 0
      while let entry = s.entries[id] {
        if entry.image == nil {
          // Dead but not yet swept: its id goes to the terminal to delete first.
          sweep(&s)
          if s.entries[id] == nil { break }
        }
        id = id >= maximum ? 1 : id + 1
        tried += 1
        if tried >= maximum { return nil }
      }
      s.next = id >= maximum ? 1 : id + 1
      s.entries[id] = Entry(image: image)
      s.ids[key] = id
      return id
    }
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
