import Foundation
import GridRender
import TermGridImages
import TermGridTesting
import Testing

/// image-grid in a real xterm started as a VT340 (under Xvfb), on sample
/// photographs: it asks the terminal, finds sixel, and shows photographs,
/// not mosaics; nothing is left behind after PgDn, an overlay opened and
/// closed, or a resize (each screenshot equals the one taken after Ctrl-L
/// writes the whole screen anew); in symbol mode, no cell holds more than
/// two colours.
@Suite(.serialized) struct ImageGridPixelsTests {
  /// The sample photographs (scripts/sample-photos puts them there).
  static var photos: String {
    ProcessInfo.processInfo.environment["TERMGRID_SAMPLE_PHOTOS"]
      ?? (ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")) + "/termgrid/sample-photos"
  }

  /// A folder of `count` photographs (the samples again under numbered names).
  static func folder(count: Int) throws -> String {
    let samples = try FileManager.default.contentsOfDirectory(atPath: photos).filter { !$0.hasPrefix(".") }.sorted()
    try #require(samples.count >= 10, "sample photographs in \(photos): run scripts/sample-photos")
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tg-photos-\(getpid())").path
    try? FileManager.default.removeItem(atPath: root)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for i in 0..<count {
      let name = samples[i % samples.count]
      try FileManager.default.copyItem(atPath: photos + "/" + name, toPath: root + String(format: "/%03d-", i) + name)
    }
    return root
  }

  /// How many blocks of `cell` pixels in the picture hold more than 16 colours (a photograph's cells do; symbols' hold two).
  static func photographicCells(_ png: [UInt8], cell: (width: Int, height: Int)) throws -> Int {
    try #require(cell.width > 0 && cell.height > 0, "a cell of \(cell.width)x\(cell.height) pixels")
    let shot = try ImageDecoder().decode(png)
    var count = 0
    for top in stride(from: 0, to: shot.height - cell.height, by: cell.height) {
      for left in stride(from: 0, to: shot.width - cell.width, by: cell.width) {
        var colors = Set<UInt32>()
        for y in top..<(top + cell.height) {
          for x in left..<(left + cell.width) {
            let p = shot[x, y]
            colors.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
          }
        }
        if colors.count > 16 { count += 1 }
      }
    }
    return count
  }

  /// The screenshot's pixels once the screen and the program's CPU time
  /// have stayed the same for a second and a half (pictures are made in the
  /// background, with the screen unchanged meanwhile).
  static func settled(_ xterm: XtermSession, _ what: String) throws -> Bitmap {
    var last: (shot: Bitmap, ticks: Int?)?
    var same = 0
    try XtermSession.wait(for: what, timeout: 120) {
      let now = (shot: try ImageDecoder().decode(try xterm.screenshot()), ticks: xterm.programCPUTicks())
      // (A tick of CPU for the screenshot's own redraw, at most.)
      let quiet = last.map { $0.shot == now.shot && abs(($0.ticks ?? 0) - (now.ticks ?? 0)) <= 1 } ?? false
      same = quiet ? same + 1 : 0
      last = now
      if same >= 3 { return true }
      usleep(500_000)
      return false
    }
    return last!.shot
  }

  /// Where the screenshots of a failed comparison are written.
  static let failures = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-xterm-failures").path

  /// Ctrl-L writes the whole screen anew: what was shown before it must be what is shown after.
  static func expectNothingLeftBehind(_ xterm: XtermSession, after what: String) throws {
    let before = try settled(xterm, what)
    try xterm.keys("ctrl+l")
    let after = try settled(xterm, "the screen written anew after \(what)")
    var differing = 0
    for i in stride(from: 0, to: before.pixels.count, by: 4) where before.pixels[i..<(i + 3)] != after.pixels[i..<(i + 3)] {
      differing += 1
    }
    #expect(before.width == after.width && before.height == after.height)
    #expect(differing == 0, "after \(what), \(differing) pixels differ from the screen written anew (see \(failures))")
    if differing > 0 {
      try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
      let name = what.replacingOccurrences(of: " ", with: "-")
      try? Data(before.pngData()).write(to: URL(fileURLWithPath: "\(failures)/\(name)-before.png"))
      try? Data(after.pngData()).write(to: URL(fileURLWithPath: "\(failures)/\(name)-after.png"))
    }
  }

  static func start(_ folder: String, pictures: String? = nil, columns: Int = 120, rows: Int = 40) throws -> XtermSession {
    try #require(XtermSession.isAvailable, "xterm, Xvfb, xdotool and ImageMagick: run scripts/setup --tests")
    var env = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": NSTemporaryDirectory()]
    if let pictures { env["TERMGRID_PICTURES"] = pictures }
    let binary = TmuxSession.productsDirectory.appendingPathComponent("image-grid").path
    return try XtermSession(command: [binary, folder], columns: columns, rows: rows, environment: env)
  }

  /// The size of a character cell in pixels, once the window has its
  /// size: under load the window manager's first answer can come before
  /// xterm has sized its window to its columns and rows (a cell of 0 pixels
  /// then stopped a run), so it is asked until every cell is at least 4x6.
  static func cellSize(_ xterm: XtermSession, columns: Int, rows: Int) throws -> (width: Int, height: Int) {
    var cell = (width: 0, height: 0)
    try XtermSession.wait(for: "the window's size", timeout: 60) {
      let size = try xterm.pixelSize()
      cell = (size.width / columns, size.height / rows)
      return cell.width >= 4 && cell.height >= 6
    }
    return cell
  }

  @Test func photographsInSixelAndNothingLeftBehind() throws {
    let folder = try Self.folder(count: 60)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let xterm = try Self.start(folder)
    defer { xterm.close() }
    let cell = try Self.cellSize(xterm, columns: 120, rows: 40)
    // The terminal answered as a VT340 (sixel) and the thumbnails came in as photographs.
    var photographic = 0
    try XtermSession.wait(for: "photographs on screen", timeout: 60) {
      photographic = try Self.photographicCells(try xterm.screenshot(), cell: cell)
      return photographic >= 100
    }
    try Self.expectNothingLeftBehind(xterm, after: "the first screen")
    try xterm.keys("Next")
    try Self.expectNothingLeftBehind(xterm, after: "PgDn")
    try xterm.keys("Next", "Next")
    try Self.expectNothingLeftBehind(xterm, after: "two more PgDn")
    try xterm.keys("Prior")
    try Self.expectNothingLeftBehind(xterm, after: "PgUp")
    try xterm.keys("Return")
    try XtermSession.wait(for: "the full view's photograph", timeout: 60) {
      try Self.photographicCells(try xterm.screenshot(), cell: cell) >= 400
    }
    try xterm.keys("Escape")
    try Self.expectNothingLeftBehind(xterm, after: "the full view opened and closed")
    try xterm.resize(columns: 90, rows: 30)
    try Self.expectNothingLeftBehind(xterm, after: "a resize to 90x30")
    try xterm.resize(columns: 2, rows: 2)
    _ = try Self.settled(xterm, "2x2")
    try xterm.resize(columns: 120, rows: 40)
    try Self.expectNothingLeftBehind(xterm, after: "a resize to 2x2 and back")
    #expect(try Self.photographicCells(try xterm.screenshot(), cell: cell) >= 100)
  }

  @Test func symbolsWhenForcedAreMosaics() throws {
    let folder = try Self.folder(count: 20)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let xterm = try Self.start(folder, pictures: "symbols")
    defer { xterm.close() }
    let cell = try Self.cellSize(xterm, columns: 120, rows: 40)
    let shot = try Self.settled(xterm, "the thumbnails in symbols")
    #expect(try Self.photographicCells(shot.pngData(), cell: cell) == 0)
  }
}
