import BookCatalogueModel
import CSQLite
import Foundation
import GridPlatform
import TermGridImages
import TermGridTesting
import Testing

@testable import book_catalogue

/// Calibre libraries that would have the catalogue write, crash, freeze or
/// show a file from elsewhere: a library in WAL mode in a folder the user
/// owns, hostile `books.path` values (outside the library, a NUL, a named
/// pipe, a link out), numbers past any sense, a comment of megabytes.
@Suite(.serialized) struct CalibreHostileTests {
  static var binary: String { CalibreTests.binary }

  /// A copy of the test library with its triggers dropped (they call
  /// functions only Calibre registers, so plain SQLite could not update
  /// books), changed by `sql`.
  static func library(_ name: String, _ sql: String = "", journal: String? = nil) throws -> String {
    let folder = try CalibreTests.copy(try CalibreTests.library.get(), name)
    var db: OpaquePointer?
    guard sqlite3_open(folder + "/metadata.db", &db) == SQLITE_OK else { throw CalibreTests.Failure(description: "open") }
    defer { sqlite3_close(db) }
    var triggers: [String] = []
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'trigger'", -1, &statement, nil)
    while sqlite3_step(statement) == SQLITE_ROW { triggers.append(String(cString: sqlite3_column_text(statement, 0))) }
    sqlite3_finalize(statement)
    for t in triggers { try CalibreTests.exec(db, "DROP TRIGGER IF EXISTS \"\(t)\"") }
    if !sql.isEmpty { try CalibreTests.exec(db, sql) }
    if let journal { try CalibreTests.exec(db, "PRAGMA journal_mode=\(journal)") }
    return folder
  }

