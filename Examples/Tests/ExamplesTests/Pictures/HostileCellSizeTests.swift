import Foundation
import GridPlatform
import TermGridImages
import TermGridTesting
import Testing

/// A terminal's word on the size of its cells sizes nothing past what a
/// terminal can have: image-grid under a 1 GiB data limit, told by its
/// terminal (the answer to `CSI 16 t`, or the window's size in pixels) that
/// a cell is 10,000 x 10,000 pixels, 999,999,999 each way, 1,000 x 2,000,
/// 200 x 400 (in a window of 120 x 40 cells, 24,000 pixels wide), or that
/// the window is 65,535 pixels each way (sixel forced), shows its
/// thumbnails in symbols, opens the full view, and quits with status 0;
/// told 10 x 20, it draws sixel. (Before the cell size was bounded, these
/// asked for pictures of up to 43 GB, or overflowed an integer.) Each
/// run's peak memory is printed.
@Suite(.serialized) struct HostileCellSizeTests {
  static let dataLimit = 1 << 30

  /// A folder of twelve small pictures.
  static func makeFolder() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tg-cell-sizes-\(getpid())").path
    try? FileManager.default.removeItem(atPath: root)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for i in 0..<12 {
      let picture = ImageGridTests.halves(width: 120 + i * 20, height: 90 + i * 10)
      try Data(picture.jpegData()).write(to: URL(fileURLWithPath: root + String(format: "/%02d.jpg", i)))
    }
    return root
  }

  /// image-grid on `folder` in a 120 x 40 pseudo-terminal, under the data limit.
  static func start(_ folder: String, environment: [String: String] = [:], windowPixels: (width: Int, height: Int)? = nil) throws
    -> PseudoTerminalSession
  {
    var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": NSTemporaryDirectory()]
    env.merge(environment) { $1 }
    return try PseudoTerminalSession(
      ["/bin/sh", "-c", "ulimit -d \(dataLimit / 1024); exec \"$0\" \"$1\"", ImageGridTests.binary, folder], columns: 120, rows: 40,
      environment: env, windowPixels: windowPixels)
  }

  /// Waits (at most `timeout` seconds) until the output since `from` holds `needle`.
  static func wait(for needle: String, in session: PseudoTerminalSession, from: Int = 0, timeout: Double = 60) throws {
    let bytes = Array(needle.utf8)
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      session.drain()
      if session.output.count >= from, Self.find(bytes, in: session.output[from...]) { return }
      if session.hasExited { break }
      usleep(20_000)
    }
    throw TmuxSession.Failure(
      description: "no \(needle.debugDescription) within \(timeout) s (exited: \(session.exitStatus.map(String.init) ?? "no"))")
  }

  static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
    guard let first = needle.first, haystack.count >= needle.count else { return false }
    var i = haystack.startIndex
    while let start = haystack[i...].firstIndex(of: first) {
      if start + needle.count > haystack.endIndex { return false }
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
      i = start + 1
    }
    return false
  }

  /// Thumbnails in symbols (a block symbol of a picture's edge) and no
  /// sixel: then the full view and back, then q, which must end the
  /// program with status 0. Returns its peak memory in MB.
  static func expectSymbolsAndAQuit(_ session: PseudoTerminalSession, after start: Int, what: String) throws -> Int {
    // (The thumbnails' edges: sextants or quadrants of red on blue.)
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      session.drain()
      let text = String(decoding: session.output[start...], as: UTF8.self)
      if text.unicodeScalars.filter({ (0x2596...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value) }).count >= 12 {
        break
      }
      if session.hasExited { break }
      usleep(50_000)
    }
    session.type(Array("\r".utf8))
    usleep(300_000)
    session.type([0x1B])
    usleep(300_000)
    let memory = (session.peakMemory ?? 0) >> 20
    session.type(Array("q".utf8))
    let status = session.waitForExit(timeout: 30)
    let text = String(decoding: session.output[start...], as: UTF8.self)
    #expect(!text.contains("\u{1B}P0;1;0q") && !text.contains("\u{1B}_Ga=t"), "\(what): no pixels")
    #expect(
      text.unicodeScalars.contains { (0x2596...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value) },
      "\(what): the thumbnails in symbols")
    #expect(status != nil && session.exitCode == 0, "\(what): quit with status 0, not \(session.exitStatus.map(String.init) ?? "running")")
    print("\(what): peak memory \(memory) MB")
    return memory
  }

  @Test(arguments: [
    ("10000 x 10000, sixel", "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[6;10000;10000t\u{1B}[?63;1;2;4;6;9;15;22c"),
    ("999999999 each way, kitty", "\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;999999999;999999999t\u{1B}[?62;c"),
    ("1000 x 2000, sixel", "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[6;2000;1000t\u{1B}[?63;1;2;4;6;9;15;22c"),
    ("200 x 400 in 120 x 40 cells, sixel", "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[6;400;200t\u{1B}[?63;1;2;4;6;9;15;22c"),
    ("200 x 400 in 120 x 40 cells, kitty 0.26", "\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;400;200t\u{1B}[?62;c"),
  ])
  func aCellSizeByReplyPastWhatATerminalHasDrawsSymbols(what: String, answer: String) throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let session = try Self.start(folder)
    // The queries (DA1 last), then the terminal's answers.
    try Self.wait(for: "\u{1B}[c", in: session)
    let start = session.output.count
    session.type(Array(answer.utf8))
    _ = try Self.expectSymbolsAndAQuit(session, after: start, what: what)
  }

  @Test(arguments: [
    ("a window of 65535 x 65535 pixels", 65535, 65535),
    ("cells of 200 x 400 pixels by the window", 24000, 16000),
  ])
  func aCellSizeByTheWindowPastWhatATerminalHasDrawsSymbols(what: String, width: Int, height: Int) throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let session = try Self.start(folder, environment: ["TERMGRID_PICTURES": "sixel"], windowPixels: (width, height))
    _ = try Self.expectSymbolsAndAQuit(session, after: 0, what: what + ", sixel forced")
  }

  /// The same app told cells of 10 x 20, by the window or by a reply: sixel.
  @Test func aCellSizeATerminalHasDrawsPixels() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let session = try Self.start(folder, environment: ["TERMGRID_PICTURES": "sixel"], windowPixels: (1200, 800))
    try Self.wait(for: "\u{1B}P0;1;0q\"1;1;", in: session)
    session.type(Array("q".utf8))
    session.waitForExit(timeout: 30)
    #expect(session.exitCode == 0)
    let byReply = try Self.start(folder)
    try Self.wait(for: "\u{1B}[c", in: byReply)
    let start = byReply.output.count
    byReply.type(Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?63;1;2;4;6;9;15;22c".utf8))
    try Self.wait(for: "\u{1B}P0;1;0q\"1;1;", in: byReply, from: start)
    byReply.type(Array("q".utf8))
    byReply.waitForExit(timeout: 30)
    #expect(byReply.exitCode == 0)
  }
}
