import CSQLite

/// What SQLite said went wrong.
struct SQLiteError: Error, CustomStringConvertible {
  /// SQLite's result code (SQLITE_BUSY, SQLITE_CORRUPT, ...).
  var code: Int32
  var message: String
  var description: String { message }
  /// The database is locked by another connection (a running Calibre writing).
  var isLocked: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
}

/// A read-only connection to an SQLite file, with statements prepared once
/// and reused. Used from one thread.
final class SQLiteDatabase {
  private var handle: OpaquePointer?
  private var statements: [String: OpaquePointer] = [:]

  /// Opens `path` read only; `immutable` also tells SQLite the file cannot
  /// change: no locks are taken (a database another program holds locked
  /// can still be read), no journal or write-ahead log is read, and no file
  /// is created beside it.
  init(path: String, immutable: Bool) throws(SQLiteError) {
    var uri = "file:" + Self.escape(path) + "?mode=ro"
    if immutable { uri += "&immutable=1" }
    var db: OpaquePointer?
    let status = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
    guard status == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close(db)
      throw SQLiteError(code: status, message: message)
    }
    handle = db
    // A reader that finds the file locked waits a moment, then says so.
    sqlite3_busy_timeout(db, 200)
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
