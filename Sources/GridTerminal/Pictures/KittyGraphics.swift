import GridRender

/// The kitty graphics protocol's commands, as TermGrid writes them: a picture
/// is transmitted once under an image id, placed virtually, and shown by
/// writing placeholder characters into its cells, so the cell diff scrolls,
/// clips and covers it like text and nothing is sent again while it scrolls.
/// (libchafa 1.12's kitty output carries no image id and no placeholders, so
/// it cannot be re-placed or deleted by id: this encoder is TermGrid's own.)
///
/// The placeholder cells themselves are <doc:/GridRender/PixelPlaceholder>'s,
/// drawn into the surface like any text.
public enum KittyGraphics {
  /// The most bytes of base64 one transmission chunk carries.
  public static let chunkSize = 4096

  /// Transmits `png` (a PNG file's bytes) as image `id`, quietly (`q=2`: no
  /// answers), in chunks of at most ``chunkSize`` base64 bytes (`m=1` on
  /// every chunk but the last), one command a chunk.
  public static func transmit(png: [UInt8], id: UInt32) -> [[UInt8]] {
    chunks(base64(png), firstKeys: "a=t,q=2,f=100,t=d,i=\(id)")
  }

  /// Transmits `image` as image `id`: its PNG when it has one, else its raw
  /// RGBA pixels (`f=32`), one command a chunk.
  public static func transmit(_ image: PixelImage, id: UInt32) -> [[UInt8]] {
    if !image.png.isEmpty { return transmit(png: image.png, id: id) }
    return chunks(base64(image.rgba), firstKeys: "a=t,q=2,f=32,s=\(image.width),v=\(image.height),t=d,i=\(id)")
  }

  /// `payload` in commands of at most ``chunkSize`` bytes, the first with `firstKeys`.
  private static func chunks(_ payload: [UInt8], firstKeys: String) -> [[UInt8]] {
    var out: [[UInt8]] = []
    var start = 0
    repeat {
      let end = min(payload.count, start + chunkSize)
      let more = end < payload.count ? 1 : 0
      let keys = start == 0 ? "\(firstKeys),m=\(more)" : "m=\(more)"
      out.append(command(keys, payload: payload[start..<end]))
      start = end
    } while start < payload.count
    return out
  }

  /// Places image `id` virtually over `columns` x `rows` cells: the
  /// placeholder cells written into the text show it.
  public static func placeVirtually(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    command("a=p,U=1,q=2,i=\(id),c=\(columns),r=\(rows)", payload: [])
  }

  /// Places `cells` (in its cells) of `image`, sent as image `id`, at the
  /// cursor under placement id `placement`: a classic placement, for a
  /// terminal without Unicode placeholders (kitty before 0.28). The
  /// piece's pixels (`x`, `y`, `w`, `h`) fill exactly its cells (`c`, `r`);
  /// the cursor stays where it is (`C=1`), and nothing is answered (`q=2`).
  public static func place(_ image: PixelImage, id: UInt32, placement: UInt32, cells: CellRect) -> [UInt8] {
    let cell = image.cellSize
    return command(
      "a=p,q=2,C=1,i=\(id),p=\(placement),x=\(cells.x * cell.width),y=\(cells.y * cell.height),w=\(cells.width * cell.width),h=\(cells.height * cell.height),c=\(cells.width),r=\(cells.height)",
      payload: [])
  }

  /// Deletes placement `placement` of image `id`, keeping the image.
  public static func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
    command("a=d,d=i,q=2,i=\(id),p=\(placement)", payload: [])
  }

  /// Deletes image `id` and its placements (when it leaves the picture cache).
  public static func delete(id: UInt32) -> [UInt8] {
    command("a=d,d=I,q=2,i=\(id)", payload: [])
  }

  /// `command` wrapped for tmux's passthrough (each ESC doubled).
  public static func passthrough(_ command: [UInt8]) -> [UInt8] {
    Array("\u{1B}Ptmux;".utf8) + command.flatMap { $0 == 0x1B ? [0x1B, 0x1B] : [$0] } + Array("\u{1B}\\".utf8)
  }

  /// `ESC _ G keys ; payload ESC \`.
  static func command(_ keys: String, payload: ArraySlice<UInt8>) -> [UInt8] {
    var out = Array("\u{1B}_G".utf8) + Array(keys.utf8)
    if !payload.isEmpty {
      out.append(UInt8(ascii: ";"))
      out += payload
    }
    return out + Array("\u{1B}\\".utf8)
  }

  /// Standard base64 with padding.
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
      let n = min(3, bytes.count - i)
      let b0 = UInt32(bytes[i])
      let b1 = n > 1 ? UInt32(bytes[i + 1]) : 0
      let b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
      let v = b0 << 16 | b1 << 8 | b2
      out.append(table[Int(v >> 18 & 63)])
      out.append(table[Int(v >> 12 & 63)])
      out.append(n > 1 ? table[Int(v >> 6 & 63)] : UInt8(ascii: "="))
      out.append(n > 2 ? table[Int(v & 63)] : UInt8(ascii: "="))
      i += 3
    }
    return out
  }
}
