import CSVScanning
import Foundation

/// A Calibre library opened in place, read only: its `metadata.db` through
/// SQLite (only the base tables: Calibre's views and triggers call
/// functions of its own), covers at `<library>/<books.path>/cover.jpg`.
/// Groups are counted by query and a group's books listed when it is first
/// shown; a book's fields are read when its card is drawn.
///
/// Never writes, and never creates a file in the library, however it is
/// read (``readMode``): in place with SQLite's locks, through Calibre's
/// `-wal` and `-shm` when the database is in WAL mode and both are there;
/// in place as immutable when it is in WAL mode and neither is (a shared
/// read would create them); from a private copy outside the library when
/// reading in place would need a write (a hot journal to undo, a WAL
/// left without its `-shm`) or a writer holds it locked.
///
/// What the database holds is not trusted: a book's folder must be a
/// relative path inside the library (no `..`, no NUL, no control
/// characters), numbers are bounded (a rating 0-10, a series index that is
/// finite), and comments are cut to what the detail view shows.
public final class CalibreLibrary {
  /// The library's folder.
  public let folder: String
  /// The database file, `<folder>/metadata.db`.
  public let path: String
  private let db: SQLiteDatabase
  /// How the database is read.
  public let readMode: CalibreReadMode
  /// True when the database is not read in place with SQLite's locks.
  public var isImmutable: Bool { readMode != .shared }
  /// `PRAGMA user_version` (25 for Calibre 6, 26 from Calibre 9 on, which has no `books.isbn`).
  public let schemaVersion: Int
  /// The number of books, as of the last time groups were read.
  public private(set) var bookCount: Int
  private var books: [Int64: CalibreBook] = [:]

  /// How long a first read waits for a writer's lock, in milliseconds,
  /// before the library is read from a private copy (a commit takes a
  /// few milliseconds; a program may hold the lock for much longer).
  public static let openingWait: Int32 = 1000

  /// How long a read waits for a writer's lock while the library is shown,
  /// in milliseconds: short, since the app reads on its main thread; a read
  /// that gives up is tried again later.
  public static let readingWait = SQLiteDatabase.readingWait

  /// Opens the library at `folder`. With `copying` false, a library that
  /// can only be read from a private copy throws ``CalibreError/needsCopy(_:)``
  /// instead (an app reopening a library it already shows keeps what it has).
  /// A first read waits `wait` milliseconds for a writer's lock.
  public init(folder: String, copying: Bool = true, wait: Int32 = openingWait) throws(CalibreError) {
    // (Its files are opened by name: the folder need not be listable.)
    if let problem = FolderProblem.of(folder, listing: false) { throw .folder(folder, problem) }
    self.folder = folder
    path = (folder as NSString).appendingPathComponent("metadata.db")
    var info = stat()
    guard stat(path, &info) == 0 else {
      let problem = FolderProblem.problem(errno)
      if problem == .noSuchFolder { throw .missingDatabase(folder) }
      throw .folder(folder, problem)
    }
    do {
      (db, readMode) = try Self.open(path, copying: copying, wait: wait)
      schemaVersion = Int(try db.integer("PRAGMA user_version"))
      bookCount = Int(try db.integer("SELECT count(*) FROM books"))
    } catch let error as CalibreError {
      throw error
    } catch {
      throw .unreadable(path, "\(error)")
    }
  }

  /// The database at `path`, and how it is read.
  static func open(_ path: String, copying: Bool, wait: Int32) throws -> (SQLiteDatabase, CalibreReadMode) {
    let reason: CalibreReadMode.CopyReason
    switch try writeAheadLog(ofDatabaseAt: path) {
    case .none, .inUse:
      let db = try SQLiteDatabase(path: path, access: .shared, busyTimeout: wait)
      do {
        // The first read finds a hot journal or a writer's lock.
        _ = try db.integer("SELECT count(*) FROM sqlite_master")
        db.busyTimeout = SQLiteDatabase.readingWait
        return (db, .shared)
      } catch let error as SQLiteError where error.isHotJournal {
        reason = .hotJournal
      } catch let error as SQLiteError where error.isLocked {
        reason = .locked
      }
    case .unused:
      return (try SQLiteDatabase(path: path, access: .immutable), .immutable)
    case .leftOver:
      reason = .leftOverWriteAheadLog
    }
    guard copying else { throw CalibreError.needsCopy(reason) }
    return (try PrivateCopy.make(of: path), .privateCopy(reason))
  }

  /// The state of a database's write-ahead log.
  enum WriteAheadLog {
    /// The database is in rollback mode.
    case none
    /// In WAL mode with its `-wal` and `-shm`: a program has it open (or had, and ended without removing them).
    case inUse
    /// In WAL mode with neither, or a `-wal` that holds nothing.
    case unused
    /// In WAL mode with a `-wal` that holds changes and no `-shm`.
    case leftOver
  }

  /// The state of the WAL of the database at `path`: a database is in WAL
  /// mode when bytes 18 and 19 of its header are 2.
  static func writeAheadLog(ofDatabaseAt path: String) throws -> WriteAheadLog {
    let header = try RegularFile.read(path, upTo: 100)
    guard header.count >= 20, header.starts(with: Array("SQLite format 3\0".utf8)), header[18] == 2 || header[19] == 2 else {
      return .none
    }
    let wal = RegularFile.size(of: path + "-wal")
    let shm = RegularFile.size(of: path + "-shm")
    if wal != nil && shm != nil { return .inUse }
    // A WAL of its 32-byte header alone holds no change.
    if let wal, wal > 32 { return .leftOver }
    return .unused
  }

  /// Runs `body` in one read transaction: what it reads is one state of the library.
  public func reading<T>(_ body: () throws -> T) throws -> T { try db.reading(body) }

  /// SQLite's `data_version`: changes when another connection commits.
  public func dataVersion() throws -> Int64 { try db.integer("PRAGMA data_version") }

  /// The book `id` as last read, if it was.
  public func cachedBook(_ id: Int64) -> CalibreBook? { books[id] }

  /// Forgets the books read but `kept` (read again just now): the next
  /// look-up of any other reads it again.
  public func forgetBooks(keeping kept: [CalibreBook] = []) {
    books = [:]
    for book in kept { books[book.id] = book }
  }

  // MARK: groups

  /// The groups of a grouping, in order, with their counts (the group of
  /// books with none last). Authors by their sort name, series and tags by
  /// name, ratings from five stars down, decades in time.
  public func groups(by grouping: CalibreGrouping) throws -> [CalibreGroup] {
    bookCount = Int(try db.integer("SELECT count(*) FROM books"))
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
  public func bookIDs(in group: CalibreGroup, by grouping: CalibreGrouping) throws -> [Int64] {
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
  public func book(_ id: Int64) throws -> CalibreBook {
    if let known = books[id] { return known }
    let book = try readBook(id)
    books[id] = book
    return book
  }

  /// What a card shows of the book `id`, read now (and not kept).
  public func readBook(_ id: Int64) throws -> CalibreBook {
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
    return book
  }

  /// Every field of a book worth showing, in order: for the detail view.
  public func details(of id: Int64) throws -> [(label: String, value: String)] {
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
