import GridLayout
import GridRender

extension CollectionView {
  // MARK: interactive layout transitions

  /// How far one key press (or one turn of the wheel) moves an interactive
  /// transition's ``transitionProgress``.
  public static let interactiveTransitionStep = 0.1

  /// Starts a change to `layout` that the app drives, as UIKit's
  /// `startInteractiveTransition(to:completion:)`: what the view shows is
  /// captured, `layout` is installed (the focused item scrolled to the
  /// middle, as ``setLayout(_:animated:completion:)`` does), and every
  /// element is held on its way from where it was to where `layout` puts
  /// it, at ``transitionProgress`` (0 to start with: the screen does not
  /// change). The clock does not move it: set ``transitionProgress`` (from
  /// keys, a drag: see ``InteractiveTransitionDrag``), then call
  /// ``finishInteractiveTransition()`` or ``cancelInteractiveTransition()``.
  ///
  /// While it is held, bound keys drive it: arrows right and down (and
  /// Tab's next item) step the progress up by ``interactiveTransitionStep``,
  /// left and up step it down, Home and End set it to 0 and 1, Enter
  /// finishes and Esc cancels; the wheel steps it; other keys and clicks do
  /// nothing. The focus and the selection stay as they are.
  ///
  /// Anything else that changes the layout, the data or the size while it
  /// is held (``setLayout(_:animated:completion:)``, another interactive
  /// transition, a batch update, ``reloadData()``, a new frame size, an
  /// item picked up) completes it where it stands: `layout` stays, an
  /// animated change goes on from what is on screen, and the completion is
  /// told `(true, false)`. An item being moved is put back first.
  ///
  /// - Parameters:
  ///   - layout: The layout to go to.
  ///   - completion: Called once, at the end, as UIKit's is: `completed` is
  ///     true when `layout` stayed (finished, or cut short by another
  ///     change) and false when the old layout came back (cancelled);
  ///     `finished` is true when the last animation ran to its end (or
  ///     there was none) and false when something cut it short.
  public func startInteractiveTransition(
    to layout: any CollectionLayout, completion: ((_ completed: Bool, _ finished: Bool) -> Void)? = nil
  ) {
    if movement != nil {
      finishTransition(finished: false)
      cancelMovementWithoutAnimation()
    }
    layoutIfNeeded()
    let presentation = capturePresentation()
    let old = collectionViewLayout
    let start =
      updates.transition?.scrollExtent(at: clock.now) ?? ScrollExtent(offset: contentOffset, contentSize: old.contentSize)
    let interactive = InteractiveTransition(
      oldLayout: old, oldOffset: contentOffset, oldFocus: focusedIndexPath, completion: completion)
    collectionViewLayout = layout
    layoutIfNeeded()
    clampContentOffset()
    if let f = focusedIndexPath { scrollToItem(at: f, position: .centered) }
    setNeedsDisplay()
    // This ends any animation first, an interactive transition included.
    beginTransition(
      from: presentation, newKey: { $0 }, isInserted: { _ in false }, oldLayout: old,
      completions: [])
    updates.holdForInteraction(
      interactive, scrolling: start, to: ScrollExtent(offset: contentOffset, contentSize: layout.contentSize))
  }

  /// True from ``startInteractiveTransition(to:completion:)`` until
  /// ``finishInteractiveTransition()`` or ``cancelInteractiveTransition()``
  /// (or a change that completes it) is called: while the app drives it.
  public var isInteractiveTransitionInProgress: Bool { updates.interactiveTransition != nil }

  /// How far the interactive transition has gone, from 0 (every element
  /// where the old layout had it, the screen as it was) to 1 (where the new
  /// layout has it), as UIKit's
  /// `UICollectionViewTransitionLayout.transitionProgress`: each element's
  /// frame, alpha and scale are that fraction of the way (linearly; the
  /// ``animationCurve`` shapes only the animations of the finish and the
  /// cancel). Set values are kept within 0...1; setting it while no
  /// interactive transition is held does nothing, and it reads 0 then.
  public var transitionProgress: Double {
    get { updates.transitionProgress }
    set { if updates.setTransitionProgress(newValue) { setNeedsDisplay() } }
  }

