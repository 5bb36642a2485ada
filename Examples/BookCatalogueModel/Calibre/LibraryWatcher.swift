import Foundation

/// Looks at a library's database files (`metadata.db`, its `-wal`, its
/// `-journal`, whether it has a `-shm`) every `interval` on a thread of its
/// own, and says on the main thread when they changed since it last said,
/// or when a look the app asked for is due: what tells the catalogue that
/// Calibre added, changed or removed books while it is open.
///
/// It looks at the files only (`stat`), so it never takes a lock a writer
/// waits for, and sees any program's change whichever way the database is
/// read; the app reads again only when told, and a read that finds nothing
/// new (SQLite's `data_version` unchanged) costs one query.
public final class LibraryWatcher {
  /// What is shared with the watching thread.
  private final class Shared: @unchecked Sendable {
    // (@unchecked: every field is touched with `lock` held.)
    let lock = NSLock()
    var changed = false
    var stopped = false
    /// Called (on the watching thread) when the files changed.
    var onChange: (@Sendable () -> Void)?
  }

  private let shared = Shared()
  /// When a look the app asked for is due (main thread only).
  private var lookAt: ContinuousClock.Instant?

  /// Starts watching the database at `path`.
  public init(path: String, interval: Duration = .milliseconds(500)) {
    let shared = shared
    let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
    let thread = Thread {
      var last = FilesState(path)
      while !shared.lock.withLock({ shared.stopped }) {
        Thread.sleep(forTimeInterval: seconds)
        let now = FilesState(path)
        if now != last {
          last = now
          let tell = shared.lock.withLock {
            shared.changed = true
            return shared.onChange
          }
          tell?()
        }
      }
    }
    thread.name = "library watcher"
    thread.start()
  }

  deinit { shared.lock.withLock { shared.stopped = true } }

  /// Called from the watching thread when the files changed (the run
  /// loop's wake-up), so that the app looks at once.
  public var onChange: (@Sendable () -> Void)? {
    get { shared.lock.withLock { shared.onChange } }
    set { shared.lock.withLock { shared.onChange = newValue } }
  }

  /// Whether a look asked for (``look(after:)``) is still to come.
  public var hasLookAhead: Bool { lookAt != nil }

  /// On the main thread: asks for a look `delay` from now (a read found the
  /// library locked, and is to be tried again), as if the files had changed.
  public func look(after delay: Duration) {
    let at = ContinuousClock.now + delay
    if lookAt.map({ at < $0 }) ?? true { lookAt = at }
  }

  /// On the main thread: whether the files changed since the last call,
  /// or a look asked for is due.
  public func takeDue() -> Bool {
    var due = shared.lock.withLock {
      defer { shared.changed = false }
      return shared.changed
    }
    if let at = lookAt, ContinuousClock.now >= at {
      lookAt = nil
      due = true
    }
    return due
  }

  /// The files that say a library changed: the database, its WAL and its
  /// journal (each by its identity, size and last change), and whether it
  /// has a `-shm` (whose contents change as readers read: not looked at).
  struct FilesState: Equatable {
    var database: FileStamp?
    var wal: FileStamp?
    var journal: FileStamp?
    var hasSharedMemory: Bool

    init(_ path: String) {
      database = FileStamp(path)
      wal = FileStamp(path + "-wal")
      journal = FileStamp(path + "-journal")
      hasSharedMemory = FileStamp(path + "-shm") != nil
    }
  }
}
