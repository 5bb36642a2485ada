import GridLayout

/// The collection view's updates part: the batch being collected and the
/// completions of the batches nested in it, the running animation (a
/// ``LayoutTransition``), the interactive transition the app holds, and
/// whether changes wait unanimated for the next frame. Its state is written
/// only here; the view asks and tells it.
final class UpdateCoordinator {
  /// The batch being collected by `performBatchUpdates`, while its updates run.
  private(set) var pendingBatch: BatchUpdate?
  /// The completions of the batch being collected, its own first, then those of the batches nested in it.
  private(set) var pendingCompletions: [(Bool) -> Void] = []
  /// The animation running, if any.
  private(set) var transition: LayoutTransition?
  /// The interactive layout transition the app drives, if any (its frames are ``transition``'s, held).
  private(set) var interactiveTransition: InteractiveTransition?
  /// True from a key that came before the running animation drew a frame
  /// until the next frame: changes made meanwhile are not animated.
  private(set) var holdsAnimationsUntilNextFrame = false

  // MARK: batches

  /// True while a batch is being collected (a batch begun now is nested in it).
  var isCollectingBatch: Bool { pendingBatch != nil }

  /// Starts collecting a batch whose completion is `completion`.
  func beginBatch(completion: ((Bool) -> Void)?) {
    pendingBatch = BatchUpdate()
    pendingCompletions = completion.map { [$0] } ?? []
  }

  /// A batch nested in the one being collected: its completion runs after those added before it.
  func addNestedCompletion(_ completion: ((Bool) -> Void)?) {
    if let completion { pendingCompletions.append(completion) }
  }

  /// Adds changes to the batch being collected (none is: nothing happens).
  func record(_ update: BatchUpdate) { pendingBatch?.merge(update) }

  /// Ends collecting: the batch collected and its completions in the order they run.
  @discardableResult
  func endBatch() -> (update: BatchUpdate, completions: [(Bool) -> Void]) {
    defer {
      pendingBatch = nil
      pendingCompletions = []
    }
    return (pendingBatch ?? BatchUpdate(), pendingCompletions)
  }

  // MARK: animations

  /// True while an animation runs on the clock (not held by the app): each frame of it is a new picture.
  var isRunningOnClock: Bool { transition != nil && transition?.heldFraction == nil }

  /// Starts `transition` (the caller ended the one running first).
  func begin(_ transition: LayoutTransition) { self.transition = transition }

  /// Ends the running animation: the interactive transition held by the app
  /// and cut short is told `(true, false)` first (the new layout stays), then
  /// the animation's completions in the order they were given, with
  /// `finished`. Returns false when nothing was running. The state is
  /// cleared before anyone is told, so a completion may start another.
  @discardableResult
  func endTransition(finished: Bool) -> Bool {
    guard let t = transition else { return false }
    transition = nil
    if t.heldFraction != nil, let interactive = interactiveTransition {
      interactiveTransition = nil
      interactive.completion?(true, false)
    }
    for c in t.completions { c(finished) }
    return true
  }

  /// Adds a completion to the running animation (told after those it has); nothing happens when none runs.
  func addCompletionToRunningAnimation(_ completion: @escaping (Bool) -> Void) {
    transition?.completions.append(completion)
  }

  /// Keeps what an element of the running animation shows, for its frames to draw.
  func holdContent(_ content: ElementContent, for key: ElementKey) { transition?.heldContents[key] = content }

  /// Forgets what the running animation holds for the items at `indexPaths`
  /// (their content changed: they are asked again).
  func forgetHeldContent(ofItemsAt indexPaths: [IndexPath]) {
    guard let held = transition?.heldContents, !held.isEmpty, !indexPaths.isEmpty else { return }
    let paths = Set(indexPaths)
    for key in held.keys where key.category == .item && paths.contains(key.indexPath) {
      transition?.heldContents[key] = nil
    }
  }

  /// Forgets everything the running animation holds (any content may have changed).
  func forgetHeldContents() {
    if transition?.heldContents.isEmpty == false { transition?.heldContents = [:] }
  }

  /// A frame of the running animation was drawn.
  func didDrawAnimationFrame() { transition?.hasDrawnFrame = true }

  /// A frame was drawn: changes are animated again.
  func didDrawFrame() { holdsAnimationsUntilNextFrame = false }

  /// A key came: the running animation (not one the app or a movement holds)
  /// is to be completed; when it drew no frame yet keys come faster than
  /// frames, and changes until the next frame are not animated. Returns
  /// true when the caller is to end the animation.
  func completeForInput(isMovingItem: Bool) -> Bool {
    guard let running = transition, running.heldFraction == nil, interactiveTransition == nil, !isMovingItem else {
      return false
    }
    if !running.hasDrawnFrame { holdsAnimationsUntilNextFrame = true }
    return true
  }

  // MARK: interactive transitions

  /// Holds the animation just begun at fraction 0, with the scroll bar going
  /// from `start` to `end`, for `interactive`, which the app now drives.
  func holdForInteraction(_ interactive: InteractiveTransition, scrolling start: ScrollExtent, to end: ScrollExtent) {
    transition?.heldFraction = 0
    transition?.scrolling = (start, end)
    interactiveTransition = interactive
  }

  /// The progress of the interactive transition held (0 when none is).
  var transitionProgress: Double { interactiveTransition != nil ? transition?.heldFraction ?? 0 : 0 }

  /// Sets the held progress (kept within 0...1). Returns true when it changed.
  func setTransitionProgress(_ value: Double) -> Bool {
    guard interactiveTransition != nil, let held = transition?.heldFraction, !value.isNaN else { return false }
    let progress = min(max(value, 0), 1)
    guard progress != held else { return false }
    transition?.heldFraction = progress
    return true
  }

  /// Lets go of the interactive transition held: returns it, the animation
  /// and its progress, and forgets the interactive transition (the
  /// animation stays until ``finishReleased(_:)`` or ``endReleased()``); nil
  /// when none is held.
  func releaseInteraction() -> (interactive: InteractiveTransition, transition: LayoutTransition, progress: Double)? {
    guard let interactive = interactiveTransition, let t = transition, let progress = t.heldFraction else { return nil }
    interactiveTransition = nil
    return (interactive, t, progress)
  }

  /// After ``releaseInteraction()``: the rest of the way runs on the clock as `rest`.
  func finishReleased(_ rest: LayoutTransition) { transition = rest }

  /// After ``releaseInteraction()``: nothing more is animated (its completion is the caller's to tell).
  func endReleased() { transition = nil }
}
