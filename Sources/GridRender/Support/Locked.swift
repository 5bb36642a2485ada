import GridPlatform

/// A value behind a pthread mutex, for the package's own thread-safe state
/// (TermGrid's background tasks, TermGridImages' picture loader, the sixel
/// cache and the table of pictures in pixels). (Not the standard
/// library's `Mutex`: on Linux it waits on futexes, which ThreadSanitizer
/// cannot see, so every use would be reported as a race.)
package final class Locked<State: Sendable>: @unchecked Sendable {
  private var state: State
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A lock around `state`.
  package init(_ state: State) {
    self.state = state
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, the lock held.
  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
