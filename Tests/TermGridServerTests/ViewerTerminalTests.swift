import Foundation
import TermGrid
import TermGridTesting
import Testing

@testable import TermGridServer

/// Each viewer's session follows their own terminal: one whose terminal
/// answers the picture queries as kitty does and sends `COLORTERM` gets
/// pictures in pixels and 24-bit colours; one that answers as a sixel
/// terminal gets sixels; another, which answers nothing and sends no
/// `COLORTERM`, gets pictures in symbols and 256 colours. Each runs the
/// real OpenSSH client on a pseudo-terminal of its own.
@Suite struct ViewerTerminalTests {
  /// Cards with a picture each and a title in an RGB colour.
  final class Swatches: CollectionViewController {
    /// One picture of each size, kept (the terminal's table of pictures
    /// holds them weakly, as a loader's cache would).
    final class Source: PictureSource {
      var made: [String: Picture] = [:]
      func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? {
        Picture(width: width, height: height, color: .rgb(30, 120, 200))
      }
      func picture(width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture? {
        let key = "\(width)x\(height)@\(cellPixels.width)x\(cellPixels.height)"
        if let picture = made[key] { return picture }
        let image = PixelImage(
          columns: width, rows: height, cellSize: cellPixels,
          rgba: [UInt8](repeating: 180, count: width * cellPixels.width * height * cellPixels.height * 4))
        let picture = Picture(
          width: width, height: height, cells: [Cell](repeating: .blank, count: width * height), pixels: image)
        made[key] = picture
        return picture
      }
    }
    let source = Source()
    init() { super.init(layout: FlowLayout(itemSize: Size(width: 16, height: 6))) }
    override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { 6 }
    override func collectionView(_: CollectionView, cellForItemAt p: IndexPath) -> ElementContent {
      ElementContent(
        title: "Swatch \(p.item)", border: .rounded, titleColor: .rgb(200, 80, 40), picture: CellPicture(source))
    }
  }

  @Test func eachViewerGetsWhatTheirTerminalShows() throws {
    let fixture = try ServerFixture(makeScene: { _ in Swatches() })
    let base = ["PATH": "/usr/bin:/bin", "HOME": fixture.folder.path, "LANG": "C.UTF-8", "TERM": "xterm-256color"]
    var kittyEnvironment = base
    kittyEnvironment["COLORTERM"] = "truecolor"
    // (A pseudo-terminal's program is started by its path.)
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    let ssh = try #require(path.map { "\($0)/ssh" }.first { FileManager.default.isExecutableFile(atPath: $0) })
    func command(_ extra: [String]) -> [String] { [ssh] + fixture.ssh(extra).dropFirst() }
    let kitty = try PseudoTerminalSession(
      command(["-tt", "-o", "SendEnv=COLORTERM"]), columns: 80, rows: 24, environment: kittyEnvironment,
      windowPixels: (800, 480))
    let plain = try PseudoTerminalSession(command(["-tt"]), columns: 80, rows: 24, environment: base)
    let sixel = try PseudoTerminalSession(
      command(["-tt"]), columns: 80, rows: 24, environment: base, windowPixels: (800, 480))
    defer {
      kitty.signal(SIGKILL)
      plain.signal(SIGKILL)
      sixel.signal(SIGKILL)
    }
    func text(_ session: PseudoTerminalSession) -> String { String(decoding: session.output, as: UTF8.self) }
    var answered = (kitty: false, sixel: false)
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      kitty.drain()
      plain.drain()
      sixel.drain()
      if !answered.kitty, text(kitty).contains("\u{1B}_Gi=31") {
        answered.kitty = true
        kitty.type(
          Array("\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c".utf8))
      }
      if !answered.sixel, text(sixel).contains("\u{1B}_Gi=31") {
        // A sixel terminal (xterm as a VT340): no answer to kitty's query,
        // its cell size, and device attributes with 4 (sixel).
        answered.sixel = true
        sixel.type(Array("\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?63;1;2;4;6;9;15;22c".utf8))
      }
      if text(kitty).contains("a=t,q=2,f=32"), text(plain).contains("Swatch 5"), text(sixel).contains("\u{1B}P0;1;0q") {
        break
      }
      usleep(20_000)
    }
    // Give the plain viewer's queries time to be given up on, and its symbols drawn.
    let settle = Date().addingTimeInterval(2)
    while Date() < settle {
      plain.drain()
      usleep(20_000)
    }
    let (k, p) = (text(kitty), text(plain))
    let pixels = k.contains("a=t,q=2,f=32")
    let trueColour = k.contains("38;2;200;80;40")
    let plainSymbols = p.contains("Swatch 5")
    let plainPixels = p.contains("a=t,")
    let plainTrueColour = p.contains("38;2;")
    let plain256 = p.contains("38;5;")
    #expect(pixels, "the kitty viewer got pictures in pixels")
    #expect(trueColour, "and 24-bit colours (COLORTERM)")
    #expect(plainSymbols)
    #expect(!plainPixels, "the other viewer got no pixels")
    #expect(!plainTrueColour, "nor 24-bit colours")
    #expect(plain256)
    let sixels = text(sixel).contains("\u{1B}P0;1;0q")
    #expect(sixels, "the sixel viewer got pictures in sixels (made off the session's thread, written late)")
    #expect(!text(sixel).contains("a=t,"))
    #expect(fixture.server.sessionCount == 3)
  }
}
