import Synchronization

/// Whether the shared catalogue has changed since a viewer last looked:
/// marked by its wake-up (any thread), taken on the viewer's own thread, so
/// a frame without news does not ask the catalogue.
final class SharedNews: Sendable {
  private let changed = Atomic<Bool>(false)

  /// There is news (from any thread).
  func mark() { changed.store(true, ordering: .releasing) }

  /// Whether there was news since the last call (and no longer).
  func take() -> Bool { changed.exchange(false, ordering: .acquiringAndReleasing) }
}
