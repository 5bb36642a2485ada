/// How a Calibre library's database is read. Whichever it is, nothing in
/// the library is written and no file is created in it.
public enum CalibreReadMode: Equatable, Sendable {
  /// In place, with SQLite's locks, and through Calibre's `-wal` and
  /// `-shm` when the database is in WAL mode: what Calibre commits shows
  /// on the next read.
  case shared
  /// In place, as the file is (SQLite's `immutable=1`: no lock, nothing
  /// read beside it): a database in WAL mode that no program has open (no
  /// `-wal`, no `-shm`), which a shared read would create. Everything is in
  /// the file; when Calibre opens it, the change is noticed and the library
  /// opened again.
  case immutable
  /// A private copy, outside the library, made whole as Calibre would on
  /// its next start, because reading in place would need a write. Opened
  /// in place again as soon as it can be.
  case privateCopy(CopyReason)

  /// Why the library is read from a private copy.
  public enum CopyReason: Equatable, Sendable {
    /// A hot journal: Calibre ended in the middle of a change
    /// (`metadata.db-journal` is left). Undoing it writes the database;
    /// the copy shows the library as Calibre will restore it.
    case hotJournal
    /// A `metadata.db-wal` holding changes was left without its `-shm`
    /// (Calibre ended without folding it in): reading it in place would
    /// create the `-shm`. The copy shows the changes.
    case leftOverWriteAheadLog
    /// Another program held the database locked, writing, for longer than
    /// a read waits: the copy is the library before the change being written.
    case locked
  }

  /// What the title bar says of it (short), or nil when there is nothing
  /// to say: the library is shown as it is.
  public var note: String? {
    switch self {
    case .shared, .immutable, .privateCopy(.leftOverWriteAheadLog): return nil
    case .privateCopy(.hotJournal): return "unfinished change not shown"
    case .privateCopy(.locked): return "locked: shown before the change"
    }
  }

  /// What the status line says of it when the library opens, or nil.
  public var explanation: String? {
    switch self {
    case .shared, .immutable, .privateCopy(.leftOverWriteAheadLog): return nil
    case .privateCopy(.hotJournal):
      return "Calibre stopped in the middle of a change (metadata.db-journal): shown as Calibre will restore it when it starts"
    case .privateCopy(.locked):
      return "another program is writing metadata.db: shown as it was before; the change shows when it is done"
    }
  }
}
