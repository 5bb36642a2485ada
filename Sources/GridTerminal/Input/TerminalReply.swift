/// A terminal's answer to one of the queries a ``TerminalProbe`` sends:
/// parsed from the bytes the input decoder takes for a reply, never
/// delivered as keys.
public enum TerminalReply: Hashable, Sendable {
  /// Primary device attributes (DA1, `ESC [ ? 62 ; 4 ; 22 c`): the numbers
  /// after the `?`. Attribute 4 is sixel graphics. Parsed as integers, so
  /// `?62;22c` (Ghostty) is not read as sixel.
  case deviceAttributes([Int])
  /// The terminal's name and version (XTVERSION, `ESC P > | kitty(0.35.2) ESC \`).
  case version(String)
  /// The answer to a kitty graphics command (`ESC _ G i=31;OK ESC \`): its
  /// image id and whether it said OK.
  case kittyGraphics(id: Int, ok: Bool)
  /// The size of one character cell in pixels (`ESC [ 6 ; height ; width t`).
  case cellSize(width: Int, height: Int)
  /// The size of the text area in pixels (`ESC [ 4 ; height ; width t`).
  case windowSize(width: Int, height: Int)

  /// The reply in `bytes` (a whole reply, from its `ESC`), or nil when they
  /// are not one of these.
  public init?(_ bytes: some Collection<UInt8>) {
    let b = Array(bytes)
    guard b.count >= 3, b[0] == 0x1B else { return nil }
    switch b[1] {
    case 0x5B:  // CSI
      guard let final = b.last else { return nil }
      var body = b[2..<(b.count - 1)]
      if final == UInt8(ascii: "c"), body.first == UInt8(ascii: "?") {
        body = body.dropFirst()
        guard let numbers = Self.numbers(body) else { return nil }
        self = .deviceAttributes(numbers)
      } else if final == UInt8(ascii: "t"), let n = Self.numbers(body), n.count == 3, n[0] == 6 || n[0] == 4 {
        self = n[0] == 6 ? .cellSize(width: n[2], height: n[1]) : .windowSize(width: n[2], height: n[1])
      } else {
        return nil
      }
    case 0x50:  // DCS: > | text ST
      guard b.count >= 6, b[2] == UInt8(ascii: ">"), b[3] == UInt8(ascii: "|"), let end = Self.stringEnd(b) else {
        return nil
      }
      let text = String(decoding: b[4..<end], as: UTF8.self)
      self = .version(String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    case 0x5F:  // APC: G keys ; message ST
      guard b.count >= 5, b[2] == UInt8(ascii: "G"), let end = Self.stringEnd(b) else { return nil }
      let text = String(decoding: b[3..<end], as: UTF8.self)
      let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      var id: Int?
      for pair in parts[0].split(separator: ",") {
        let kv = pair.split(separator: "=", maxSplits: 1)
        if kv.count == 2, kv[0] == "i" { id = Int(kv[1]) }
      }
      guard let id else { return nil }
      self = .kittyGraphics(id: id, ok: parts.count == 2 && parts[1] == "OK")
    default:
      return nil
    }
  }

  /// Numbers separated by `;`, an empty one skipped (kitty says `?62;c`);
  /// nil when anything else is there.
  static func numbers(_ body: ArraySlice<UInt8>) -> [Int]? {
    var result: [Int] = []
    for part in body.split(separator: UInt8(ascii: ";")) {
      guard part.count <= 9, part.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      result.append(part.reduce(0) { $0 * 10 + Int($1 - 0x30) })
    }
    return result
  }

  /// Where a string's terminator (BEL or `ESC \`) begins, if it ends the bytes.
  static func stringEnd(_ b: [UInt8]) -> Int? {
    if b.last == 0x07 { return b.count - 1 }
    if b.count >= 2, b[b.count - 2] == 0x1B, b[b.count - 1] == 0x5C { return b.count - 2 }
    return nil
  }
}
