/// The kitty graphics protocol's commands, as TermGrid writes them: a picture
/// is transmitted once under an image id, placed virtually, and shown by
/// writing placeholder characters into its cells, so the cell diff scrolls,
/// clips and covers it like text and nothing is sent again while it scrolls.
/// (libchafa 1.12's kitty output carries no image id and no placeholders, so
/// it cannot be re-placed or deleted by id: this encoder is TermGrid's own.)
///
/// Not yet drawn by the curses terminal: the encoder comes first, with its
/// tests; drawing pictures with it is the next step.
public enum KittyGraphics {
  /// The placeholder character, U+10EEEE: a cell holding it (with a row and
  /// a column diacritic, the image id in its foreground colour) shows that
  /// cell of the image.
  public static let placeholder = Unicode.Scalar(0x10EEEE)!

  /// The diacritics that number rows and columns, in order: kitty's list
  /// (its `rowcolumn-diacritics.txt`, combining marks of class 230 with no
  /// decomposition from Unicode 6.0), 297 of them, so a picture has at most
  /// 297 rows and 297 columns of cells.
  public static let diacritics: [Unicode.Scalar] = {
    let ranges: [(UInt32, UInt32)] = [
      (0x0305, 0x0305), (0x030D, 0x030E), (0x0310, 0x0310), (0x0312, 0x0312), (0x033D, 0x033F), (0x0346, 0x0346),
      (
        0x034A,
        0x034C
      ), (0x0350, 0x0352), (0x0357, 0x0357), (0x035B, 0x035B), (0x0363, 0x036F), (0x0483, 0x0487), (0x0592, 0x0595),
      (0x0597, 0x0599), (0x059C, 0x05A1), (0x05A8, 0x05A9), (0x05AB, 0x05AC), (0x05AF, 0x05AF), (0x05C4, 0x05C4),
      (
        0x0610,
        0x0617
      ), (0x0657, 0x065B), (0x065D, 0x065E), (0x06D6, 0x06DC), (0x06DF, 0x06E2), (0x06E4, 0x06E4), (0x06E7, 0x06E8),
      (0x06EB, 0x06EC), (0x0730, 0x0730), (0x0732, 0x0733), (0x0735, 0x0736), (0x073A, 0x073A), (0x073D, 0x073D),
      (
        0x073F,
        0x0741
      ), (0x0743, 0x0743), (0x0745, 0x0745), (0x0747, 0x0747), (0x0749, 0x074A), (0x07EB, 0x07F1), (0x07F3, 0x07F3),
      (0x0816, 0x0819), (0x081B, 0x0823), (0x0825, 0x0827), (0x0829, 0x082D), (0x0951, 0x0951), (0x0953, 0x0954),
      (
        0x0F82,
        0x0F83
      ), (0x0F86, 0x0F87), (0x135D, 0x135F), (0x17DD, 0x17DD), (0x193A, 0x193A), (0x1A17, 0x1A17), (0x1A75, 0x1A7C),
      (0x1B6B, 0x1B6B), (0x1B6D, 0x1B73), (0x1CD0, 0x1CD2), (0x1CDA, 0x1CDB), (0x1CE0, 0x1CE0), (0x1DC0, 0x1DC1),
      (
        0x1DC3,
        0x1DC9
      ), (0x1DCB, 0x1DCC), (0x1DD1, 0x1DE6), (0x1DFE, 0x1DFE), (0x20D0, 0x20D1), (0x20D4, 0x20D7), (0x20DB, 0x20DC),
      (0x20E1, 0x20E1), (0x20E7, 0x20E7), (0x20E9, 0x20E9), (0x20F0, 0x20F0), (0x2CEF, 0x2CF1), (0x2DE0, 0x2DFF),
      (
        0xA66F,
        0xA66F
      ), (0xA67C, 0xA67D), (0xA6F0, 0xA6F1), (0xA8E0, 0xA8F1), (0xAAB0, 0xAAB0), (0xAAB2, 0xAAB3), (0xAAB7, 0xAAB8),
      (0xAABE, 0xAABF), (0xAAC1, 0xAAC1), (0xFE20, 0xFE26), (0x10A0F, 0x10A0F), (0x10A38, 0x10A38), (0x1D185, 0x1D189),
      (0x1D1AA, 0x1D1AD), (0x1D242, 0x1D244),
    ]
    return ranges.flatMap { $0.0...$0.1 }.compactMap(Unicode.Scalar.init)
  }()

  /// The most bytes of base64 one transmission chunk carries.
  public static let chunkSize = 4096

  /// The placeholder cell for `row` and `column` of a picture (each below
  /// ``diacritics``' count): the placeholder, then the row's and the
  /// column's diacritics, one grapheme cluster one cell wide.
  public static func placeholderCell(row: Int, column: Int) -> String {
    var s = String.UnicodeScalarView()
    s.append(placeholder)
    s.append(diacritics[row])
    s.append(diacritics[column])
    return String(s)
  }

  /// The foreground colour that carries an image id in a placeholder cell:
  /// its low 24 bits as red, green and blue.
  public static func idColor(_ id: UInt32) -> (red: UInt8, green: UInt8, blue: UInt8) {
    (UInt8((id >> 16) & 0xFF), UInt8((id >> 8) & 0xFF), UInt8(id & 0xFF))
  }

  /// Transmits `png` (a PNG file's bytes) as image `id`, quietly (`q=2`: no
  /// answers), in chunks of at most ``chunkSize`` base64 bytes (`m=1` on
  /// every chunk but the last).
  public static func transmit(png: [UInt8], id: UInt32) -> [UInt8] {
    let payload = base64(png)
    var out: [UInt8] = []
    var start = 0
    repeat {
      let end = min(payload.count, start + chunkSize)
      let more = end < payload.count ? 1 : 0
      let keys = start == 0 ? "a=t,q=2,f=100,t=d,i=\(id),m=\(more)" : "m=\(more)"
      out += command(keys, payload: payload[start..<end])
      start = end
    } while start < payload.count
    return out
  }

  /// Places image `id` virtually over `columns` x `rows` cells: the
  /// placeholder cells written into the text show it.
  public static func placeVirtually(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    command("a=p,U=1,q=2,i=\(id),c=\(columns),r=\(rows)", payload: [])
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
