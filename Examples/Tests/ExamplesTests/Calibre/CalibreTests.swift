import BookCatalogueModel
import CSQLite
import Foundation
import TermGridImages
import TermGridTesting
import Testing

@testable import book_catalogue

/// Calibre libraries made by Calibre's own calibredb, opened in place.
@Suite(.serialized) struct CalibreTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("book-catalogue").path }

  /// One book for calibredb: what `add --empty` takes, and fields set after.
  struct Entry {
    var title: String
    var authors: String
    var tags = ""
    var series: (String, Double)?
    var cover = false
    var isbn: String?
    var fields: [String] = []
  }

  static let entries = [
    Entry(
      title: "The Left Hand of Darkness", authors: "Ursula K. Le Guin", tags: "sf,favourites", series: ("Hainish Cycle", 4), cover: true,
      isbn: "9780441478125", fields: ["rating:4", "pubdate:1969-06-15", "publisher:Ace"]),
    Entry(
      title: "The Dispossessed", authors: "Ursula K. Le Guin", tags: "sf", series: ("Hainish Cycle", 5), cover: true,
      fields: ["rating:5", "pubdate:1974-06-15"]),
    Entry(title: "三体", authors: "刘慈欣", tags: "sf", series: ("地球往事", 1), cover: true, isbn: "9787536692930", fields: ["pubdate:2008-01-15"]),
    Entry(title: "Good Omens", authors: "Terry Pratchett & Neil Gaiman", tags: "fantasy", fields: ["rating:3", "pubdate:1990-05-15"]),
    Entry(title: "Kindred", authors: "Octavia E. Butler"),
  ]

  /// A cover: a red disc on dark blue (its edge gives block symbols).
  static func cover() -> Bitmap {
    Bitmap(width: 200, height: 300) { x, y in
      let (dx, dy) = (x - 100, y - 150)
      return dx * dx + dy * dy < 80 * 80 ? (220, 30, 30, 255) : (20, 30, 90, 255)
    }
  }

  /// Runs calibredb on a library (headless).
  static func calibredb(_ library: String, _ args: [String]) throws {
    let result = try Spawn.run(["/usr/bin/env", "QT_QPA_PLATFORM=offscreen", "calibredb", "--with-library", library] + args)
    guard result.status == 0 else { throw Failure(description: "calibredb \(args.joined(separator: " ")): \(result.output)") }
  }

  struct Failure: Error, CustomStringConvertible { var description: String }

  /// Makes a library of `entries` with calibredb (once per run: calibredb takes a second or two a call).
  static func makeLibrary(_ name: String, _ entries: [Entry]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-calibre-\(name)-\(getpid())").path
    if FileManager.default.fileExists(atPath: folder + "/metadata.db") { return folder }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let coverFile = folder + ".cover.png"
    try Data(cover().pngData()).write(to: URL(fileURLWithPath: coverFile))
    for (i, e) in entries.enumerated() {
      var args = ["add", "--empty", "-t", e.title, "-a", e.authors]
      if !e.tags.isEmpty { args += ["-T", e.tags] }
      if let (s, n) = e.series { args += ["-s", s, "-S", String(n)] }
      if e.cover { args += ["-c", coverFile] }
      if let isbn = e.isbn { args += ["-I", "isbn:\(isbn)"] }
      try calibredb(folder, args)
      if !e.fields.isEmpty { try calibredb(folder, ["set_metadata", String(i + 1)] + e.fields.flatMap { ["--field", $0] }) }
    }
    return folder
  }

  static let library = Result { try makeLibrary("main", entries) }
  static let coverless = Result {
    try makeLibrary("plain", [Entry(title: "Emma", authors: "Jane Austen"), Entry(title: "Persuasion", authors: "Jane Austen")])
  }

  @Test func groupsAreCountedAndListedAsCalibreHasThem() throws {
    let library = try CalibreLibrary(folder: try Self.library.get())
    #expect(library.bookCount == 5 && !library.isImmutable && library.schemaVersion >= 25)
    let authors = try library.groups(by: .author)
    // By Calibre's author sort ("Butler, Octavia E.", "Gaiman, Neil", "Guin, Ursula K. Le", ...); two authors, two groups.
    #expect(authors.map(\.name) == ["Octavia E. Butler", "Neil Gaiman", "Ursula K. Le Guin", "Terry Pratchett", "刘慈欣"])
    #expect(authors.map(\.count) == [1, 1, 2, 1, 1])
    let series = try library.groups(by: .series)
    #expect(series.map(\.name) == ["Hainish Cycle", "地球往事", "(no series)"] && series.map(\.count) == [2, 1, 2])
    let hainish = try library.bookIDs(in: series[0], by: .series).map { try library.book($0).title }
    #expect(hainish == ["The Left Hand of Darkness", "The Dispossessed"], "by series index")
    let tags = try library.groups(by: .tag)
    #expect(tags.map(\.name) == ["fantasy", "favourites", "sf", "(no tags)"] && tags.map(\.count) == [1, 1, 3, 1])
    let ratings = try library.groups(by: .rating)
    #expect(ratings.map(\.name) == ["★★★★★", "★★★★☆", "★★★☆☆", "(not rated)"] && ratings.map(\.count) == [1, 1, 1, 2])
    let decades = try library.groups(by: .decade)
    #expect(decades.map(\.name) == ["1960s", "1970s", "1990s", "2000s", "Unknown year"])
    // Every grouping lists, for each group, as many books as it counts.
    for grouping in CalibreGrouping.allCases {
      for group in try library.groups(by: grouping) {
        #expect(try library.bookIDs(in: group, by: grouping).count == group.count, "\(grouping) \(group.name)")
      }
    }
  }

  @Test func aBookHasItsAuthorsYearStarsCoverAndDetails() throws {
    let folder = try Self.library.get()
    let library = try CalibreLibrary(folder: folder)
    let book = try library.book(1)
    #expect(book.title == "The Left Hand of Darkness" && book.authors == ["Ursula K. Le Guin"] && book.year == 1969 && book.rating == 8)
    let cover = try #require(book.coverPath)
    #expect(cover.hasPrefix(folder + "/") && cover.hasSuffix("/cover.jpg") && FileManager.default.fileExists(atPath: cover))
    #expect(try ImageInfo(contentsOf: cover).format == .jpeg)
    let omens = try library.book(4)
    #expect(omens.authors == ["Terry Pratchett", "Neil Gaiman"] && omens.coverPath == nil)
    #expect(try library.book(5).year == nil, "no date in Calibre")
    let rows = Dictionary(try library.details(of: 1).map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
    #expect(rows["Series"] == "Hainish Cycle #4" && rows["Tags"] == "favourites, sf" && rows["Publisher"] == "Ace")
    #expect(rows["ISBN"] == "9780441478125" && rows["Rating"] == "★★★★☆ (4.0 of 5)")
    #expect(try library.details(of: 4).first { $0.label == "Authors" }?.value == "Terry Pratchett & Neil Gaiman")
  }

  /// A copy of the library's folder.
  static func copy(_ folder: String, _ name: String) throws -> String {
    let copy = folder + "-" + name
    try? FileManager.default.removeItem(atPath: copy)
    try FileManager.default.copyItem(atPath: folder, toPath: copy)
    return copy
  }

  static func exec(_ db: OpaquePointer?, _ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
      defer { sqlite3_free(message) }
      throw Failure(description: "\(sql): \(message.map { String(cString: $0) } ?? "")")
    }
  }

  @Test func aLibraryWithoutBooksIsbnAsCalibre9MakesThemReadsTheSame() throws {
    let folder = try Self.copy(try Self.library.get(), "v26")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var db: OpaquePointer?
    #expect(sqlite3_open(folder + "/metadata.db", &db) == SQLITE_OK)
    // Calibre 9's schema (26) has no books.isbn: the views that name it go first.
    var views: [String] = []
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type IN ('view', 'trigger')", -1, &statement, nil)
    while sqlite3_step(statement) == SQLITE_ROW { views.append(String(cString: sqlite3_column_text(statement, 0))) }
    sqlite3_finalize(statement)
    for v in views { try? Self.exec(db, "DROP VIEW IF EXISTS \"\(v)\"; DROP TRIGGER IF EXISTS \"\(v)\"") }
    try Self.exec(db, "ALTER TABLE books DROP COLUMN isbn; PRAGMA user_version = 26")
    sqlite3_close(db)
    let library = try CalibreLibrary(folder: folder)
    #expect(library.schemaVersion == 26)
    #expect(try library.groups(by: .author).count == 5)
    #expect(try library.details(of: 3).contains { $0.label == "ISBN" && $0.value == "9787536692930" })
  }

  @Test func aLibraryLockedByAWriterIsReadFromAPrivateCopyAndNeverWritten() throws {
    let folder = try Self.copy(try Self.library.get(), "locked")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/metadata.db"
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    // A writer holding the database as Calibre does while it writes.
    var writer: OpaquePointer?
    #expect(sqlite3_open(path, &writer) == SQLITE_OK)
    try Self.exec(writer, "BEGIN EXCLUSIVE")
    defer {
      try? Self.exec(writer, "ROLLBACK")
      sqlite3_close(writer)
    }
    let library = try CalibreLibrary(folder: folder)
    #expect(library.isImmutable)
    #expect(try library.groups(by: .series).map(\.name).first == "Hainish Cycle")
    let controller = try CalibreController(library: library)
    #expect(library.readMode == .privateCopy(.locked))
    #expect(controller.titleText?.contains("locked: shown before the change") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "not a byte written")
  }

  @Test func missingAndWrongFoldersAreClearErrors() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("tg-calibre-empty-\(getpid())").path
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    var result = try Spawn.run([Self.binary, "--calibre", empty])
    #expect(result.status == 1 && result.output.contains("no metadata.db in \(empty)"))
    result = try Spawn.run([Self.binary, "--calibre", empty + "/nowhere"])
    #expect(result.status == 1 && result.output.contains("--calibre: no such folder: \(empty)/nowhere"), "\(result.output)")
    try Data("text".utf8).write(to: URL(fileURLWithPath: empty + "/file.txt"))
    result = try Spawn.run([Self.binary, "--calibre", empty + "/file.txt"])
    #expect(result.status == 1 && result.output.contains("--calibre: not a folder: \(empty)/file.txt"), "\(result.output)")
    try Data("not a database, just text".utf8).write(to: URL(fileURLWithPath: empty + "/metadata.db"))
    result = try Spawn.run([Self.binary, "--calibre", empty])
    #expect(result.status == 1 && result.output.contains("cannot read"))
    result = try Spawn.run([Self.binary, "--calibre", empty, "--group-by", "shelf"])
    #expect(result.status != 0 && result.output.contains("author, series, tag, rating, decade"))
  }

  /// A library the user may not read says so (it said "no metadata.db in
  /// …: not a Calibre library").
  @Test func aLibraryThatCannotBeReadSaysWhy() throws {
    let base = "/tmp/tg-calibre-unreadable-\(getpid())"
    let fm = FileManager.default
    try? fm.removeItem(atPath: base)
    defer {
      chmod(base + "/library", 0o755)
      try? fm.removeItem(atPath: base)
    }
    try fm.createDirectory(atPath: base, withIntermediateDirectories: true)
    try fm.copyItem(atPath: try Self.library.get(), toPath: base + "/library")
    let command = try Unprivileged.command(Self.binary, copyingInto: base + "/bin")
    #expect(chmod(base, 0o755) == 0 && chmod(base + "/library", 0) == 0)
    let result = try Spawn.run(command + ["--calibre", base + "/library"])
    #expect(result.status == 1 && result.output.contains("--calibre: cannot read \(base)/library: Permission denied"), "\(result.output)")
  }

  /// Lines with at least two block symbols (a picture's edges).
  static func pictureRows(_ screen: String) -> Int {
    screen.split(separator: "\n").filter { line in
      line.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value) }.count >= 2
    }.count
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func browsingALibraryInATerminal(width: Int, height: Int) throws {
    let folder = try Self.library.get()
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)' --group-by series")
    var screen = try tmux.waitFor("the covers") { $0.contains("5 books · 3 series") && Self.pictureRows($0) >= 2 }
    #expect(screen.contains("─ Hainish Cycle ─") && screen.contains("★★★★☆") && screen.contains("1969"))
    try tmux.keys("Enter")
    // The large cover is rasterized off the main thread: the fields come first, then the picture.
    screen = try tmux.waitFor("the detail with the cover, large") {
      $0.contains("9780441478125") && $0.contains("Hainish Cycle #4") && Self.pictureRows($0) >= 4
    }
    try tmux.keys("Escape", "Tab")
    screen = try tmux.waitFor(text: "三体")
    try tmux.keys("g")
    screen = try tmux.waitFor(text: "by tag")
    #expect(screen.contains("─ fantasy ─"))
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    screen = try tmux.waitFor("the library again") { $0.contains("─ fantasy ─") && $0.contains("Good Omens") }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  @Test func aLibraryWithoutCoversShowsPlainBoards() throws {
    let folder = try Self.coverless.get()
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --calibre '\(folder)'")
    let screen = try tmux.waitFor(text: "2 books · 1 author")
    #expect(screen.contains("Emma") && screen.contains("Persuasion") && screen.contains("─ Jane Austen ─"))
    #expect(Self.pictureRows(screen) == 0 && !screen.contains("!"), "boards, not broken pictures")
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }
}
