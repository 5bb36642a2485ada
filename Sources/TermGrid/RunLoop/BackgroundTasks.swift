import Dispatch
import GridPlatform

/// Work run on other threads whose results come back to the main thread:
/// how an app reads a file, queries a database or computes something
/// without a key waiting for it.
///
/// Add one to the collection view's ``CollectionView/backgroundWork``
/// (beside any picture loader); ``run(_:then:)`` starts the work on a
/// global queue, and its completion runs on the main thread, in the run
/// loop, within a frame interval of the work's end (the run loop looks for
/// results every frame interval while any are due, and sleeps otherwise).
/// A completion may change the app's state freely; call
/// `setNeedsDisplay()` (the controller's) if what it changed is drawn.
///
/// ```swift
/// let tasks = BackgroundTasks()   // in init: collectionView.backgroundWork = [tasks]
/// tasks.run { Result { try ImageInfo(contentsOf: file) } } then: { [unowned self] info in
///   panel.rows.append(.init("Size", describe(info)))
///   setNeedsDisplay()
/// }
/// ```
///
/// Everything an app draws with (the controller, its collection view,
/// overlays) belongs to the main thread: touch it only in completions, never
/// in the work. The main dispatch queue and the main actor do not run while
/// ``Application/run(_:name:terminal:)`` runs the terminal's loop, so
/// `DispatchQueue.main.async` is not a way back.
public final class BackgroundTasks: BackgroundWork, @unchecked Sendable {
  // (@unchecked: `completions` is touched on the main thread only, in
  // `run` and `takeFinishedSources`; what workers touch is behind `state`.)

  private struct State {
    /// Results of finished work, by task, not yet taken.
    var finished: [(id: UInt64, result: any Sendable)] = []
    var running = 0
  }

  private let state = Locked(State())
  /// Each task's completion, by task (main thread only).
  private var completions: [UInt64: (any Sendable) -> Void] = [:]
  private var nextID: UInt64 = 0

  /// Creates a queue of tasks.
  public init() {}

  /// Runs `work` on another thread, then `completion` with its result on
  /// the main thread (as the run loop takes results in). Call it on the
  /// main thread.
  public func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then completion: @escaping (Value) -> Void) {
    nextID += 1
    let id = nextID
    completions[id] = { completion($0 as! Value) }
    state.withLock { $0.running += 1 }
    DispatchQueue.global(qos: .userInitiated).async { [state] in
      let value = work()
      state.withLock { s in
        s.running -= 1
        s.finished.append((id, value))
      }
    }
  }

  /// Tasks started whose completions have not run yet.
  public var pendingCount: Int { completions.count }

  // MARK: BackgroundWork

  /// True while a task runs or its result waits for the main thread.
  public var hasPendingResults: Bool { state.withLock { $0.running > 0 || !$0.finished.isEmpty } }

  /// Runs the completions of the tasks that finished since the last call
  /// (on the main thread, from the run loop). Returns no picture sources.
  public func takeFinishedSources() -> [ObjectIdentifier] {
    let finished = state.withLock { s in
      defer { s.finished.removeAll() }
      return s.finished
    }
    for (id, result) in finished {
      completions.removeValue(forKey: id)?(result)
    }
    return []
  }
}
