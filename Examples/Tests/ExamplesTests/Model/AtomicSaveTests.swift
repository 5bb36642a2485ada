import Foundation
import GridPlatform
import TermGridTesting
import Testing

// @testable: one test checks the rows kept byte for byte (LoadedCatalogue's
// keptRows) and the writer (CatalogueWriter), which are internal.
@testable import BookCatalogueModel

/// A catalogue of `count` books in a Goodreads-like file with a column the
/// program does not know ("Notes"), commas, quotes, accents and CJK.
func generatedCatalogue(count: Int, seed: UInt64 = 7) -> Data {
  var random = SplitMix64(seed: seed)
  func next() -> UInt64 { random.next() }
  let words = ["River", "Night", "Garden", "Été", "Winter", "海", "夜", "Crown", "Tide", "Ñandú", "\"Salt\"", "Light,"]
  var text = "Title,Author,Year Published,Bookshelves,Notes\n"
  for i in 0..<count {
    var title = "The"
    for _ in 0...(next() % 3) { title += " " + words[Int(next() % UInt64(words.count))] }
    title += " \(i)"
    let quoted = "\"" + title.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    text += "\(quoted),Author \(next() % 9000),\(1700 + next() % 325),\"novel, to-read\",note \(i)\n"
  }
  return Data(text.utf8)
}

