import CSVScanning
import Foundation

/// How a Calibre library's books are grouped into sections.
enum CalibreGrouping: String, CaseIterable, Sendable {
  case author, series, tag, rating, decade

  /// The next grouping (g cycles).
  var next: CalibreGrouping {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}

/// One section: a group's name, how many books it has, and what selects them.
struct CalibreGroup: Hashable, Sendable {
  enum Key: Hashable, Sendable {
    /// An author, series or tag by its id, a rating by its value (0-10), a decade by its first year.
    case value(Int64)
    /// The books with none (no series, no tag, not rated, no date).
    case none
  }
  var name: String
  var count: Int
  var key: Key
}

/// What a card shows of a book.
struct CalibreBook: Sendable {
  var id: Int64
  var title: String
  var authors: [String]
  /// The publication year (nil when Calibre has none).
  var year: Int?
  /// Stars x 2, as Calibre stores them (0: none).
  var rating: Int
  /// The cover file, when the book has one.
  var coverPath: String?
}

/// Why a Calibre library cannot be opened.
enum CalibreError: Error, CustomStringConvertible {
  case folder(String, FolderProblem)
  case missingDatabase(String)
  case unreadable(String, String)

  var description: String {
    switch self {
    case .folder(let p, let problem): return problem.message("--calibre", p)
    case .missingDatabase(let p): return "--calibre: no metadata.db in \(p): not a Calibre library"
    case .unreadable(let p, let why): return "--calibre: cannot read \(p): \(why)"
    }
  }
}

/// How a Calibre library's database was opened.
enum CalibreReadMode: Equatable, Sendable {
  /// Read only, with SQLite's locks and Calibre's write-ahead log when it
  /// has one: what Calibre changes shows on the next read.
  case shared
  /// Read as the file is (SQLite's `immutable=1`): no lock, no journal, no
  /// file created beside it; later changes are not seen.
  case immutable(ImmutableReason)

  /// Why the database was read as immutable.
  enum ImmutableReason: Equatable, Sendable {
    /// A running Calibre held it locked.
    case locked
    /// It is in WAL mode with no Calibre using it (no `-wal` and `-shm`
    /// beside it): a shared read would create them in the library.
    case writeAheadLogNotInUse
    /// A `metadata.db-wal` with changes in it was left without its `-shm`
    /// (Calibre ended without folding it in): reading it would create the
    /// `-shm`, so those changes are not shown.
    case leftOverWriteAheadLog
  }
}

/// A Calibre library opened in place, read only: its `metadata.db` through
/// SQLite (only the base tables: Calibre's views and triggers call
/// functions of its own), covers at `<library>/<books.path>/cover.jpg`.
/// Groups are counted by query and a group's books listed when it is first
/// shown; a book's fields are read when its card is drawn.
///
/// Never writes, and never creates a file in the library: a database in
/// rollback-journal mode is opened read only (a locked one, held by a
/// running Calibre, as immutable); one in WAL mode is read through
/// Calibre's `-wal` and `-shm` when both are there (Calibre is running, and
/// its latest changes show), and otherwise as immutable (SQLite would
/// create the two files to read it shared). See ``readMode``.
///
/// What the database holds is not trusted: a book's folder must be a
/// relative path inside the library (no `..`, no NUL, no control
/// characters), numbers are bounded (a rating 0-10, a series index that is
/// finite), and comments are cut to what the detail view shows.
final class CalibreLibrary {
  let folder: String
  private let db: SQLiteDatabase
  /// How the database was opened.
  let readMode: CalibreReadMode
  /// True when the database was opened with `immutable=1`.
  var isImmutable: Bool { readMode != .shared }
  /// `PRAGMA user_version` (25 for Calibre 6, 26 from Calibre 9 on, which has no `books.isbn`).
  let schemaVersion: Int
  /// The number of books.
  let bookCount: Int
  private var books: [Int64: CalibreBook] = [:]

  init(folder: String) throws(CalibreError) {
    // (Its files are opened by name: the folder need not be listable.)
    if let problem = FolderProblem.of(folder, listing: false) { throw .folder(folder, problem) }
    self.folder = folder
    let path = (folder as NSString).appendingPathComponent("metadata.db")
    var info = stat()
    guard stat(path, &info) == 0 else {
      let problem = FolderProblem.problem(errno)
      if problem == .noSuchFolder { throw .missingDatabase(folder) }
      throw .folder(folder, problem)
    }
    func open(immutable: Bool) throws -> (SQLiteDatabase, Int, Int) {
      let db = try SQLiteDatabase(path: path, immutable: immutable)
      let version = try db.integer("PRAGMA user_version")
      let count = try db.integer("SELECT count(*) FROM books")
      return (db, Int(version), Int(count))
    }
    do {
      var opened: (SQLiteDatabase, Int, Int)
      var mode = CalibreReadMode.shared
      if let reason = try Self.immutableReason(forDatabaseAt: path) {
        opened = try open(immutable: true)
        mode = .immutable(reason)
      } else {
        do {
          opened = try open(immutable: false)
        } catch let e as SQLiteError where e.isLocked {
          opened = try open(immutable: true)
          mode = .immutable(.locked)
        }
      }
      (db, schemaVersion, bookCount) = opened
      readMode = mode
    } catch {
      throw .unreadable(path, "\(error)")
    }
  }

