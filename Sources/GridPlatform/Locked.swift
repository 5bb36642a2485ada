/// A value behind a pthread mutex, shared between threads: TermGrid's own
/// thread-safe state (background tasks, the run loop's wake-up requests,
/// the picture loader, the sixel cache, the table of pictures in pixels),
/// and an app's (the examples' shared catalogue).
///
/// Not the standard library's `Synchronization.Mutex`, for two reasons: on
/// Linux it waits on futexes, which ThreadSanitizer cannot see, so every
/// access from two threads under a contended lock is reported as a race
/// (checked with Swift 6.3 under `-sanitize=thread`); and it needs macOS 15,
/// where a pthread mutex has no such limit.
///
/// ```swift
/// let count = Locked(0)
/// DispatchQueue.concurrentPerform(iterations: 100) { _ in
///   count.withLock { $0 += 1 }
/// }
/// count.withLock { $0 }  // 100
/// ```
public final class Locked<State: Sendable>: @unchecked Sendable {
  @usableFromInline var state: State
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A lock around `state`.
  public init(_ state: State) {
    self.state = state
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, the lock held, and returns what it returns
  /// (or throws what it throws, the lock given back either way).
  @inlinable
  public func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