@Suite(.serialized) struct AtomicSaveTests {
  func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-save-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Files a save left behind in `directory` (none, when it finished or failed).
  func leftovers(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".saving-") }
  }

  @Test func aSaveReplacesTheFileKeepsItsPermissionsAndLeavesNothingBehind() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/books.csv"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o640)
    try AtomicFile.write(Data("new\n".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    var info = stat()
    stat(path, &info)
    #expect(info.st_mode & 0o777 == 0o640)
    #expect(leftovers(in: dir).isEmpty)
  }

  @Test func aReadOnlyFileIsRefusedAndKept() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/books.csv"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o444)
    #expect(throws: SaveError.self) { try AtomicFile.write(Data("new\n".utf8), to: path) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n" && leftovers(in: dir).isEmpty)
    do {
      try AtomicFile.write(Data("new\n".utf8), to: path)
    } catch {
      #expect(error.reason == "the file is read-only" && error.step == "check")
    }
  }

  @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
    let target = dir + "/real/books.csv"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
    symlink("real/books.csv", dir + "/link.csv")
    try AtomicFile.write(Data("new\n".utf8), to: dir + "/link.csv")
    var info = stat()
    lstat(dir + "/link.csv", &info)
    #expect(info.st_mode & S_IFMT == S_IFLNK)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
    #expect(leftovers(in: dir).isEmpty && leftovers(in: dir + "/real").isEmpty)
  }

  @Test func aFileWithHardLinksIsRefusedRatherThanSplit() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/books.csv"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    link(path, dir + "/other.csv")
    #expect(throws: SaveError.self) { try AtomicFile.write(Data("new\n".utf8), to: path) }
    #expect(try String(contentsOfFile: dir + "/other.csv", encoding: .utf8) == "old\n")
  }

  @Test func theOwnerIsKeptWhenAnotherUserSaves() throws {
    guard geteuid() == 0 else { return }  // only root can save another user's file
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/books.csv"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    chown(path, 65534, 65534)  // nobody
    try AtomicFile.write(Data("new\n".utf8), to: path)
    var info = stat()
    stat(path, &info)
    #expect(info.st_uid == 65534 && info.st_gid == 65534)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
  }

  @Test func aFailedSaveSaysWhyAndTouchesNothing() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // No such directory.
    #expect(throws: SaveError.self) { try AtomicFile.write(Data("x".utf8), to: dir + "/missing/books.csv") }
    do {
      try AtomicFile.write(Data("x".utf8), to: dir + "/missing/books.csv")
    } catch {
      #expect(error.reason == "No such file or directory" && error.step.hasPrefix("create a temporary file"))
    }
    // The target is a directory: the rename fails, the temporary file goes.
    try FileManager.default.createDirectory(atPath: dir + "/books.csv", withIntermediateDirectories: false)
    #expect(throws: SaveError.self) { try AtomicFile.write(Data("x".utf8), to: dir + "/books.csv") }
    #expect(leftovers(in: dir).isEmpty)
  }

  @Test func aFileSizeLimitMidWriteFailsCleanly() throws {
    // A full disk, as a process sees it: writes past a limit fail (EFBIG).
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/books.csv"
    let old = generatedCatalogue(count: 300)
    try old.write(to: URL(fileURLWithPath: path))
    let binary = TmuxSession.productsDirectory.appendingPathComponent("book-catalogue").path
    let result = try Spawn.run(
      ["sh", "-c", "ulimit -f 8 && exec \"$0\" --data \"$1\" --group-by author --export \"$1\"", binary, path])
    #expect(result.status == 1)
    #expect(result.output.contains("cannot save \(path): File too large (write)"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == old)
    #expect(leftovers(in: dir).isEmpty)
  }

  @Test func aSavedCatalogueReadsBackTheSameWithItsUnknownColumnsAndUnreadableRows() throws {
    let csv =
      "\u{FEFF}Book Id,Title,Author,Year Published,Bookshelves,My Review\r\n"
      + "1,\"Sapiens, A Brief History\",Yuval Noah Harari,2011,\"to-read, history\",\"Big \"\"idea\"\" book\"\r\n"
      + "2,こゝろ,夏目漱石,1914,classics,\r\n"
      + "3,Too few fields\r\n"
    let loaded = try CatalogueLoader.parse(csv, name: "export.csv")
    #expect(loaded.books.count == 2 && loaded.keptRows.map { String(decoding: $0.bytes, as: UTF8.self) } == ["3,Too few fields"])
    let written = CatalogueWriter.encode(loaded.books, format: loaded.format, keptRows: loaded.keptRows)
    #expect(String(decoding: written, as: UTF8.self) == csv)  // byte for byte: BOM, CRLF, quoting, the bad row
  }

  @Test func editsChangeOnlyTheirColumns() throws {
    let csv = "Title,Author,Year Published,Bookshelves,Notes\nEmma, Jane Austen ,1815.0,\"novel, favourites\",mine\n"
    let loaded = try CatalogueLoader.parse(csv, name: "x.csv")
    var book = loaded.books[0]
    #expect(loaded.format.row(for: book) == ["Emma", " Jane Austen ", "1815.0", "novel, favourites", "mine"])
    book.shelves = ["classics", "favourites"]
    #expect(loaded.format.row(for: book) == ["Emma", " Jane Austen ", "1815.0", "classics, favourites", "mine"])
    let added = loaded.format.fields(title: "Persuasion", author: "Jane Austen", year: 1817, shelves: [])
    #expect(added.map(\.value) == ["Persuasion", "Jane Austen", "1817", "", ""])
  }

  /// How a kill left the file.
  enum Outcome: Equatable {
    case old, new
    case torn(bytes: Int)
  }

  /// Runs `binary` to save a catalogue over itself in `directory` (the
  /// file holding `old` first) and kills it `kills` times at random moments
  /// of the save; returns what each kill left on disk, and how many kills
  /// came before the program had finished.
  func killSaves(
    _ kills: Int, in directory: String, binary: String, old: Data, new: Data, window: Double
  ) throws -> (outcomes: [Outcome], killedWhileSaving: Int) {
    let path = directory + "/books.csv"
    var outcomes: [Outcome] = []
    var killed = 0
    var rng = SystemRandomNumberGenerator()
    // Until `kills` outcomes, at least 60% of them kills that landed before
    // the save finished: on a busy machine a save can end before its
    // temporary file is seen, or a kill come after it; those are tried again
    // (at most four times as many tries in all).
    var tries = 0
    while (outcomes.count < kills || killed < kills * 3 / 5) && tries < kills * 4 {
      tries += 1
      guard let save = try startSave(binary, path: path, old: old) else { continue }
      usleep(UInt32(Double.random(in: 0...(window * 1.25), using: &rng) * 1e6))
      kill(save.pid, SIGKILL)
      if Spawn.wait(save.pid) & 0x7f == SIGKILL { killed += 1 }
      let onDisk = try Data(contentsOf: URL(fileURLWithPath: path))
      outcomes.append(onDisk == old ? .old : onDisk == new ? .new : .torn(bytes: onDisk.count))
      // A kill before the rename leaves the temporary file (never the catalogue) behind.
      for name in leftovers(in: directory) { unlink(directory + "/" + name) }
    }
    return (outcomes, killed)
  }

  /// Writes `old` to `path` and starts saving it regrouped by decade (the
  /// same books in another order); returns the process and when its
  /// temporary file appeared (nil if it finished before that was seen).
  func startSave(_ binary: String, path: String, old: Data) throws -> (pid: pid_t, started: Double)? {
    try old.write(to: URL(fileURLWithPath: path))
    let pid = try Spawn.start([binary, "--data", path, "--group-by", "decade", "--export", path])
    let directory = (path as NSString).deletingLastPathComponent
    while true {
      if !leftovers(in: directory).isEmpty { return (pid, monotonicNow()) }
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid { return nil }
      usleep(200)
    }
  }

  func monotonicNow() -> Double { Double(Platform.monotonicNanoseconds()) / 1e9 }

  @Test func killedAtRandomMomentsWhileSavingTheFileIsAlwaysTheOldOrTheNew() throws {
    let binary = TmuxSession.productsDirectory.appendingPathComponent("book-catalogue").path
    let old = generatedCatalogue(count: 100_000)
    let directories = try (0..<2).map { _ in try temporaryDirectory() }
    defer { for d in directories { try? FileManager.default.removeItem(atPath: d) } }

    // Saves to their end: the new file, and how long a save takes from the
    // temporary file's creation to its rename over the catalogue (the
    // shortest of three, so that a busy moment does not stretch it).
    let path = directories[0] + "/books.csv"
    var shortest = Double.infinity
    for _ in 0..<3 {
      let save = try #require(try startSave(binary, path: path, old: old))
      while !leftovers(in: directories[0]).isEmpty { usleep(200) }
      shortest = min(shortest, max(0.002, monotonicNow() - save.started))
      #expect(Spawn.wait(save.pid) == 0)
    }
    let window = shortest
    let new = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(new != old)
    #expect(try CatalogueLoader.parse(String(decoding: new, as: UTF8.self), name: "new").books.count == 100_000)

    // 2 x 25 kills, two at a time (each program spends most of its time
    // reading the 100,000 books before it saves).
    let results = ResultsBox()
    DispatchQueue.concurrentPerform(iterations: directories.count) { i in
      results.add(Result { try killSaves(25, in: directories[i], binary: binary, old: old, new: new, window: window) })
    }
    let all = try results.values.map { try $0.get() }
    let outcomes = all.flatMap(\.outcomes)
    let killedWhileSaving = all.map(\.killedWhileSaving).reduce(0, +)
    let torn = outcomes.filter { if case .torn = $0 { return true } else { return false } }
    print(
      "kills during a save of 100,000 books: \(outcomes.filter { $0 == .old }.count) left the old file, "
        + "\(outcomes.filter { $0 == .new }.count) the new, \(torn.count) a torn one; "
        + "\(killedWhileSaving) killed before finishing (the save takes \(Int(window * 1000)) ms)")
    #expect(torn.isEmpty)
    #expect(outcomes.count >= 50)
    // Most kills land within a save (a machine busy with other tests makes some come after it).
    #expect(killedWhileSaving >= 30)
  }
}

/// Results gathered from several threads.
final class ResultsBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Result<(outcomes: [AtomicSaveTests.Outcome], killedWhileSaving: Int), any Error>] = []
  func add(_ r: Result<(outcomes: [AtomicSaveTests.Outcome], killedWhileSaving: Int), any Error>) {
    lock.lock()
    stored.append(r)
    lock.unlock()
  }
  var values: [Result<(outcomes: [AtomicSaveTests.Outcome], killedWhileSaving: Int), any Error>] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