  /// Why the database at `path` must be read as immutable for nothing to
  /// be created beside it, or nil when a shared read creates nothing. A
  /// database in WAL mode (bytes 18 and 19 of its header are 2) is read
  /// shared only while both its `-wal` and `-shm` exist.
  static func immutableReason(forDatabaseAt path: String) throws -> CalibreReadMode.ImmutableReason? {
    let header = try RegularFile.read(path, upTo: 100)
    guard header.count >= 20, header.starts(with: Array("SQLite format 3\0".utf8)), header[18] == 2 || header[19] == 2 else {
      return nil
    }
    let wal = RegularFile.size(of: path + "-wal")
    let shm = RegularFile.size(of: path + "-shm")
    if wal != nil && shm != nil { return nil }
    // A WAL of its 32-byte header alone holds no change.
    if let wal, wal > 32 { return .leftOverWriteAheadLog }
    return .writeAheadLogNotInUse
  }

  // MARK: groups

  /// The groups of a grouping, in order, with their counts (the group of
  /// books with none last). Authors by their sort name, series and tags by
  /// name, ratings from five stars down, decades in time.
  func groups(by grouping: CalibreGrouping) throws -> [CalibreGroup] {
    var groups: [CalibreGroup] = []
    func add(_ sql: String, name: (SQLiteDatabase.Row) -> String) throws {
      try db.query(sql) { r in groups.append(CalibreGroup(name: name(r), count: Int(r.int(1)), key: .value(r.int(0)))) }
    }
    func addNone(_ link: String, _ name: String) throws {
      let n = try db.integer("SELECT count(*) FROM books WHERE NOT EXISTS (SELECT 1 FROM \(link) l WHERE l.book = books.id)")
      if n > 0 { groups.append(CalibreGroup(name: name, count: Int(n), key: .none)) }
    }
    switch grouping {
    case .author:
      try add(
        "SELECT a.id, count(*), a.name FROM authors a JOIN books_authors_link l ON l.author = a.id GROUP BY a.id ORDER BY a.sort COLLATE NOCASE, a.name"
      ) { $0.text(2) }
      try addNone("books_authors_link", "(no author)")
    case .series:
      try add(
        "SELECT s.id, count(*), s.name FROM series s JOIN books_series_link l ON l.series = s.id GROUP BY s.id ORDER BY s.sort COLLATE NOCASE, s.name"
      ) { $0.text(2) }
      try addNone("books_series_link", "(no series)")
    case .tag:
      try add(
        "SELECT t.id, count(*), t.name FROM tags t JOIN books_tags_link l ON l.tag = t.id GROUP BY t.id ORDER BY t.name COLLATE NOCASE"
      ) {
        $0.text(2)
      }
      try addNone("books_tags_link", "(no tags)")
    case .rating:
      try add(
        "SELECT r.rating, count(*) FROM ratings r JOIN books_ratings_link l ON l.rating = r.id WHERE r.rating > 0 GROUP BY r.rating ORDER BY r.rating DESC"
      ) { Self.stars(Int($0.int(0))) }
      let rated = groups.reduce(0) { $0 + $1.count }
      if bookCount - rated > 0 { groups.append(CalibreGroup(name: "(not rated)", count: bookCount - rated, key: .none)) }
    case .decade:
      // Calibre's "no date" is the year 101.
      try add(
        "SELECT CAST(substr(pubdate, 1, 4) AS INTEGER) / 10 * 10 AS d, count(*) FROM books WHERE CAST(substr(pubdate, 1, 4) AS INTEGER) > 101 GROUP BY d ORDER BY d"
      ) { "\($0.int(0))s" }
      let dated = groups.reduce(0) { $0 + $1.count }
      if bookCount - dated > 0 { groups.append(CalibreGroup(name: "Unknown year", count: bookCount - dated, key: .none)) }
    }
    return groups
  }

