import Foundation
import GridPlatform
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid
@testable import TermGridImages

/// Pictures made off the main thread: placeholders first, then each item
/// redrawn alone when its picture is ready, with the focus and scroll
/// position left as they were.
@Suite struct PictureLoaderTests {
  /// A decoder that makes a flat picture per path once its gate opens (or fails for "bad" paths).
  final class GatedDecoder: Sendable {
    let open = Locked(Set<String>())
    let all = Locked(false)
    let calls = Locked([String]())

    func release(_ path: String) { open.withLock { _ = $0.insert(path) } }
    func hold(_ path: String) { open.withLock { _ = $0.remove(path) } }
    func releaseAll() { all.withLock { $0 = true } }

    var decode: PictureLoader.Decode {
      { [self] file, _, _ throws(ImageDecodingError) in
        let path = String(decoding: file)
        calls.withLock { $0.append(path) }
        while !(all.withLock { $0 } || open.withLock { $0.contains(path) }) { usleep(200) }
        if path.hasPrefix("bad") { throw ImageDecodingError.corrupt(format: .png, message: "CRC error") }
        let shade = UInt8(truncatingIfNeeded: path.utf8.reduce(0) { $0 &+ Int($1) } &* 37)
        return Bitmap(width: 40, height: 40) { _, y in y < 20 ? (shade, 0, 0, 255) : (0, 0, shade, 255) }
      }
    }
  }