  static func listing(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  @Test func aLibraryInWALModeIsReadWithNoFileCreatedBesideItAndNotAByteWritten() throws {
    let folder = try Self.library("wal", journal: "WAL")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let listing = Self.listing(folder)
    #expect(!listing.contains("metadata.db-wal") && !listing.contains("metadata.db-shm"), "closed cleanly: no WAL left")
    let before = try Self.bytes(folder + "/metadata.db")
    do {
      let library = try CalibreLibrary(folder: folder)
      #expect(library.readMode == .immutable)
      #expect(try library.groups(by: .author).count == 5 && library.details(of: 1).count > 3)
      #expect(try CalibreController(library: library).titleText?.contains("not shown") == false)
    }
    #expect(Self.listing(folder) == listing)
    // The app, browsed and quit, as a person would.
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)'")
    try tmux.waitFor(text: "5 books · 5 authors")
    try tmux.keys("Enter")
    try tmux.waitFor(text: "Octavia E. Butler  ║")
    try tmux.keys("Escape", "Tab", "Enter")
    try tmux.waitFor(text: "Pratchett & Neil Gaiman")
    try tmux.keys("Escape", "q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    #expect(Self.listing(folder) == listing, "no -wal, -shm or other file created")
    #expect(try Self.bytes(folder + "/metadata.db") == before, "not a byte written")
  }

  @Test func whileCalibreHasTheWALOpenItsLatestChangesAreReadAndALeftOverWALIsSaid() throws {
    let folder = try Self.library("walshared", journal: "WAL")
    let orphan = folder + "-orphan"
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: orphan)
    }
    // Calibre, running: the WAL and its index open, a change not yet folded into the database.
    var writer: OpaquePointer?
    #expect(sqlite3_open(folder + "/metadata.db", &writer) == SQLITE_OK)
    defer { sqlite3_close(writer) }
    try CalibreTests.exec(
      writer,
      "PRAGMA wal_autocheckpoint=0; INSERT INTO tags(name) VALUES ('added-while-open'); INSERT INTO books_tags_link(book, tag) VALUES (5, last_insert_rowid())"
    )
    let listing = Self.listing(folder)
    #expect(listing.contains("metadata.db-wal") && listing.contains("metadata.db-shm"))
    let library = try CalibreLibrary(folder: folder)
    #expect(library.readMode == .shared)
    #expect(try library.groups(by: .tag).map(\.name).contains("added-while-open"))
    #expect(Self.listing(folder) == listing)
    // Calibre gone without folding its WAL in, its -shm lost: read from a
    // private copy with the WAL folded in (it was read as the database is,
    // without the WAL's changes), nothing created beside it.
    try FileManager.default.createDirectory(atPath: orphan, withIntermediateDirectories: true)
    for file in ["metadata.db", "metadata.db-wal"] {
      try FileManager.default.copyItem(atPath: folder + "/" + file, toPath: orphan + "/" + file)
    }
    let orphanFiles = try ["metadata.db", "metadata.db-wal"].map { try Self.bytes(orphan + "/" + $0) }
    let left = try CalibreLibrary(folder: orphan)
    #expect(left.readMode == .privateCopy(.leftOverWriteAheadLog))
    #expect(try left.groups(by: .tag).map(\.name).contains("added-while-open"))
    #expect(try CalibreController(library: left).titleText?.contains("not shown") == false)
    #expect(Self.listing(orphan) == ["metadata.db", "metadata.db-wal"], "no -shm created")
    #expect(try ["metadata.db", "metadata.db-wal"].map { try Self.bytes(orphan + "/" + $0) } == orphanFiles, "not a byte written")
  }

  /// A grouping whose table is missing is passed over, and said why: g
  /// went on trying it, so the groupings after it could never be reached.
  @Test func aGroupingWhoseTableIsMissingIsPassedOverAndSaid() throws {
    let folder = try Self.library("notags", "DROP TABLE books_tags_link; DROP TABLE tags")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = try CalibreLibrary(folder: folder)
    let controller = try CalibreController(library: library)
    var visited: [CalibreGrouping] = []
    for _ in 0..<4 {
      controller.regroup()
      visited.append(controller.grouping)
    }
    #expect(visited == [.series, .rating, .decade, .author])
    // Asked for by name: the library opens by the next grouping, and says why.
    let byTag = try CalibreController(library: library, grouping: .tag)
    #expect(byTag.grouping == .rating)
    #expect(
      byTag.message?.contains("cannot group by tag") == true && byTag.message?.contains("no such table") == true, "\(byTag.message ?? "")")
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)' --group-by series")
    try tmux.waitFor(text: "5 books · 3 series")
    try tmux.keys("g")
    let screen = try tmux.waitFor(text: "by rating")
    #expect(screen.contains("cannot group by tag"), "\(screen)")
    try tmux.keys("g")
    try tmux.waitFor(text: "by decade")
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  /// A JPEG (to be shown if a path outside the library were followed).
  static func jpeg() -> Data { Data(CalibreTests.cover().jpegData(quality: 80)) }

  /// Waits for the loader to settle on `paths` (a picture or a failure each).
  static func settle(_ loader: PictureLoader, _ paths: [String]) -> [String: String] {
    var results: [String: String] = [:]
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      for path in paths where results[path] == nil {
        if loader.picture(forFileAt: path, width: 10, height: 5, colors: .trueColor) != nil { results[path] = "picture" }
        if let failure = loader.failure(forFileAt: path) { results[path] = failure.description }
      }
      if results.count == paths.count { break }
      usleep(20_000)
    }
    return results
  }

  @Test func hostilePathsNumbersAndCommentsNeitherCrashNorFreezeNorLeaveTheLibrary() throws {
    let hugeComment =
      "'<div><img src=\"data:image/png;base64,' || replace(hex(zeroblob(3000000)), '0', 'Q') || '\"></div><p>A real comment &amp; more</p>'"
    let folder = try Self.library(
      "hostile",
      """
      PRAGMA ignore_check_constraints = ON;
      UPDATE books SET path = '../outside' WHERE id = 1;
      UPDATE books SET path = 'Evil' || char(0) || '/../../../../x', has_cover = 1 WHERE id = 4;
      UPDATE books SET path = 'Fifo Book', has_cover = 1 WHERE id = 5;
      UPDATE books SET series_index = 9e999 WHERE id = 1;
      UPDATE books SET series_index = 1e300 WHERE id = 2;
      INSERT INTO ratings(id, rating) VALUES (100, 9223372036854775807), (101, 100000000);
      DELETE FROM books_ratings_link WHERE book IN (4, 5);
      INSERT INTO books_ratings_link(book, rating) VALUES (4, 100), (5, 101);
      INSERT OR REPLACE INTO comments(book, text) VALUES (1, \(hugeComment));
      """)
    let outside = (folder as NSString).deletingLastPathComponent + "/outside"
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: outside)
    }
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try Self.jpeg().write(to: URL(fileURLWithPath: outside + "/cover.jpg"))
    try FileManager.default.createDirectory(atPath: folder + "/Fifo Book", withIntermediateDirectories: true)
    #expect(mkfifo(folder + "/Fifo Book/cover.jpg", 0o600) == 0)
    let library = try CalibreLibrary(folder: folder)
    // The Dispossessed's cover: a link to the picture outside.
    let linked = try #require(try library.book(2).coverPath)
    try FileManager.default.removeItem(atPath: linked)
    try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: outside + "/cover.jpg")

    #expect(try library.book(1).coverPath == nil, "../outside is not a folder of the library")
    #expect(try library.book(4).coverPath == nil, "a NUL in the path")
    #expect(try library.book(4).rating == 10 && library.book(5).rating == 10)
    #expect(CalibreLibrary.stars(Int.max) == "★★★★★" && CalibreLibrary.stars(-3) == "☆☆☆☆☆")
    let one = Dictionary(try library.details(of: 1).map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
    #expect(one["Series"] == "Hainish Cycle #?")
    #expect(one["Comments"] == "A real comment & more")
    #expect(try library.details(of: 2).contains { $0.label == "Series" && $0.value == "Hainish Cycle #1e+300" })
    #expect(try library.details(of: 4).contains { $0.label == "Rating" && $0.value.hasPrefix("★★★★★ (5.0 of 5)") })

    // Covers: the FIFO and the link out refused on the workers, the good one made.
    let loader = CalibreController.coverLoader(confinedTo: folder)
    let fifo = try #require(try library.book(5).coverPath)
    let good = try #require(try library.book(3).coverPath)
    let results = Self.settle(loader, [fifo, linked, good])
    #expect(results[fifo]?.contains("not a regular file") == true, "\(results)")
    #expect(results[linked]?.contains("outside the library") == true, "\(results)")
    #expect(results[good] == "picture", "\(results)")

    // In a terminal: every book's card and detail shown, keys still answered.
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)' --group-by series")
    try tmux.waitFor(text: "5 books · 3 series")
    for _ in 0..<5 {
      try tmux.keys("Enter")
      try tmux.waitFor(text: "Title")
      try tmux.keys("Escape", "Right")
    }
    try tmux.keys("g")
    let screen = try tmux.waitFor(text: "by tag")
    #expect(!screen.contains("★★★★★★"))
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }
}
