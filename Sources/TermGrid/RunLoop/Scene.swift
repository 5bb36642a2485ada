import GridRender

/// What a scene says after handling an event.
public enum EventResult: Sendable {
  /// Used (or ignored); keep running.
  case `continue`
  /// Stop the run loop.
  case quit
}

/// The root of what a ``TerminalRunLoop`` shows: draws the whole surface
/// and handles input. ``CollectionViewController`` is a scene with a
/// collection view, bars and overlays; write your own for anything else.
///
/// A scene never says whether it animates: after each frame the loop asks
/// ``needsDisplay`` again, and a scene that still needs display (a
/// collection view in the middle of an animation does) gets its next frame
/// a frame interval later, with no input. So an animation started anywhere
/// runs to its end.
public protocol Scene: AnyObject {
  /// True when the next frame would differ from the last one drawn (and,
  /// right after a draw, while something animates).
  var needsDisplay: Bool { get }
  /// Draws the whole screen (the surface has the terminal's size).
  func draw(into surface: inout Surface)
  /// Handles one event. An error thrown here ends the run loop (the
  /// terminal restored) and reaches whoever called ``TerminalRunLoop/run(untilIdle:)``;
  /// ``Application/run(_:name:terminal:)`` prints it and exits with status 1.
  func handle(_ event: InputEvent) throws -> EventResult
  /// What `event` may do to the events queued before it, in the state the
  /// scene is in now (after the events handled so far): the run loop,
  /// which reads the input ahead of its handling, drops the
  /// ``QueuedInputRole/droppable`` events before a
  /// ``QueuedInputRole/cancelling`` one, and looks no further than an
  /// ``QueuedInputRole/ordinary`` one until it has been handled. Asked
  /// once for each event, in order, before any of them is handled; it must
  /// change nothing. Default: ``QueuedInputRole/ordinary`` (every event
  /// handled in its turn).
  func role(ofQueued event: InputEvent) -> QueuedInputRole
  /// Called before the first frame with what the terminal can show
  /// (colours, UTF-8, the mouse, pictures), to adapt drawing to it, and
  /// again whenever that changes (a terminal's answers to its picture
  /// queries come after the first frame); a frame is drawn after it.
  /// Default: nothing.
  func willAppear(on capabilities: TerminalCapabilities)
  /// True while work done off the main thread (pictures being decoded) may
  /// still deliver results: the run loop then looks for them every frame
  /// interval instead of sleeping until a key. Default: false.
  var hasPendingWork: Bool { get }
  /// On the main thread: takes in what finished off it (and marks what to
  /// redraw). The run loop calls this before each frame, and after a round
  /// of input while ``hasPendingWork`` says results may come (not after
  /// input that leads to no frame otherwise: work that does not say so
  /// wakes the loop, see ``willStart(wakeUp:)``). Default: nothing.
  func takeFinishedWork()
  /// Called once, before the first frame, with a function that wakes the
  /// run loop from any thread: work done off the main thread calls it when
  /// it has results, and the run loop then calls ``takeFinishedWork()`` and
  /// draws, at once, instead of looking every frame interval (so a scene
  /// whose work is long-running, such as watching a file, need not say it
  /// has ``hasPendingWork``, and costs nothing while nothing happens).
  /// Default: nothing.
  func willStart(wakeUp: @escaping @Sendable () -> Void)
}

extension Scene {
  /// Default: every event is handled in its turn.
  public func role(ofQueued event: InputEvent) -> QueuedInputRole { .ordinary }
  /// Default: nothing to adapt.
  public func willAppear(on capabilities: TerminalCapabilities) {}
  /// Default: no background work.
  public var hasPendingWork: Bool { false }
  /// Default: nothing to take.
  public func takeFinishedWork() {}
  /// Default: nothing.
  public func willStart(wakeUp: @escaping @Sendable () -> Void) {}
}