  /// The ids of a group's books in the order shown: by title (series by their index, decades by date).
  func bookIDs(in group: CalibreGroup, by grouping: CalibreGrouping) throws -> [Int64] {
    var ids: [Int64] = []
    ids.reserveCapacity(group.count)
    let collect: (SQLiteDatabase.Row) -> Void = { ids.append($0.int(0)) }
    switch (grouping, group.key) {
    case (.author, .value(let id)):
      try db.query(
        "SELECT b.id FROM books_authors_link l JOIN books b ON b.id = l.book WHERE l.author = ? ORDER BY b.sort COLLATE NOCASE, b.id",
        [.int(id)], row: collect)
    case (.series, .value(let id)):
      try db.query(
        "SELECT b.id FROM books_series_link l JOIN books b ON b.id = l.book WHERE l.series = ? ORDER BY b.series_index, b.sort COLLATE NOCASE",
        [.int(id)], row: collect)
    case (.tag, .value(let id)):
      try db.query(
        "SELECT b.id FROM books_tags_link l JOIN books b ON b.id = l.book WHERE l.tag = ? ORDER BY b.sort COLLATE NOCASE, b.id", [.int(id)],
        row: collect)
    case (.rating, .value(let value)):
      try db.query(
        "SELECT b.id FROM books_ratings_link l JOIN ratings r ON r.id = l.rating JOIN books b ON b.id = l.book WHERE r.rating = ? ORDER BY b.sort COLLATE NOCASE, b.id",
        [.int(value)], row: collect)
    case (.decade, .value(let decade)):
      try db.query(
        "SELECT id FROM books WHERE CAST(substr(pubdate, 1, 4) AS INTEGER) BETWEEN ? AND ? ORDER BY pubdate, sort COLLATE NOCASE",
        [.int(decade), .int(decade + 9)],
        row: collect)
    case (.author, .none), (.series, .none), (.tag, .none):
      let link = ["author": "books_authors_link", "series": "books_series_link", "tag": "books_tags_link"][grouping.rawValue]!
      try db.query(
        "SELECT id FROM books WHERE NOT EXISTS (SELECT 1 FROM \(link) l WHERE l.book = books.id) ORDER BY sort COLLATE NOCASE, id",
        row: collect)
    case (.rating, .none):
      try db.query(
        "SELECT id FROM books WHERE NOT EXISTS (SELECT 1 FROM books_ratings_link l JOIN ratings r ON r.id = l.rating WHERE l.book = books.id AND r.rating > 0) ORDER BY sort COLLATE NOCASE, id",
        row: collect)
    case (.decade, .none):
      try db.query(
        "SELECT id FROM books WHERE CAST(substr(pubdate, 1, 4) AS INTEGER) <= 101 OR pubdate IS NULL ORDER BY sort COLLATE NOCASE, id",
        row: collect)
    }
    return ids
  }

  // MARK: books

  /// What a card shows of the book `id` (read once, then kept).
  func book(_ id: Int64) throws -> CalibreBook {
    if let known = books[id] { return known }
    var book = CalibreBook(id: id, title: "", authors: [], year: nil, rating: 0, coverPath: nil)
    try db.query("SELECT title, pubdate, has_cover, path FROM books WHERE id = ?", [.int(id)]) { r in
      book.title = r.text(0)
      book.year = Self.year(r.text(1))
      if r.int(2) != 0, let relative = Self.bookFolder(r.text(3)) {
        book.coverPath = folder + "/" + relative + "/cover.jpg"
      }
    }
    try db.query("SELECT a.name FROM books_authors_link l JOIN authors a ON a.id = l.author WHERE l.book = ? ORDER BY l.id", [.int(id)]) {
      book.authors.append($0.text(0))
    }
    book.rating = Self.rating(
      try db.integer("SELECT r.rating FROM books_ratings_link l JOIN ratings r ON r.id = l.rating WHERE l.book = ?", [.int(id)]))
    books[id] = book
    return book
  }

  /// Every field of a book worth showing, in order: for the detail view.
  func details(of id: Int64) throws -> [(label: String, value: String)] {
    let book = try self.book(id)
    var rows: [(String, String)] = [("Title", book.title)]
    if !book.authors.isEmpty { rows.append((book.authors.count == 1 ? "Author" : "Authors", book.authors.joined(separator: " & "))) }
    try db.query(
      "SELECT s.name, b.series_index FROM books_series_link l JOIN series s ON s.id = l.series JOIN books b ON b.id = l.book WHERE l.book = ?",
      [.int(id)]
    ) { r in
      rows.append(("Series", "\(r.text(0)) #\(Self.seriesNumber(r.double(1)))"))
    }
    var tags: [String] = []
    try db.query(
      "SELECT t.name FROM books_tags_link l JOIN tags t ON t.id = l.tag WHERE l.book = ? ORDER BY t.name COLLATE NOCASE", [.int(id)]
    ) {
      tags.append($0.text(0))
    }
    if !tags.isEmpty { rows.append(("Tags", tags.joined(separator: ", "))) }
    if book.rating > 0 { rows.append(("Rating", "\(Self.stars(book.rating)) (\(Double(book.rating) / 2) of 5)")) }
    try db.query("SELECT p.name FROM books_publishers_link l JOIN publishers p ON p.id = l.publisher WHERE l.book = ?", [.int(id)]) {
      rows.append(("Publisher", $0.text(0)))
    }
    try db.query("SELECT pubdate FROM books WHERE id = ?", [.int(id)]) { r in
      if Self.year(r.text(0)) != nil { rows.append(("Published", String(r.text(0).prefix(10)))) }
    }
    try db.query("SELECT type, val FROM identifiers WHERE book = ? ORDER BY type", [.int(id)]) { r in
      rows.append((r.text(0).lowercased() == "isbn" ? "ISBN" : r.text(0), r.text(1)))
    }
    try db.query("SELECT text FROM comments WHERE book = ?", [.int(id)]) { r in
      let text = r.withBytes(0) { Self.plainText(ofHTML: $0) }
      if !text.isEmpty { rows.append(("Comments", text)) }
    }
    return rows
  }
}
