import CSQLite

/// A read-only connection to an SQLite file, with statements prepared once
/// and reused. Used from one thread.
///
/// Nothing is written through it: every file of the database is opened
/// read only (``ReadOnlyFileSystem``) and a WAL's `-shm` is mapped read
/// only (`readonly_shm=1`), so no file is created beside the database and
/// no byte of one changes, SQLite's read marks in the `-shm` included. A
/// reader that cannot write its own read mark reads by one the writer left
/// (there is always one while the writer has the WAL open), and when no
/// writer has the `-shm` open SQLite reads the WAL into memory of its own
/// instead of trusting it.
final class SQLiteDatabase {
  private var handle: OpaquePointer?
  private var statements: [String: OpaquePointer] = [:]

  /// How the database is read.
  enum Access {
    /// In place, with SQLite's locks: what other connections commit is seen
    /// by the next read.
    case shared
    /// As the file is (`immutable=1`): no lock is taken and no journal or
    /// WAL read; for a file nobody changes.
    case immutable
  }

  /// Opens `path` read only. A reader that finds the file locked waits up
  /// to `busyTimeout` milliseconds, then says so.
  init(path: String, access: Access, busyTimeout: Int32 = readingWait) throws(SQLiteError) {
    var uri = "file:" + Self.escape(path) + "?mode=ro&readonly_shm=1"
    if access == .immutable { uri += "&immutable=1" }
    handle = try Self.open(uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, vfs: ReadOnlyFileSystem.name)
    // (An observer does not run in its own type's init.)
    self.busyTimeout = busyTimeout
    sqlite3_busy_timeout(handle, busyTimeout)
  }

  /// How long a read waits for a writer's lock while the app is shown, in
  /// milliseconds: on the main thread, so short; a read that gives up is
  /// tried again later.
  static let readingWait: Int32 = 200

  /// How long a read waits for a writer's lock before it fails as locked, in milliseconds.
  var busyTimeout: Int32 = 0 {
    didSet { sqlite3_busy_timeout(handle, busyTimeout) }
  }

  /// Makes the database at `path` (a private copy, never a library's own
  /// file) whole as the program that wrote it would on its next start: a
  /// hot journal rolled back, a WAL folded in; it is left in rollback mode,
  /// one file with nothing beside it.
  static func recover(privateCopyAt path: String) throws(SQLiteError) {
    let db = try open("file:" + escape(path), flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, vfs: nil)
    defer { sqlite3_close(db) }
    for sql in ["SELECT count(*) FROM sqlite_master", "PRAGMA journal_mode=DELETE"] {
      let status = sqlite3_exec(db, sql, nil, nil, nil)
      guard status == SQLITE_OK else {
        throw SQLiteError(code: sqlite3_extended_errcode(db), message: String(cString: sqlite3_errmsg(db)))
      }
    }
  }

  private static func open(_ uri: String, flags: Int32, vfs: String?) throws(SQLiteError) -> OpaquePointer {
    var db: OpaquePointer?
    let status = sqlite3_open_v2(uri, &db, flags, vfs)
    guard status == SQLITE_OK, let db else {
      let error = SQLiteError(
        code: db.map { sqlite3_extended_errcode($0) } ?? status, message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open")
      sqlite3_close(db)
      throw error
    }
    return db
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close(handle)
  }

  /// A path as a URI's path: the characters URIs reserve escaped.
  private static func escape(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
        out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      default: out.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return out
  }

  /// A value bound to a statement's parameter.
  enum Value {
    case int(Int64)
    case text(String)
  }

  /// Runs `sql` with `values` bound, calling `row` for each row.
  func query(_ sql: String, _ values: [Value] = [], row: (Row) throws -> Void) throws {
    let statement = try prepared(sql)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    for (i, value) in values.enumerated() {
      switch value {
      case .int(let n): sqlite3_bind_int64(statement, Int32(i + 1), n)
      case .text(let s): tg_sqlite3_bind_text(statement, Int32(i + 1), s)
      }
    }
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return }
      guard status == SQLITE_ROW else { throw error(status) }
      try row(Row(statement: statement))
    }
  }

  /// Runs `body` in one read transaction: everything it reads comes from
  /// the same state of the database, whatever is committed meanwhile.
  func reading<T>(_ body: () throws -> T) throws -> T {
    try run("BEGIN")
    do {
      let value = try body()
      try run("COMMIT")
      return value
    } catch {
      try? run("ROLLBACK")
      throw error
    }
  }

  private func run(_ sql: String) throws(SQLiteError) {
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw error(status) }
  }

  /// The first column of the first row as an integer (0 when there is none).
  func integer(_ sql: String, _ values: [Value] = []) throws -> Int64 {
    var result: Int64 = 0
    var first = true
    try query(sql, values) { r in
      if first { result = r.int(0) }
      first = false
    }
    return result
  }

  /// Whether `table` has a column named `column`.
  func hasColumn(_ column: String, in table: String) throws -> Bool {
    var found = false
    try query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { if $0.text(0) == column { found = true } }
    return found
  }

  private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
    if let s = statements[sql] { return s }
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard status == SQLITE_OK, let statement else { throw error(status) }
    statements[sql] = statement
    return statement
  }

  private func error(_ status: Int32) -> SQLiteError {
    SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
  }

  /// One row of a result.
  struct Row {
    let statement: OpaquePointer
    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    /// The bytes of a text column, without making a String of them.
    func withBytes<R>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
      guard let p = sqlite3_column_text(statement, column) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
      return body(UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(statement, column))))
    }
    func text(_ column: Int32) -> String {
      guard let p = sqlite3_column_text(statement, column) else { return "" }
      let n = Int(sqlite3_column_bytes(statement, column))
      return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
  }
}

extension String {
  fileprivate func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
