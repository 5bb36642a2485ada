import CSQLite

/// What SQLite said went wrong.
public struct SQLiteError: Error, CustomStringConvertible {
  /// SQLite's extended result code (SQLITE_BUSY, SQLITE_READONLY_ROLLBACK, ...).
  var code: Int32
  /// SQLite's message for it.
  public var message: String
  /// SQLite's message.
  public var description: String { message }
  /// The database is locked by another connection (a running Calibre
  /// writing), or a writer is rebuilding its WAL's index: reading again a
  /// moment later may work.
  public var isLocked: Bool {
    code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED || code == TG_SQLITE_READONLY_RECOVERY || code == SQLITE_PROTOCOL
  }
  /// A hot journal: a writer ended in the middle of a change, which only
  /// a connection that may write can undo ("attempt to write a readonly database").
  var isHotJournal: Bool { code == TG_SQLITE_READONLY_ROLLBACK }
  /// The files are not as the connection found them (a hot journal left,
  /// a WAL gone, a database replaced or changed under an immutable read):
  /// opening the database again may read it.
  public var needsReopen: Bool {
    [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_SCHEMA].contains(code & 0xFF)
      && !isLocked
  }
}
