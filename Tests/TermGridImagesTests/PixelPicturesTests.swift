import Foundation
import GridRender
import TermGridTesting
import Testing

@testable import GridTerminal
@testable import TermGrid
@testable import TermGridImages

/// Pictures in pixels from the loader to the terminal's bytes: a kitty
/// terminal is sent each picture once per size, under an id its
/// placeholder cells carry, nothing again while it scrolls or is scrolled
/// back to, and a deletion when the cache drops it; a sixel terminal is
/// sent each picture when it arrives and again only when its cells change.
@Suite struct PixelPicturesTests {
  typealias Pictures = PictureLoaderTests.Pictures

  /// A decoder of flat two-colour pictures, one shade per path.
  static let decode: PictureLoader.Decode = { file, _, _ throws(ImageDecodingError) in
    let path = String(decoding: file)
    let shade = UInt8(truncatingIfNeeded: path.utf8.reduce(0) { $0 &+ Int($1) } &* 37)
    return Bitmap(width: 40, height: 40) { _, y in y < 20 ? (shade, 0, 0, 255) : (0, 0, shade, 255) }
  }

  static let cell = PixelSize(width: 4, height: 8)

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// The ids of the transmissions (`a=t`) in kitty's commands, in order.
  static func transmittedIDs(_ bytes: [UInt8]) -> [Int] {
    text(bytes).matches(of: /a=t,[^;\u{1B}]*?i=(\d+)/).compactMap { Int($0.output.1) }
  }
  static func deletedIDs(_ bytes: [UInt8]) -> [Int] {
    text(bytes).matches(of: /a=d,d=I,q=2,i=(\d+)/).compactMap { Int($0.output.1) }
  }

  /// The ids the screen's placeholder cells show.
  static func shownIDs(_ screen: Surface) -> Set<Int> {
    var ids = Set<Int>()
    for y in 0..<screen.height {
      for x in 0..<screen.width {
        if let d = PixelPlaceholder.decode(screen[x, y]) { ids.insert(Int(d.id)) }
      }
    }
    return ids
  }

  /// Sends `keys`, then runs until every picture asked for is made and drawn.
  static func run(_ loop: TerminalRunLoop, _ terminal: HeadlessTerminal, _ loader: PictureLoader, keys: Key...) throws {
    terminal.pendingEvents += keys.map { .key($0) }
    let deadline = Date().addingTimeInterval(30)
    repeat {
      try loop.run(untilIdle: true)
      if !loader.hasPendingResults { break }
      usleep(1000)
    } while Date() < deadline
    try loop.run(untilIdle: true)
  }

  @Test func kittyPicturesAreSentOncePerPictureAndDeletedWhenTheCacheDropsThem() throws {
    // Room for about three screens of pictures.
    let loader = PictureLoader(cacheByteLimit: 120_000, decode: Self.decode)
    let app = Pictures(loader: loader, paths: (0..<400).map { "p\($0)" })
    let terminal = HeadlessTerminal(
      width: 40, height: 10, capabilities: TerminalCapabilities(colors: .trueColor, pictures: .kitty, cellPixelSize: Self.cell))
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try Self.run(loop, terminal, loader)

    let visible = app.collectionView.indexPathsForVisibleItems.count
    let first = Self.transmittedIDs(terminal.pictureOutput)
    #expect(first.count == visible, "one transmission per picture on screen")
    #expect(Set(first).count == first.count, "each under its own id")
    #expect(Self.shownIDs(terminal.screen) == Set(first), "the placeholders show those ids")
    #expect(Self.text(terminal.pictureOutput).contains("a=p,U=1,q=2,i=\(first[0]),c=8,r=4"))
    #expect(!terminal.screen.text.contains("P0"), "no placeholder title: the pictures are in")

    // Scrolling down sends the new pictures once; back up sends nothing.
    terminal.pictureOutput = []
    try Self.run(loop, terminal, loader, keys: Key(.pageDown))
    let second = Self.transmittedIDs(terminal.pictureOutput)
    #expect(!second.isEmpty && Set(second).isDisjoint(with: first))
    #expect(Set(second).count == second.count)
    terminal.pictureOutput = []
    try Self.run(loop, terminal, loader, keys: Key(.pageUp))
    #expect(Self.transmittedIDs(terminal.pictureOutput).isEmpty, "pictures scrolled back to are not sent again")
    #expect(Self.shownIDs(terminal.screen) == Set(first))

    // Far down, the cache drops the first pictures: the terminal deletes them, and nothing else.
    terminal.pictureOutput = []
    for _ in 0..<8 { try Self.run(loop, terminal, loader, keys: Key(.pageDown)) }
    let deleted = Self.deletedIDs(terminal.pictureOutput)
    #expect(!deleted.isEmpty)
    #expect(Set(deleted).isDisjoint(with: Self.shownIDs(terminal.screen)), "no picture on screen is deleted")
    #expect(loader.cachedBytes <= 120_000)
  }

  /// Whether every cell of the screen but the scroll bar's column and the
  /// status line is a picture's placeholder or a blank in the default
  /// colours (the fill beside a picture): no picture is in symbols.
  static func everyPictureIsInPixels(_ screen: Surface) -> Bool {
    for y in 0..<(screen.height - 1) {
      for x in 0..<(screen.width - 1) {
        let cell = screen[x, y]
        if PixelPlaceholder.isPlaceholder(cell) { continue }
        if cell.grapheme != .space || cell.style.background != .default || cell.style.foreground != .default { return false }
      }
    }
    return true
  }