  /// Ends the interactive transition with the new layout, as UIKit's
  /// `finishInteractiveTransition()`: every element goes on from
  /// ``transitionProgress`` to its place in the new layout over the rest of
  /// ``animationDuration`` (`(1 - progress)` of it; at once when it is 0),
  /// then the view draws the new layout as ``setLayout(_:animated:completion:)``
  /// would have. The completion is told `(true, true)` at the end. Does
  /// nothing when no interactive transition is held.
  public func finishInteractiveTransition() {
    guard let (interactive, held, progress) = updates.releaseInteraction() else { return }
    var t = held
    let completion = interactive.completion
    guard motionDuration > 0, progress < 1 else {
      updates.endReleased()
      drawing.invalidateAll()
      completion?(true, true)
      return
    }
    t.heldFraction = nil
    t.span = (progress, 1)
    t.start = clock.now
    t.duration = motionDuration * (1 - progress)
    t.completions = [{ completion?(true, $0) }]
    updates.finishReleased(t)
    setNeedsDisplay()
  }

  /// Ends the interactive transition with the old layout, as UIKit's
  /// `cancelInteractiveTransition()`: the old layout object is installed
  /// again at once, with the scroll offset and the focused item it had (the
  /// focus when that item still exists), and every element goes back from
  /// ``transitionProgress`` to where it was over `progress` of
  /// ``animationDuration`` (at once when that is 0); then the view draws
  /// exactly what it drew before the transition. The completion is told
  /// `(false, true)` at the end. Does nothing when no interactive
  /// transition is held.
  public func cancelInteractiveTransition() {
    guard let (interactive, held, progress) = updates.releaseInteraction() else { return }
    var t = held
    let newOffset = contentOffset
    let focusBefore = focusedIndexPath
    contentOffset = interactive.oldOffset
    collectionViewLayout = interactive.oldLayout
    layoutIfNeeded()
    if let f = interactive.oldFocus, isValid(f) { focus.focus(f) }
    drawing.invalidateAll()
    let completion = interactive.completion
    if motionDuration > 0, progress > 0 {
      // The tracks were laid out for the new offset: back to the old one, nothing moves on screen.
      let dx = interactive.oldOffset.x - newOffset.x
      let dy = interactive.oldOffset.y - newOffset.y
      for i in t.tracks.indices {
        t.tracks[i].from.frame = t.tracks[i].from.frame.offsetBy(dx: dx, dy: dy)
        t.tracks[i].to.frame = t.tracks[i].to.frame.offsetBy(dx: dx, dy: dy)
      }
      // Every element is drawn by its track (those the new layout lacks too), none from the old layout twice.
      t.trackedKeys = Set(t.tracks.map(\.key))
      t.heldFraction = nil
      t.span = (progress, 0)
      t.start = clock.now
      t.duration = motionDuration * progress
      t.completions = [{ completion?(false, $0) }]
      updates.finishReleased(t)
      tellFocusChanged(from: focusBefore)
    } else {
      updates.endReleased()
      tellFocusChanged(from: focusBefore)
      completion?(false, true)
    }
  }

  /// A bound action while an interactive transition is held: steps, sets,
  /// finishes or cancels it (see ``startInteractiveTransition(to:completion:)``).
  func performWhileTransitioning(_ action: CollectionAction) -> Bool {
    let step = Self.interactiveTransitionStep
    switch action {
    case .moveFocus(.right), .moveFocus(.down), .focusNextItem, .pageDown: transitionProgress += step
    case .moveFocus(.left), .moveFocus(.up), .focusPreviousItem, .pageUp: transitionProgress -= step
    case .first: transitionProgress = 0
    case .last: transitionProgress = 1
    case .activate: finishInteractiveTransition()
    case .clearSelection: cancelInteractiveTransition()
    default: return false
    }
    return true
  }

  /// A mouse event while an interactive transition is held: the wheel
  /// steps it (down and right forward), the rest is not used.
  func handleMouseWhileTransitioning(_ m: MouseEvent) -> Bool {
    guard frame.contains(x: m.x, y: m.y) else { return false }
    switch m.kind {
    case .scrollDown, .scrollRight: transitionProgress += Self.interactiveTransitionStep
    case .scrollUp, .scrollLeft: transitionProgress -= Self.interactiveTransitionStep
    default: return false
    }
    return true
  }
}
