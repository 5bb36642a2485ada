import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// The terminal is asked how it shows pictures only by a program that
/// draws one, once, after the first frame that did; until it answers,
/// pictures show as placeholders, never in symbols that pixels replace.
@Suite struct PictureSupportRequestTests {
  /// Counts what its pictures are asked for.
  final class Counting: PictureSource {
    var asked: [String] = []
    func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? {
      asked.append("symbols")
      return Picture(width: width, height: height, color: .red)
    }
    func picture(width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture? {
      asked.append("pixels")
      let image = PixelImage(
        columns: width, rows: height, cellSize: cellPixels,
        rgba: [UInt8](repeating: 255, count: width * cellPixels.width * height * cellPixels.height * 4))
      return Picture(width: width, height: height, cells: [Cell](repeating: .blank, count: width * height), pixels: image)
    }
  }

  /// A grid whose items may have pictures.
  final class Pictures: CollectionViewController {
    let source = Counting()
    let withPictures: Bool
    init(withPictures: Bool) {
      self.withPictures = withPictures
      super.init(layout: FlowLayout(itemSize: Size(width: 12, height: 6)))
    }
    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      ElementContent(title: "Photo \(indexPath.item)", border: .single, picture: withPictures ? CellPicture(source) : nil)
    }
  }

  @Test func aProgramWithoutPicturesNeverAsks() throws {
    let terminal = HeadlessTerminal(width: 60, height: 20, capabilities: TerminalCapabilities(colors: .trueColor, picturesPending: true))
    terminal.send(keys: Key(.right), Key(.right))
    try TerminalRunLoop(terminal: terminal, scene: Pictures(withPictures: false)).run(untilIdle: true)
    #expect(terminal.pictureSupportRequests == 0)
  }

  @Test func theFirstFrameWithAPictureAsksOnceAndPixelsComeWithoutSymbolsBefore() throws {
    let app = Pictures(withPictures: true)
    let terminal = HeadlessTerminal(width: 60, height: 20, capabilities: TerminalCapabilities(colors: .trueColor, picturesPending: true))
    // The terminal answers (kitty, cells of 10x20) a few frame intervals after it was asked.
    var waitsAfterAsking = 0
    defer { terminal.onWait = nil }  // it holds the terminal
    terminal.onWait = { _ in
      guard terminal.pictureSupportRequests > 0 else { return }
      waitsAfterAsking += 1
      if waitsAfterAsking == 3 {
        terminal.capabilities = TerminalCapabilities(
          colors: .trueColor, pictures: .kitty, cellPixelSize: PixelSize(width: 10, height: 20))
      }
    }
    terminal.send(keys: Key(.right))
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try loop.run(untilIdle: true)
    #expect(terminal.pictureSupportRequests == 1, "asked once")
    #expect(waitsAfterAsking >= 3, "the loop looked for the answer though nothing else was pending")
    #expect(!app.source.asked.isEmpty && app.source.asked.allSatisfy { $0 == "pixels" }, "no symbols before the pixels")
    // More keys: still asked once.
    terminal.send(keys: Key(.left), Key(.right))
    try loop.run(untilIdle: true)
    #expect(terminal.pictureSupportRequests == 1)
  }

  /// While the answer is owed, a picture's place shows its placeholder
  /// (its title on a colour), and its source is not asked.
  @Test func placeholdersShowWhileTheAnswerIsOwed() throws {
    let app = Pictures(withPictures: true)
    let terminal = HeadlessTerminal(width: 60, height: 20, capabilities: TerminalCapabilities(colors: .trueColor, picturesPending: true))
    var whileOwed: (text: String, asked: [String])?
    defer { terminal.onWait = nil }  // it holds the terminal
    terminal.onWait = { _ in
      guard terminal.pictureSupportRequests > 0, whileOwed == nil else { return }
      whileOwed = (terminal.text, app.source.asked)
      // Answered: symbols (no pixels on this terminal).
      terminal.capabilities = TerminalCapabilities(colors: .trueColor, pictures: .symbols)
    }
    try TerminalRunLoop(terminal: terminal, scene: app).run(untilIdle: true)
    #expect(terminal.pictureSupportRequests == 1)
    #expect(whileOwed?.asked == [] && whileOwed?.text.contains("Photo 0") == true)
    #expect(!app.source.asked.isEmpty && app.source.asked.allSatisfy { $0 == "symbols" })
  }
}
