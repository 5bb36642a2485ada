import Foundation
import GridLayout
import GridRender
import TermGridImages
import TermGridTesting
import Testing

@testable import image_grid

/// The picture browser: what it finds in a folder, its keys, and in a terminal.
@Suite(.serialized) struct ImageGridTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("image-grid").path }

  /// A red disc on blue (block symbols along its edge when made into cells).
  static func halves(width: Int, height: Int) -> Bitmap {
    let r = min(width, height) * 2 / 5
    return Bitmap(width: width, height: height) { x, y in
      let (dx, dy) = (x - width / 2, y - height / 2)
      return dx * dx + dy * dy < r * r ? (230, 20, 20, 255) : (20, 40, 230, 255)
    }
  }

  /// A folder made for a test: at the top a 4:3 JPEG, a broken JPEG and a
  /// text file; in "beach", a 4:3 JPEG, a 3:4 PNG and a square JPEG; in
  /// "beach/empty", nothing; a hidden file anywhere is not counted.
  static func makeFolder(_ name: String) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tg-image-grid-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: root)
    try FileManager.default.createDirectory(atPath: root + "/beach/empty", withIntermediateDirectories: true)
    func write(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + path)) }
    try write(halves(width: 160, height: 120).jpegData(), "harbour.jpg")
    try write(Array("not a picture at all".utf8), "broken.jpg")
    try write(Array("notes".utf8), "notes.txt")
    try write(Array("x".utf8), ".hidden.png")
    try write(halves(width: 120, height: 90).jpegData(), "beach/sunset 10.JPG")
    try write(halves(width: 90, height: 120).pngData(), "beach/dunes.png")
    try write(halves(width: 100, height: 100).jpegData(), "beach/sunset 9.jpeg")
    return root
  }

  @Test func aFolderGivesASectionPerFolderInNameOrderAndCountsTheRest() throws {
    let root = try Self.makeFolder("scan")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folder = try PictureFolder.scan(root)
    #expect(folder.sections.map(\.folder) == [".", "beach"])
    #expect(folder.sections[0].pictures.map(\.name) == ["broken.jpg", "harbour.jpg"])
    #expect(folder.sections[1].pictures.map(\.name) == ["dunes.png", "sunset 9.jpeg", "sunset 10.JPG"], "numbers in names in number order")
    #expect(folder.skippedFiles == 1, "notes.txt (hidden files are not counted)")
    #expect(folder.pictureCount == 5)
    #expect(folder.sections[1].pictures[0].byteCount == Self.halves(width: 90, height: 120).pngData().count)
    #expect(throws: PictureFolder.OpenError.self) { try PictureFolder.scan(root + "/nowhere") }
    do {
      _ = try PictureFolder.scan(root + "/notes.txt")
      Issue.record("a file opened as a folder")
    } catch {
      #expect(error.description == "not a folder: \(root)/notes.txt")
    }
  }

  /// The listing works on the names' bytes: a picture is known by what
  /// follows the last dot of its name in any case, a root given with a
  /// trailing slash gives the same paths, the pictures are numbered in
  /// the order shown, and each one's `FilePath` (made when asked) is its path.
  @Test func theListingReadsNamesAsBytesAndNumbersThePicturesInOrder() throws {
    let root = try Self.makeFolder("names")
    defer { try? FileManager.default.removeItem(atPath: root) }
    for name in ["a.b.PNG", "noext", "trailing.", "photo.jpg.txt", "Jpeg.JpEg"] {
      try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/beach/" + name))
    }
    let folder = try PictureFolder.scan(root + "/")
    #expect(folder.sections[1].pictures.map(\.name) == ["a.b.PNG", "dunes.png", "Jpeg.JpEg", "sunset 9.jpeg", "sunset 10.JPG"])
    #expect(folder.skippedFiles == 4, "notes.txt, noext, trailing., photo.jpg.txt")
    let all = folder.sections.flatMap(\.pictures)
    #expect(all.map(\.number) == Array(0..<all.count))
    #expect(all[0].path == root + "/broken.jpg" && all[0].folderPath == root)
    for entry in all { #expect(String(decoding: entry.file) == entry.path) }
  }

  /// Draws until the animations end and the shapes and thumbnails are in.
  func settle(_ scene: ImageGridController, _ surface: inout Surface) {
    scene.draw(into: &surface)
    for _ in 0..<500 where scene.collectionView.isAnimating || scene.hasPendingWork || !scene.shapes.isFinished {
      usleep(10_000)
      scene.takeFinishedWork()
      scene.draw(into: &surface)
    }
  }

  @Test func keysResizeSwitchToTheWaterfallAndTakePicturesOffTheView() throws {
    let root = try Self.makeFolder("keys")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let scene = ImageGridController(folder: try PictureFolder.scan(root))
    var surface = Surface(width: 100, height: 40)
    settle(scene, &surface)
    let first = IndexPath(item: 0, section: 0)
    #expect(scene.cardWidth == 16)
    #expect(scene.collectionView.layoutAttributesForItem(at: first)?.frame.size == Size(width: 16, height: 10))
    _ = try scene.handle(.key(.char("+")))
    #expect(scene.collectionView.isAnimating, "a new size is animated")
    settle(scene, &surface)
    #expect(scene.collectionView.layoutAttributesForItem(at: first)?.frame.size == Size(width: 20, height: 12))
    for _ in 0..<9 { _ = try scene.handle(.key(.char("-"))) }
    #expect(scene.cardWidth == 12 && scene.message == "smallest thumbnails")
    for _ in 0..<2 { _ = try scene.handle(.key(.char("+"))) }
    settle(scene, &surface)

    // The waterfall: each picture as tall as its shape makes it at the column's width.
    _ = try scene.handle(.key(.char("L")))
    settle(scene, &surface)
    #expect(scene.arrangement == .waterfall)
    let beach = scene.sections[1].pictures
    for (i, entry) in beach.enumerated() {
      let frame = try #require(scene.collectionView.layoutAttributesForItem(at: IndexPath(item: i, section: 1))?.frame)
      let info = try ImageInfo(contentsOf: entry.path)
      let columns = Double(Int(frame.width) - 2)
      let rows = min(max(1, (columns * Double(info.height) / Double(info.width) / 2).rounded()), columns)
      #expect(frame.height == rows + 3, "\(entry.name)")
    }
    let dunes = try #require(scene.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame)
    let sunset = try #require(scene.collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 1))?.frame)
    #expect(dunes.height > sunset.height, "the portrait is taller than the landscape")

    // d: off the view, not off the disk; a folder emptied goes.
    scene.collectionView.focusItem(at: IndexPath(item: 0, section: 0))
    _ = try scene.handle(.key(.char("d")))
    _ = try scene.handle(.key(.char("d")))
    settle(scene, &surface)
    #expect(scene.sections.map(\.folder) == ["beach"])
    #expect(FileManager.default.fileExists(atPath: root + "/broken.jpg") && FileManager.default.fileExists(atPath: root + "/harbour.jpg"))
    #expect(scene.statusText.hasPrefix("3 pictures · 1 folder · 1 other file skipped"))
  }

  @Test func theDetailGivesTheSizeAndDimensionsOrWhyThePictureCannotBeShown() throws {
    let root = try Self.makeFolder("detail")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let scene = ImageGridController(folder: try PictureFolder.scan(root))
    let beach = scene.sections[1].pictures
    // Until the header reader comes to a file, its dimensions are being read (never on the main thread).
    let deadline = Date().addingTimeInterval(20)
    while !scene.shapes.isFinished && Date() < deadline { usleep(5_000) }
    let rows = scene.detailRows(for: beach[0])
    #expect(rows.contains(.init("Dimensions", "90 x 120 pixels")) && rows.contains(.init("Format", "PNG")))
    #expect(rows.contains(.init("Size", byteText(beach[0].byteCount))))
    let broken = scene.detailRows(for: scene.sections[0].pictures[0])
    #expect(broken.contains(.init("Error", "not a JPEG or PNG picture")))
    #expect(byteText(999) == "999 bytes" && byteText(14_200) == "14 KB" && byteText(3_140_000) == "3.1 MB")
  }

  /// Lines of the screen with at least `count` block symbols (half blocks,
  /// quadrants, sextants: a picture's edges).
  static func pictureRows(_ screen: String, count: Int = 2) -> Int {
    screen.split(separator: "\n").filter { line in
      line.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value) }.count >= count
    }.count
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func browsingInATerminal(width: Int, height: Int) throws {
    let root = try Self.makeFolder("tmux\(width)")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) '\(root)'")
    var screen = try tmux.waitFor("the thumbnails") {
      $0.contains("5 pictures · 2 folders · 1 other file skipped") && Self.pictureRows($0) >= 2 && $0.contains("! broken.jpg")
    }
    #expect(screen.contains("harbour.jpg"))
    // Enter on the broken file: why it shows no picture.
    try tmux.keys("Enter")
    screen = try tmux.waitFor(text: "not a JPEG or PNG picture")
    try tmux.keys("Escape", "Right", "Enter")
    screen = try tmux.waitFor("the harbour, large") { $0.contains("160 x 120 pixels") && Self.pictureRows($0, count: 2) >= 6 }
    try tmux.keys("Escape")
    // The next folder, larger thumbnails, the waterfall.
    try tmux.keys("Tab", "+", "L")
    screen = try tmux.waitForSettled("the waterfall") {
      $0.contains("· waterfall") && $0.contains("dunes.png") && Self.pictureRows($0) >= 2
    }
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    screen = try tmux.waitFor("the pictures again") { Self.pictureRows($0) >= 2 && $0.contains("dunes.png") }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    #expect(try tmux.pane("cursor_flag") == "1")
  }

  /// Without UTF-8 (LANG=C), thumbnails are blanks in their colours, not
  /// fields of `?` and `#`: the picture rows hold no such character, and
  /// their cells many background colours; the large view has no run of them.
  @Test func picturesUnderACLocaleAreBlocksOfColourNotQuestionMarks() throws {
    let root = try Self.makeFolder("clocale")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tmux = try TmuxSession(width: 80, height: 24, locale: "C")
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) '\(root)'")
    /// The rows of the thumbnails' pictures (between a card's top border and its name).
    func pictureLines(_ screen: String) -> [Substring] {
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      guard let top = lines.firstIndex(where: { $0.contains("+--") }), let name = lines.firstIndex(where: { $0.contains(".jpg") })
      else { return [] }
      return Array(lines[(top + 1)..<max(top + 1, name)])
    }
    func backgrounds(_ styled: String) -> Int { Set(styled.matches(of: /\[48;5;(\d+)m/).map { $0.output.1 }).count }
    let screen = try tmux.waitForSettled("the thumbnails") {
      $0.contains("harbour.jpg") && $0.contains("! broken") && pictureLines($0).count >= 2
    }
    let lines = pictureLines(screen)
    #expect(lines.allSatisfy { !$0.contains("?") && !$0.contains("#") }, "\(lines.joined(separator: "\n"))")
    #expect(backgrounds(try tmux.captureStyled()) >= 4, "the pictures' colours")
    try tmux.keys("Right", "Enter")
    let large = try tmux.waitForSettled("the harbour, large") { $0.contains("160 x 120 pixels") }
    #expect(!large.contains("??") && !large.contains("##"), "\(large)")
    try tmux.keys("Escape", "q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  @Test func aMissingFolderIsAClearErrorAndExitOne() throws {
    let result = try Spawn.run([Self.binary, "/nonexistent/pictures"])
    #expect(result.status == 1)
    #expect(result.output.contains("no such folder: /nonexistent/pictures"))
    let help = try Spawn.run([Self.binary, "--help"])
    #expect(help.status == 0 && help.output.contains("+ and - change"))
    // How pictures are drawn, and how to force it.
    for said in ["pixels", "asked when", "sixel", "kitty-placements", "TERMGRID_PICTURES", "symbols or", "off"] {
      #expect(help.output.contains(said), "\(said)")
    }
  }
}
