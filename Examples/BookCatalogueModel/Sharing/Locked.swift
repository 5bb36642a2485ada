import GridPlatform

/// A value behind a pthread mutex: the shared catalogue's state, and a
/// viewer's closed flag. (Not the standard library's `Mutex`: on Linux it
/// waits on futexes, which ThreadSanitizer cannot see, so every request
/// from two threads would be reported as a race; TermGrid's own `Locked`
/// is the same for the same reason, and is not this package's to use.)
final class Locked<State: Sendable>: @unchecked Sendable {
  private var state: State
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A lock around `state`.
  init(_ state: State) {
    self.state = state
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, the lock held.
  func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
