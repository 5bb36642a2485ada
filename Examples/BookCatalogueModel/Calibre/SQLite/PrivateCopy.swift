import Foundation
import GridPlatform

/// A copy of a library's database outside the library, made whole as
/// Calibre would make the original on its next start: for a database that
/// cannot be read in place without a write (a hot journal to undo, a WAL
/// whose `-shm` is gone), or that a writer holds locked for longer than a
/// read waits.
///
/// The database is copied first, then the file beside it (its rollback
/// journal, or its WAL): a writer journals a page before it changes it in
/// the database, so the copied journal holds the old state of every page
/// the copied database has new, and undoing it in the copy gives the state
/// before the change. The copy is kept only if the journal is still the
/// same transaction's after both were copied (its header's random number
/// names it), or, with no journal, if nothing changed meanwhile; otherwise
/// it is made again. The copy's files are removed as soon as it is open
/// (the open file stays readable), so nothing is left behind, even by a crash.
enum PrivateCopy {
  /// Why a copy could not be made.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// How many times a copy is made again when the library changed while it was copied.
  static let attempts = 5

  /// The database at `path`, copied with its journal or WAL, made whole, and opened.
  static func make(of path: String) throws -> SQLiteDatabase {
    let template = (NSTemporaryDirectory() as NSString).appendingPathComponent("termgrid-calibre-XXXXXX")
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else {
      throw Failure(description: "cannot make a folder for a private copy: \(String(cString: strerror(errno)))")
    }
    let folder = String(cString: made)
    let copy = folder + "/metadata.db"
    defer {
      for suffix in ["", "-journal", "-wal", "-shm"] { unlink(copy + suffix) }
      rmdir(folder)
    }
    for _ in 0..<attempts {
      for suffix in ["", "-journal", "-wal", "-shm"] { unlink(copy + suffix) }
      let before = Signature(path)
      try copyFile(path, to: copy)
      // The journal or the WAL, whichever there is (a database has one kind at a time).
      var copiedJournal: [UInt8]?
      if before.journal != nil, (try? copyFile(path + "-journal", to: copy + "-journal")) != nil {
        copiedJournal = Signature.journalIdentity(copy + "-journal")
      } else if before.wal != nil {
        try copyFile(path + "-wal", to: copy + "-wal")
      }
      let after = Signature(path)
      let whole =
        before.journal != nil
        ? copiedJournal == before.journal && after.journal == before.journal
        : before == after
      guard whole else { continue }
      try SQLiteDatabase.recover(privateCopyAt: copy)
      return try SQLiteDatabase(path: copy, access: .immutable)
    }
    throw Failure(description: "it changed while it was copied, \(attempts) times")
  }

  /// Copies the file at `source` to `destination` (a new file, only the user may read).
  static func copyFile(_ source: String, to destination: String) throws {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { throw Failure(description: "cannot read \(source): \(String(cString: strerror(errno)))") }
    defer { close(input) }
    let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard output >= 0 else { throw Failure(description: "cannot write \(destination): \(String(cString: strerror(errno)))") }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { throw Failure(description: "cannot read \(source): \(String(cString: strerror(errno)))") }
      if n == 0 { return }
      var written = 0
      while written < n {
        let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, n - written) }
        if w < 0 && errno == EINTR { continue }
        guard w > 0 else { throw Failure(description: "cannot write \(destination): \(String(cString: strerror(errno)))") }
        written += w
      }
    }
  }

  /// What says whether a library's files changed: the database's and the
  /// WAL's identity, size and time, and the transaction a rollback journal
  /// belongs to.
  struct Signature: Equatable {
    var database: FileStamp?
    var wal: FileStamp?
    /// The journal's magic number, random number and first size (bytes 0-7
    /// and 12-19 of its header), or nil when there is no journal that is in
    /// use (none, empty, or a header of zeros, as a committed journal
    /// kept in place is left).
    var journal: [UInt8]?

    init(_ path: String) {
      database = FileStamp(path)
      wal = FileStamp(path + "-wal")
      journal = Self.journalIdentity(path + "-journal")
    }

    static func journalIdentity(_ path: String) -> [UInt8]? {
      let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      guard fd >= 0 else { return nil }
      defer { close(fd) }
      var header = [UInt8](repeating: 0, count: 20)
      let n = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 20, 0) }
      guard n == 20, header.contains(where: { $0 != 0 }) else { return nil }
      return Array(header[0..<8] + header[12..<20])
    }
  }
}

/// A file's identity, size and last change, from `stat`; nil when there is none.
struct FileStamp: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int64
  var changed: Int64

  init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Platform.nanoseconds(Platform.modificationTime(of: info))
    changed = Platform.nanoseconds(Platform.statusChangeTime(of: info))
  }
}
