import GridPlatform
import Synchronization

/// A pipe that ends one terminal's wait for input from any thread: its own,
/// so waking one ``StreamTerminal`` wakes no other. A class of its own, so
/// that a wake-up handler that outlives its terminal writes to a pipe still
/// open, never to a descriptor number reused since.
final class WakePipe: Sendable {
  /// The end a wait polls.
  let readDescriptor: Int32
  private let writeDescriptor: Int32
  /// Set by ``request()``, taken by ``takeRequest()``.
  private let requested = Atomic(false)

  /// A new pipe (both ends non-blocking, closed on exec), or nil.
  init?() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readDescriptor = ends[0]
    writeDescriptor = ends[1]
  }

  deinit {
    close(readDescriptor)
    close(writeDescriptor)
  }

  /// Wakes the wait without asking it to end (a resize, a sixel picture made).
  func signal() {
    var byte: UInt8 = 0x77
    _ = write(writeDescriptor, &byte, 1)
  }

  /// Wakes the wait and asks it to end with no event (the run loop's wake-up).
  func request() {
    requested.store(true, ordering: .sequentiallyConsistent)
    signal()
  }

  /// Whether ``request()`` was called since the last look (and forgets it).
  func takeRequest() -> Bool { requested.exchange(false, ordering: .sequentiallyConsistent) }

  /// Empties the pipe.
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ read(readDescriptor, $0.baseAddress, $0.count) }) > 0 {}
  }
}
