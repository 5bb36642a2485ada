import CSQLite
import GridPlatform

/// SQLite's default file layer (its VFS), wrapped so that every file of a
/// database is opened read only: the database, its rollback journal, its
/// write-ahead log. None is created, written or deleted through it.
///
/// A read-only connection alone is not enough: SQLite opens a WAL
/// `O_RDWR|O_CREAT` whatever the connection's mode (and creates it when a
/// database in WAL mode has none), and maps the `-shm` read and write
/// unless the URI says `readonly_shm=1` (the `-shm` is opened by the
/// file layer's shared-memory code, not through `xOpen`: that parameter
/// covers it). Temporary files (for sorting) are SQLite's own, outside
/// the library, and opened as SQLite asks.
///
/// Registered once per process, the first time ``name`` is read, and
/// never changed after; SQLite keeps the registration.
enum ReadOnlyFileSystem {
  /// The VFS's name, for `sqlite3_open_v2`.
  static let name: String = register()

  /// The files of a database: opened read only.
  static let databaseFiles = SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_WAL | SQLITE_OPEN_SUPER_JOURNAL

  private static func register() -> String {
    let name = "termgrid-read-only"
    if sqlite3_vfs_find(name) != nil { return name }
    guard let base = sqlite3_vfs_find(nil) else { return name }
    let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
    vfs.initialize(to: base.pointee)
    vfs.pointee.pNext = nil
    vfs.pointee.zName = UnsafePointer(strdup(name))
    // The default VFS's own methods read their state from its pAppData:
    // they are called with it, never with this one.
    vfs.pointee.pAppData = UnsafeMutableRawPointer(base)
    vfs.pointee.xOpen = { vfs, file, handle, flags, outFlags in
      guard let base = vfs?.pointee.pAppData?.assumingMemoryBound(to: sqlite3_vfs.self) else { return SQLITE_CANTOPEN }
      var flags = flags
      if flags & ReadOnlyFileSystem.databaseFiles != 0 {
        flags =
          flags & ~(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_DELETEONCLOSE | SQLITE_OPEN_EXCLUSIVE)
          | SQLITE_OPEN_READONLY
      }
      return base.pointee.xOpen(base, file, handle, flags, outFlags)
    }
    vfs.pointee.xDelete = { _, _, _ in TG_SQLITE_IOERR_DELETE }
    sqlite3_vfs_register(vfs, 0)
    return name
  }
}