  /// Where only the palette carries ids (inside tmux without RGB: 255 of
  /// them), ids are taken back from pictures that left the screen: through
  /// 400 pictures, all of them kept in the cache, every picture on screen
  /// is in pixels, under an id of its own.
  @Test func moreThan255PicturesWithPaletteIDsAreAllShownInPixels() throws {
    let loader = PictureLoader(decode: Self.decode)
    let app = Pictures(loader: loader, paths: (0..<400).map { "p\($0)" })
    let terminal = HeadlessTerminal(
      width: 40, height: 10, capabilities: TerminalCapabilities(colors: .indexed256, pictures: .kitty, cellPixelSize: Self.cell))
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try Self.run(loop, terminal, loader)
    var transmitted = Set<Int>()
    var pages = 0
    while true {
      let shown = Self.shownIDs(terminal.screen)
      #expect(!shown.isEmpty && shown.allSatisfy { $0 >= 1 && $0 <= 255 })
      let inPixels = Self.everyPictureIsInPixels(terminal.screen)
      #expect(inPixels, "page \(pages): every picture on screen in pixels")
      transmitted.formUnion(Self.transmittedIDs(terminal.pictureOutput))
      let last = app.collectionView.indexPathsForVisibleItems.contains(IndexPath(item: 399, section: 0))
      if last || pages > 60 { break }
      terminal.pictureOutput = []
      try Self.run(loop, terminal, loader, keys: Key(.pageDown))
      pages += 1
    }
    #expect(pages > 30, "through all 400")
    #expect(loader.cachedBytes > 0 && transmitted.count == 255, "every palette id used, and used again")
    // An id sent again for another picture is deleted first.
    terminal.pictureOutput = []
    try Self.run(loop, terminal, loader, keys: Key(.home))
    let inPixels = Self.everyPictureIsInPixels(terminal.screen)
    #expect(inPixels)
    let text = Self.text(terminal.pictureOutput)
    for id in Self.transmittedIDs(terminal.pictureOutput) {
      let sent = text.range(of: "a=t,q=2,f=")
      let deleted = text.range(of: "a=d,d=I,q=2,i=\(id)\u{1B}")
      #expect(sent != nil && deleted != nil, "id \(id) deleted before it is sent again")
    }
  }

  /// Outside tmux, kitty reads a 24-bit colour whatever `TERM` says: ids go past 255 under a TERM of 256 colours.
  @Test func kittyOutsideTmuxTakes24BitIDsWhateverTheTerminalsColours() throws {
    let loader = PictureLoader(decode: Self.decode)
    let app = Pictures(loader: loader, paths: (0..<400).map { "p\($0)" })
    let terminal = HeadlessTerminal(
      width: 40, height: 10,
      capabilities: TerminalCapabilities(colors: .indexed256, pictures: .kitty, cellPixelSize: Self.cell, placeholderColors: .trueColor))
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try Self.run(loop, terminal, loader)
    for _ in 0..<80 where !app.collectionView.indexPathsForVisibleItems.contains(IndexPath(item: 399, section: 0)) {
      try Self.run(loop, terminal, loader, keys: Key(.pageDown))
    }
    let inPixels = Self.everyPictureIsInPixels(terminal.screen)
    #expect(inPixels)
    #expect(Self.shownIDs(terminal.screen).allSatisfy { $0 > 255 }, "new ids, not palette entries taken back")
    #expect(Set(Self.transmittedIDs(terminal.pictureOutput)).count > 255)
    #expect(Self.deletedIDs(terminal.pictureOutput).isEmpty, "nothing taken back")
  }

  @Test func sixelPicturesAreDrawnWhenTheyArriveAndAgainOnlyWhenTheirCellsChange() throws {
    let loader = PictureLoader(decode: Self.decode)
    let app = Pictures(loader: loader, paths: (0..<100).map { "p\($0)" })
    let terminal = HeadlessTerminal(
      width: 40, height: 10,
      capabilities: TerminalCapabilities(colors: .trueColor, scrollsRegions: false, pictures: .sixel, cellPixelSize: Self.cell))
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try Self.run(loop, terminal, loader)
    let initial = Self.text(terminal.pictureOutput)
    let count = initial.components(separatedBy: "\u{1B}P0;1;0q").count - 1
    let visible = app.collectionView.indexPathsForVisibleItems.count
    // Each picture at least once; the last row's, cut by the screen's edge, in one piece.
    #expect(count >= visible && count <= visible * 2, "\(count) images for \(visible) pictures")

    // A frame that changes nothing sends nothing.
    terminal.pictureOutput = []
    try loop.drawFrame(force: true)
    #expect(terminal.pictureOutput.isEmpty)

    // The focus moves: the two pictures' cells take and lose the focus's reverse video (which the
    // pictures' transparent parts show), and the two are written again, as they were made.
    try Self.run(loop, terminal, loader, keys: Key(.right))
    let moved = Self.text(terminal.pictureOutput)
    #expect(moved.components(separatedBy: "\u{1B}P0;1;0q").count - 1 == 2)
    let images = moved.components(separatedBy: "\u{1B}P0;1;0q").dropFirst().map { $0.components(separatedBy: "\u{1B}\\")[0] }
    #expect(images.allSatisfy { initial.contains($0) }, "the same images")
    terminal.pictureOutput = []

    // A page down draws the pictures now on screen, each placed at its cells.
    try Self.run(loop, terminal, loader, keys: Key(.pageDown))
    let text = Self.text(terminal.pictureOutput)
    #expect(text.contains("\u{1B}P0;1;0q"))
    for position in text.matches(of: /\u{1B}\[(\d+);(\d+)H\u{1B}P/) {
      let (row, column) = (Int(position.output.1)! - 1, Int(position.output.2)! - 1)
      #expect(PixelPlaceholder.isPlaceholder(terminal.screen[column, row]), "a picture at (\(column), \(row)) is over its cells")
    }
  }
}
