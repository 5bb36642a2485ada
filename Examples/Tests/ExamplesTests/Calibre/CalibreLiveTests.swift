import BookCatalogueModel
import CSQLite
import Foundation
import TermGridTesting
import Testing

/// Calibre libraries that Calibre itself is using while the catalogue
/// shows them: Calibre (its own database layer, through `calibre-debug`)
/// holds the library open, adds, retitles and removes books, holds it
/// locked while it writes, and crashes in the middle of a change. In both
/// of SQLite's journal modes: Calibre's default (a rollback journal) and
/// WAL (with its `-wal` and `-shm`).
@Suite(.serialized) struct CalibreLiveTests {
  static var binary: String { CalibreTests.binary }

  /// A copy of the test library (made by calibredb), in `journal` mode.
  static func library(_ name: String, journal: String) throws -> String {
    let folder = try CalibreTests.copy(try CalibreTests.library.get(), name)
    var db: OpaquePointer?
    guard sqlite3_open(folder + "/metadata.db", &db) == SQLITE_OK else { throw CalibreTests.Failure(description: "open") }
    defer { sqlite3_close(db) }
    try CalibreTests.exec(db, "PRAGMA journal_mode=\(journal)")
    return folder
  }

  /// The folder's files and the bytes of its database files.
  static func state(of folder: String) throws -> [String: Data] {
    var state: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      state[name] = name.hasPrefix("metadata.db") ? try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) : Data()
    }
    return state
  }

  /// The lines of an strace log that open a file of `folder` for writing,
  /// create, truncate, remove or rename one.
  static func writes(in trace: String, to folder: String) -> [String] {
    trace.split(separator: "\n").map(String.init).filter { line in
      guard line.contains(folder + "/") else { return false }
      let opensToWrite = ["O_RDWR", "O_WRONLY", "O_CREAT", "O_TRUNC"].contains { line.contains($0) }
      let changes = ["unlink", "rename", "mkdir", "truncate", "creat("].contains { line.contains($0) }
      return opensToWrite || changes
    }
  }

  /// With Calibre holding the library open (and, in WAL mode, its `-wal`
  /// and `-shm` in use), the catalogue browsed and quit under strace opens
  /// no file of the library for writing and changes no byte of any: in WAL
  /// mode it opened the `-wal` and `-shm` `O_RDWR|O_CREAT` and wrote its
  /// read marks into the `-shm`.
  @Test(arguments: ["DELETE", "WAL"])
  func whileCalibreHasTheLibraryOpenNothingOfItIsOpenedForWritingOrChanged(journal: String) throws {
    let folder = try Self.library("open-\(journal)", journal: journal)
    let trace = folder + ".strace"
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: trace)
    }
    let calibre = try CalibreProcess(library: folder)
    try calibre.send("add Written by Calibre|Calibre Writer")
    // A change last, with no read after it: in WAL mode no reader's mark
    // in the -shm is at the WAL's end, so a reader that may write one does.
    try calibre.send("sql UPDATE books SET last_modified = '2024-01-01 00:00:00+00:00' WHERE id = 1")
    let before = try Self.state(of: folder)
    if journal == "WAL" { #expect(before["metadata.db-wal"] != nil && before["metadata.db-shm"] != nil, "Calibre's WAL in use") }
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(
      "strace -f -o '\(trace)' -e trace=open,openat,creat,truncate,ftruncate,unlink,unlinkat,rename,renameat,renameat2,mkdir,mkdirat"
        + " \(TmuxSession.quoted(Self.binary)) --calibre '\(folder)'")
    try tmux.waitFor(text: "6 books · 6 authors")
    try tmux.keys("Enter")
    try tmux.waitFor(text: "Octavia E. Butler  ║")
    try tmux.keys("Escape", "End", "g", "g", "Tab", "Enter")
    try tmux.waitFor(text: "Esc or q to return")
    try tmux.keys("Escape", "q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    #expect(try Self.state(of: folder) == before, "no file created, not a byte written (the -shm's read marks included)")
    let log = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(log.contains(folder + "/metadata.db"), "the trace saw the database opened")
    #expect(Self.writes(in: log, to: folder).isEmpty, "\(Self.writes(in: log, to: folder))")
    try calibre.quit()
  }

  /// Books Calibre adds, retitles and removes while the library is shown
  /// come in as an update, the focus staying on its book: they were
  /// neither shown nor counted.
  @Test(arguments: ["DELETE", "WAL"])
  func booksCalibreAddsRetitlesAndRemovesComeInAndTheFocusStays(journal: String) throws {
    let folder = try Self.library("changes-\(journal)", journal: journal)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try TmuxSession(width: 200, height: 60)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)'")
    try tmux.waitFor(text: "5 books · 5 authors")
    // The focus on The Left Hand of Darkness, Le Guin's second book.
    try tmux.keys("Tab", "Tab", "Right")
    try tmux.waitFor(text: "2/2 The Left Hand of Darkness")
    let calibre = try CalibreProcess(library: folder)
    try calibre.send("add Always Coming Home|Ursula K. Le Guin")
    var screen = try tmux.waitFor("the book added before the focus") {
      $0.contains("6 books · 5 authors") && $0.contains("Always Coming")
    }
    #expect(screen.contains("3/3 The Left Hand of Darkness"), "the focus stays on its book: \(screen)")
    try calibre.send("add Parable of the Sower|Nalo Hopkinson")
    screen = try tmux.waitFor("a new author") { $0.contains("7 books · 6 authors") && $0.contains("─ Nalo Hopkinson ─") }
    #expect(screen.contains("3/3 The Left Hand of Darkness"))
    try calibre.send("title 4|Good Omens Revised")
    try tmux.waitFor("the retitled book") { $0.contains("Revised") && $0.contains("7 books · 6 authors") }
    try calibre.send("remove 5")
    screen = try tmux.waitForSettled("the removed book gone") {
      $0.contains("6 books · 5 authors") && !$0.contains("Kindred") && !$0.contains("Octavia E. Butler")
    }
    #expect(screen.contains("3/3 The Left Hand of Darkness"), "\(screen)")
    try calibre.quit()
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  /// The focus stays on its book, on screen, when Calibre adds books above
  /// the part of the library shown.
  @Test func booksAddedAboveTheViewKeepTheFocusedBookOnScreen() throws {
    let folder = try Self.library("above", journal: "DELETE")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)'")
    try tmux.waitFor(text: "5 books · 5 authors")
    try tmux.keys("End")
    try tmux.waitFor(text: "1/1 三体")
    let calibre = try CalibreProcess(library: folder)
    for i in 1...6 { try calibre.send("add Another Butler \(i)|Octavia E. Butler") }
    let screen = try tmux.waitFor("the books added") { $0.contains("11 books · 5 authors") }
    #expect(screen.contains("1/1 三体") && screen.contains("─ 刘慈欣 ─"), "\(screen)")
    try calibre.quit()
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  /// While Calibre holds the library locked, writing, the cards that must
  /// be read wait ("…") instead of saying "(unreadable book)" (a read gave
  /// up after 200 ms and the card kept saying so); a lock held longer has
  /// the library read from a private copy (as it was before the change),
  /// and the commit brings the change in, in place.
  @Test func whileCalibreHoldsTheLibraryLockedNoCardIsUnreadable() throws {
    let folder = try Self.library("locked", journal: "DELETE")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // (Wide enough for the title's note after the library's long name.)
    let tmux = try TmuxSession(width: 140, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)'")
    try tmux.waitFor(text: "5 books · 5 authors")
    let calibre = try CalibreProcess(library: folder)
    try calibre.send("begin")
    try calibre.send("add Written While Locked|Octavia E. Butler")
    // The last author's books, never listed yet: to be read while locked.
    try tmux.keys("End")
    var sawUnreadable = false
    var screen = try tmux.waitFor("the library from a copy") {
      if $0.contains("(unreadable book)") { sawUnreadable = true }
      return $0.contains("locked: shown before the change") && $0.contains("三体")
        && $0.contains("another program is writing metadata.db")
    }
    #expect(!sawUnreadable)
    #expect(screen.contains("5 books"), "as before the change: \(screen)")
    try calibre.send("commit")
    screen = try tmux.waitFor("the change, in place") {
      if $0.contains("(unreadable book)") { sawUnreadable = true }
      return $0.contains("6 books · 5 authors") && !$0.contains("locked:")
    }
    #expect(!sawUnreadable)
    #expect(screen.contains("the library is read in place again"), "\(screen)")
    // (A key clears the message: the focus shows in its place.)
    try tmux.keys("Right")
    try tmux.waitFor(text: "1/1 三体")
    try tmux.keys("g")
    try tmux.waitFor(text: "by series")
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    try calibre.quit()
  }

  /// Calibre killed in WAL mode leaves its `-wal` (holding a book it
  /// added) and `-shm` with no program on them: the catalogue shows the
  /// book and changes no byte (a reader that may write the `-shm` takes it
  /// over as the first one there: it truncated and rebuilt it).
  @Test func aWALLeftByCalibreKilledIsReadWithNotAByteWritten() throws {
    let folder = try Self.library("killed-WAL", journal: "WAL")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let calibre = try CalibreProcess(library: folder)
    try calibre.send("sql PRAGMA wal_autocheckpoint=0")
    try calibre.send("add Unfolded|Calibre Writer")
    calibre.crash()
    let before = try Self.state(of: folder)
    #expect(before["metadata.db-wal"] != nil && before["metadata.db-shm"] != nil)
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)'")
    try tmux.waitFor(text: "6 books · 6 authors")
    try tmux.keys("End")
    try tmux.waitFor(text: "Unfolded")
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    #expect(try Self.state(of: folder) == before, "not a byte written, the -shm included")
  }

  /// Calibre killed in the middle of a change leaves a hot journal (and
  /// pages of the change in the database): the catalogue shows the library
  /// as Calibre will restore it, writing nothing (it said "attempt to
  /// write a readonly database"); once Calibre has run again, in place.
  @Test func aHotJournalLeftByCalibreIsShownAsCalibreWillRestoreIt() throws {
    let folder = try Self.library("hot", journal: "DELETE")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let calibre = try CalibreProcess(library: folder)
    for command in [
      "begin", "sql PRAGMA cache_size=10", "sql UPDATE books SET title = 'HALF WRITTEN'",
      // Enough pages changed that some are written to the database before the commit.
      "sql INSERT OR REPLACE INTO comments(book, text) VALUES (1, hex(randomblob(300000)))",
    ] {
      try calibre.send(command)
    }
    calibre.crash()
    let before = try Self.state(of: folder)
    #expect(before["metadata.db-journal"] != nil, "a hot journal")
    let library = try CalibreLibrary(folder: folder)
    #expect(library.readMode == .privateCopy(.hotJournal))
    #expect(try library.book(1).title == "The Left Hand of Darkness")
    #expect(try library.groups(by: .author).map(\.count).reduce(0, +) == 6)
    let tmux = try TmuxSession(width: 140, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)'")
    let screen = try tmux.waitFor(text: "unfinished change not shown")
    #expect(screen.contains("5 books · 5 authors") && screen.contains("Kindred") && !screen.contains("HALF"), "\(screen)")
    #expect(try Self.state(of: folder) == before, "not a byte written, no file created")
    // Calibre again: it undoes the change; the catalogue reads in place.
    try CalibreTests.calibredb(folder, ["list"])
    try tmux.waitFor("in place") { !$0.contains("unfinished") && $0.contains("5 books · 5 authors") && $0.contains("Kindred") }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }
}