  /// Twelve items showing a picture each, filling the cell.
  final class Pictures: CollectionViewController {
    let loader: PictureLoader
    let paths: [String]
    init(loader: PictureLoader, paths: [String]) {
      self.loader = loader
      self.paths = paths
      super.init(layout: FlowLayout(itemSize: Size(width: 10, height: 4)))
      collectionView.backgroundWork = [loader]
    }
    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
      paths.count
    }
    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      let path = paths[indexPath.item]
      return ElementContent(title: path.uppercased(), picture: CellPicture(loader.source(forFileAt: path), placement: .fill))
    }
  }

  static func waitUntil(_ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(60)
    while !condition() && Date() < deadline { usleep(1000) }
  }

  /// The cells that differ between two screens, as a bounding box (nil when none do).
  static func changedBox(_ a: Surface, _ b: Surface) -> CellRect? {
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<a.height {
      for x in 0..<a.width where a[x, y] != b[x, y] {
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
      }
    }
    return maxX < 0 ? nil : CellRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }

  @Test func placeholdersFirstThenEachPictureRedrawsOnlyItsItem() throws {
    let gates = GatedDecoder()
    let loader = PictureLoader(decode: gates.decode)
    let paths = (0..<24).map { $0 == 5 ? "bad5" : "p\($0)" }
    let app = Pictures(loader: loader, paths: paths)
    let terminal = HeadlessTerminal(width: 40, height: 10, capabilities: TerminalCapabilities(colors: .trueColor))
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    app.willAppear(on: terminal.capabilities)
    try loop.drawFrame(force: true)

    // Placeholders: each title on its own colour; the visible items are queued, no more.
    #expect(terminal.screen.text.contains("P0") && terminal.screen.text.contains("P3"))
    let visible = app.collectionView.indexPathsForVisibleItems.count
    #expect(visible > 4 && visible < paths.count)
    #expect(app.hasPendingWork)
    Self.waitUntil { gates.calls.withLock { $0.count } >= 2 }  // the two workers have started

    _ = try app.handle(.key(Key(.right)))
    _ = try app.handle(.key(Key(.right)))
    try loop.drawFrame(force: false)
    let focus = app.collectionView.focusedIndexPath
    let offset = app.collectionView.contentOffset
    let before = terminal.screen

    // One picture arrives: only its item changes.
    let first = try #require(gates.calls.withLock { $0.first })
    gates.release(first)
    Self.waitUntil { loader.decodeCount == 1 }
    app.takeFinishedWork()
    #expect(app.needsDisplay)
    try loop.drawFrame(force: false)
    let box = try #require(Self.changedBox(before, terminal.screen))
    #expect(box.width <= 10 && box.height <= 4, "\(box)")
    #expect(app.collectionView.focusedIndexPath == focus && app.collectionView.contentOffset == offset)
    let picture = terminal.screen[box.x + box.width / 2, box.y + box.height / 2]
    #expect(" ▀▄▌▐█".contains(picture.grapheme.character))
    #expect(picture.style.foreground != .default || picture.style.background != .default)

    // The rest arrive; a broken file keeps a placeholder marked "!".
    gates.releaseAll()
    Self.waitUntil { loader.pendingCount == 0 }
    app.takeFinishedWork()
    try loop.drawFrame(force: false)
    #expect(!terminal.screen.text.contains("P0") && !terminal.screen.text.contains("P3"))
    #expect(terminal.screen.text.contains("! BAD5"))
    #expect(loader.failure(forFileAt: "bad5") == .corrupt(format: .png, message: "CRC error"))
    #expect(loader.decodeCount == visible, "only what was drawn was decoded")
    #expect(!app.hasPendingWork)
  }

  @Test func theLatestAskedIsMadeFirstAndCancelledPrefetchesNever() {
    let gates = GatedDecoder()
    let loader = PictureLoader(threadCount: 1, decode: gates.decode)
    _ = loader.picture(forFileAt: "a", width: 4, height: 2, colors: .trueColor)  // starts at once
    Self.waitUntil { gates.calls.withLock { $0 == ["a"] } }
    loader.prefetch(filesAt: ["x", "y", "z"], width: 4, height: 2, colors: .trueColor)
    _ = loader.picture(forFileAt: "b", width: 4, height: 2, colors: .trueColor)
    _ = loader.picture(forFileAt: "c", width: 4, height: 2, colors: .trueColor)
    loader.cancelPrefetching(filesAt: ["y"])
    gates.releaseAll()
    Self.waitUntil { loader.pendingCount == 0 }
    // Drawn first, latest first; then the prefetches in order; never the cancelled one.
    #expect(gates.calls.withLock { $0 } == ["a", "c", "b", "x", "z"])
    #expect(loader.picture(forFileAt: "c", width: 4, height: 2, colors: .trueColor) != nil)
    // Another size or colour depth is another picture.
    #expect(loader.picture(forFileAt: "c", width: 6, height: 3, colors: .trueColor) == nil)
    #expect(loader.picture(forFileAt: "c", width: 4, height: 2, colors: .ansi16) == nil)
  }

  @Test func theCacheStaysWithinItsBudgetDroppingTheLeastRecentlyUsed() {
    let gates = GatedDecoder()
    gates.releaseAll()
    let oneAt8x4 = 8 * 4 * MemoryLayout<Cell>.stride
    let loader = PictureLoader(cacheByteLimit: oneAt8x4 * 3, decode: gates.decode)
    for name in ["a", "b", "c"] {
      _ = loader.picture(forFileAt: name, width: 8, height: 4, colors: .trueColor)
      Self.waitUntil { loader.pendingCount == 0 }
    }
    #expect(loader.cachedBytes <= oneAt8x4 * 3)
    _ = loader.picture(forFileAt: "a", width: 8, height: 4, colors: .trueColor)  // a is used again
    _ = loader.picture(forFileAt: "d", width: 8, height: 4, colors: .trueColor)
    Self.waitUntil { loader.pendingCount == 0 }
    #expect(loader.cachedBytes <= oneAt8x4 * 3)
    #expect(loader.picture(forFileAt: "a", width: 8, height: 4, colors: .trueColor) != nil)
    #expect(loader.picture(forFileAt: "d", width: 8, height: 4, colors: .trueColor) != nil)
    #expect(loader.picture(forFileAt: "b", width: 8, height: 4, colors: .trueColor) == nil, "the least recently used went")
  }

  /// Told the terminal's cell size, pictures in symbols take its shape (a
  /// square 40 x 40 picture in cells of 10 x 22 is 40 x 18 cells, not 40 x
  /// 20); told a size no terminal has, they stay made for cells of 1 x 2.
  /// Past what a picture in pixels may have (8 Mi pixels), or for a cell
  /// no terminal has, a picture asked for in pixels comes in symbols.
  @Test func symbolsTakeTheTerminalsCellShapeAndPixelsStayWithinTheirBound() {
    let gates = GatedDecoder()
    gates.releaseAll()
    let loader = PictureLoader(decode: gates.decode)
    func made(_ path: String, _ width: Int, _ height: Int, cellPixels: PixelSize? = nil) -> Picture? {
      let ask = {
        cellPixels.map { loader.picture(forFileAt: path, width: width, height: height, colors: .trueColor, cellPixels: $0) }
          ?? loader.picture(forFileAt: path, width: width, height: height, colors: .trueColor)
      }
      _ = ask()
      Self.waitUntil { loader.pendingCount == 0 }
      return ask()
    }
    func size(_ picture: Picture?) -> [Int]? { picture.map { [$0.width, $0.height] } }
    #expect(size(made("a", 40, 40)) == [40, 20])
    loader.adapt(to: TerminalCapabilities(colors: .trueColor, cellPixelSize: PixelSize(width: 10, height: 22)))
    #expect(loader.symbolCellSize == PixelSize(width: 10, height: 22))
    #expect(size(made("a", 40, 40)) == [40, 18])
    loader.adapt(to: TerminalCapabilities(colors: .trueColor, cellPixelSize: PixelSize(width: 10_000, height: 10_000)))
    #expect(loader.symbolCellSize == nil)
    #expect(size(made("b", 40, 40)) == [40, 20])
    // Pixels: within the bound, made; past it (22 x 7 cells of 200 x 400: 12 Mi pixels), symbols for those cells.
    let pixels = made("c", 22, 7, cellPixels: PixelSize(width: 10, height: 20))
    #expect(pixels?.pixels.map { [$0.columns, $0.rows] } == [14, 7])
    let large = made("c", 22, 7, cellPixels: PixelSize(width: 200, height: 400))
    #expect(large != nil && large?.pixels == nil && size(large) == [14, 7])
    let hostile = made("c", 22, 7, cellPixels: PixelSize(width: 999_999_999, height: 999_999_999))
    #expect(hostile != nil && hostile?.pixels == nil)
  }

  @Test func anotherSizeOfAPictureStandsInWhileTheNewSizeIsMade() throws {
    let gates = GatedDecoder()
    let loader = PictureLoader(decode: gates.decode)
    let source = loader.source(forFileAt: "cover")
    #expect(source.standIn(width: 8, height: 4, colors: .trueColor) == nil, "nothing made yet")
    gates.release("cover")
    _ = source.picture(width: 8, height: 4, colors: .trueColor)
    Self.waitUntil { loader.pendingCount == 0 }
    let small = try #require(source.picture(width: 8, height: 4, colors: .trueColor))
    #expect(source.standIn(width: 8, height: 4, colors: .trueColor) == nil, "the size asked for is the picture itself")
    // A larger size: not made yet (held at the gate), the small one stands in; other colours have none.
    gates.hold("cover")
    #expect(source.picture(width: 16, height: 8, colors: .trueColor) == nil)
    #expect(source.standIn(width: 16, height: 8, colors: .trueColor) == small)
    #expect(source.standIn(width: 16, height: 8, colors: .indexed256) == nil)
    gates.release("cover")
    Self.waitUntil { loader.pendingCount == 0 }
    let large = try #require(source.picture(width: 16, height: 8, colors: .trueColor))
    #expect(source.standIn(width: 12, height: 6, colors: .trueColor) == large, "the latest made")

    // Drawn in a cell: the stand-in shows (not the placeholder) and the cell still awaits its own picture.
    // (Its size is held at the gate, so a fast worker cannot make it between the draw's two looks.)
    gates.hold("cover")
    defer { gates.release("cover") }
    var surface = Surface(width: 14, height: 8)
    let content = ElementContent(title: "Cover", picture: CellPicture(source, placement: .fill))
    let awaited = ElementRenderer(theme: Theme()).draw(
      content, in: CellRect(x: 0, y: 0, width: 14, height: 8), state: ElementState(), on: &surface)
    #expect(awaited === source)
    #expect(!surface.text.contains("Cover"), "a picture, not the placeholder's title")
    let (dx, dy) = ((14 - large.width) / 2, (8 - large.height) / 2)
    #expect(surface[7, 4].style.background == large[7 - dx, 4 - dy].style.background, "the picture centred, cut by the cell")
  }
  /// Pictures switching from symbols to pixels (the terminal's answer
  /// came): while the pixels are made, the placeholder shows, not the
  /// symbols made before, which the pixels would replace a moment later
  /// (a mosaic flashed at every start). Another size in pixels still
  /// stands in for pixels, and anything for symbols.
  @Test func noMosaicStandsInForPixels() throws {
    let gates = GatedDecoder()
    let loader = PictureLoader(decode: gates.decode)
    let source = loader.source(forFileAt: "cover")
    let cell = PixelSize(width: 10, height: 20)
    gates.release("cover")
    _ = source.picture(width: 8, height: 4, colors: .trueColor)
    Self.waitUntil { loader.pendingCount == 0 }
    _ = try #require(source.picture(width: 8, height: 4, colors: .trueColor))
    gates.hold("cover")
    #expect(source.picture(width: 8, height: 4, colors: .trueColor, cellPixels: cell) == nil)
    #expect(source.standIn(width: 8, height: 4, colors: .trueColor, cellPixels: cell) == nil, "no symbols before pixels")
    gates.release("cover")
    Self.waitUntil { loader.pendingCount == 0 }
    let pixels = try #require(source.picture(width: 8, height: 4, colors: .trueColor, cellPixels: cell))
    #expect(pixels.pixels != nil)
    gates.hold("cover")
    defer { gates.release("cover") }
    #expect(source.standIn(width: 16, height: 8, colors: .trueColor, cellPixels: cell) == pixels, "pixels for pixels")
    #expect(source.standIn(width: 16, height: 8, colors: .trueColor) == pixels, "anything for symbols")
  }

  /// Asks for `paths` until each has a picture or a failure (polling the
  /// loader as the run loop does, which is where a job past its time limit
  /// is given up), at most 120 s. For the paths in `picturesOnly` only a
  /// picture ends the wait: on a machine loaded enough, even a quick job can
  /// be given up for a while, and what it makes when it returns is kept.
  static func settle(_ loader: PictureLoader, _ paths: [String], picturesOnly: Set<String> = []) -> [String: String] {
    var results: [String: String] = [:]
    let deadline = Date().addingTimeInterval(120)
    while results.count < paths.count && Date() < deadline {
      _ = loader.hasPendingResults
      for path in paths where results[path] == nil {
        if loader.picture(forFileAt: path, width: 10, height: 5, colors: .trueColor) != nil {
          results[path] = "picture"
        } else if !picturesOnly.contains(path), let failure = loader.failure(forFileAt: path) {
          results[path] = failure.description
        }
      }
      usleep(5_000)
    }
    return results
  }

  @Test func aFileThatNeverAnswersIsGivenUpAndTheWorkersGoOn() throws {
    // A decode that hangs (a file on a network mount that does not answer) on "hung" paths.
    let release = Locked(false)
    let started = Locked<Set<String>>([])
    let loader = PictureLoader(threadCount: 2, timeLimit: 2) { file, _, _ throws(ImageDecodingError) in
      let name = String(decoding: file)
      started.withLock { _ = $0.insert(name) }
      while name.hasPrefix("hung") && !release.withLock({ $0 }) { usleep(1_000) }
      return Bitmap(width: 16, height: 16) { _, _ in (10, 200, 10, 255) }
    }
    defer { release.withLock { $0 = true } }
    // Both workers stuck on the hung ones first, so only workers taking their places can make the rest.
    for path in ["hung1", "hung2"] { _ = loader.picture(forFileAt: path, width: 10, height: 5, colors: .trueColor) }
    Self.waitUntil { started.withLock { $0 } == ["hung1", "hung2"] }
    #expect(started.withLock { $0 } == ["hung1", "hung2"])
    // The hung ones are given up; the others are made while those still hang. (Under a heavy
    // enough load a quick one can pass the limit too: it is then kept when it returns.)
    let results = Self.settle(loader, ["hung1", "hung2", "a", "b"], picturesOnly: ["a", "b"])
    #expect(results["hung1"] == "not read within 2 s" && results["hung2"] == "not read within 2 s", "\(results)")
    #expect(results["a"] == "picture" && results["b"] == "picture", "the stuck workers' places were taken: \(results)")
    // Once the stuck ones return, what they made is kept.
    release.withLock { $0 = true }
    Self.waitUntil { loader.pendingCount == 0 && loader.failure(forFileAt: "hung1") == nil }
    #expect(loader.failure(forFileAt: "hung1") == nil)
  }

  @Test func aNamedPipeOrFolderInAPicturesPlaceNeverBlocksAWorker() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-fifo-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(mkfifo(folder + "/cover.jpg", 0o600) == 0)
    try FileManager.default.createDirectory(atPath: folder + "/folder.png", withIntermediateDirectories: true)
    try Data(ImageDecoderTests.sample().pngData()).write(to: URL(fileURLWithPath: folder + "/ok.png"))
    let loader = PictureLoader(threadCount: 1)
    let results = Self.settle(loader, [folder + "/cover.jpg", folder + "/folder.png", folder + "/ok.png", folder + "/a\0b.png"])
    #expect(results[folder + "/cover.jpg"]?.hasSuffix("not a regular file") == true, "\(results)")
    #expect(results[folder + "/folder.png"]?.hasSuffix("not a regular file") == true, "\(results)")
    #expect(results[folder + "/a\0b.png"]?.hasSuffix("a path with a NUL in it") == true, "\(results)")
    #expect(results[folder + "/ok.png"] == "picture")
  }

  @Test func aFileThatFailedIsTriedAgainWhenItChangesAndNotBefore() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-retry-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/copying.jpg"
    let whole = ImageDecoderTests.sample().jpegData()
    // Still being copied: half of it there.
    try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: path))
    let loader = PictureLoader(failureRecheckInterval: 0.05)
    #expect(Self.settle(loader, [path])[path]?.hasPrefix("broken JPEG") == true)
    let decodes = loader.decodeCount
    // Asked for again and again while unchanged: looked at, not decoded again.
    let until = Date().addingTimeInterval(0.4)
    while Date() < until {
      _ = loader.hasPendingResults
      _ = loader.picture(forFileAt: path, width: 10, height: 5, colors: .trueColor)
      usleep(5_000)
    }
    #expect(loader.decodeCount == decodes && loader.failure(forFileAt: path) != nil)
    // The copy finishes: the next look finds it changed, and it is decoded.
    try Data(whole).write(to: URL(fileURLWithPath: path))
    var picture: Picture?
    let deadline = Date().addingTimeInterval(20)
    while picture == nil && Date() < deadline {
      _ = loader.hasPendingResults
      picture = loader.picture(forFileAt: path, width: 10, height: 5, colors: .trueColor)
      usleep(5_000)
    }
    #expect(picture != nil && loader.failure(forFileAt: path) == nil)
  }
  @Test func aFileWhoseNameIsNotUTF8IsOpenedByItsBytes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-latin1-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // "café.png" in Latin-1: the é is the byte E9, not UTF-8.
    let bytes: [CChar] = Array((folder + "/caf").utf8CString.dropLast()) + [CChar(bitPattern: 0xE9)] + Array(".png".utf8CString)
    let file = FilePath(platformString: bytes)
    let data = ImageDecoderTests.sample().pngData()
    let fd = file.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o600) }
    #expect(fd >= 0)
    _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    #expect(String(decoding: file).hasSuffix("/caf\u{FFFD}.png"), "shown with a stand-in for the byte")
    #expect(String(validating: file) == nil)
    #expect(try ImageInfo(contentsOf: file).width == 64)
    #expect(try ImageDecoder().decode(contentsOf: file).height == 48)
    let loader = PictureLoader()
    let source = loader.source(forFile: file)
    #expect(source.file == file && source === loader.source(forFile: file))
    var picture: Picture?
    let deadline = Date().addingTimeInterval(20)
    while picture == nil && loader.failure(forFile: file) == nil && Date() < deadline {
      _ = loader.hasPendingResults
      picture = source.picture(width: 8, height: 4, colors: .trueColor)
      usleep(5_000)
    }
    #expect(picture != nil, "\(String(describing: loader.failure(forFile: file)))")
    // Its lossy text names no file: that is not the same picture.
    #expect(loader.source(forFileAt: String(decoding: file)) !== source)
  }
}
