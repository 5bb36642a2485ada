import GridLayout
import GridRender

/// Turns a mouse drag into an interactive layout transition, as a pan
/// gesture recognizer that sets `transitionProgress` does in UIKit: what
/// every app that lets a drag change the layout would otherwise write.
///
/// Keep one in your scene or controller and give it the mouse events
/// before the view: a press in the view is remembered (and passed on: the
/// view still focuses the item under it); the first move along ``axis``
/// asks for the layout to go to and starts
/// ``CollectionView/startInteractiveTransition(to:completion:)``; each move
/// sets ``CollectionView/transitionProgress`` to the distance dragged over
/// ``distance``; the release finishes the transition when the progress has
/// reached ``finishingThreshold``, and cancels it otherwise. The events of
/// a drag it drives are used up (the view sees none of them); any other
/// event is left to the view.
///
/// ```swift
/// final class Gallery: CollectionViewController {
///   var drag = InteractiveTransitionDrag(axis: .horizontal, distance: 20)
///
///   override func handle(_ event: InputEvent) throws -> EventResult {
///     if case .mouse(let m) = event, overlays.isEmpty,
///       drag.handle(m, in: collectionView, layout: { forward in forward ? self.denser() : self.sparser() })
///     {
///       return .continue
///     }
///     return try super.handle(event)
///   }
/// }
/// ```
///
/// A drag that starts on an item the delegate lets move
/// (``CollectionViewDelegate/collectionView(_:canMoveItemAt:)``) drives the
/// transition too, when `layout` gives one: return nil from `layout` (for
/// a press on such an item, or with no modifier key) to leave the drag to the view.
public struct InteractiveTransitionDrag {
  /// The direction a drag is measured along.
  public enum Axis: Hashable, Sendable {
    /// Left and right: a drag to the right is forward.
    case horizontal
    /// Up and down: a drag down is forward.
    case vertical
  }

  /// The direction the drag is measured along (moves across it do nothing).
  public var axis: Axis
  /// How many cells of drag take the transition from 0 to 1 (at least 1).
  public var distance: Int
  /// The progress at or beyond which the release finishes the transition
  /// (below it, the release cancels). 0.5 by default.
  public var finishingThreshold: Double
  /// True while a drag drives an interactive transition.
  public private(set) var isDragging = false
  /// Where the button went down in the view, until the release.
  private var origin: (x: Int, y: Int)?
  /// 1 for a drag begun forward (right or down), -1 for one begun backward.
  private var direction = 1

  /// Creates a drag along `axis` that takes `distance` cells for the whole transition.
  public init(axis: Axis = .horizontal, distance: Int = 20, finishingThreshold: Double = 0.5) {
    self.axis = axis
    self.distance = distance
    self.finishingThreshold = finishingThreshold
  }

  /// Handles a mouse event for `view`. Returns true when the event was
  /// used (a move or release of a drag it drives); false leaves it to the view.
  ///
  /// - Parameters:
  ///   - event: A mouse event, before the view gets it.
  ///   - view: The collection view whose layout the drag changes.
  ///   - layout: Asked once per drag, when it first moves along ``axis``:
  ///     the layout to go to, for a drag `forward` (right or down) or back
  ///     (left or up); nil leaves the drag to the view.
  ///   - completion: Given to ``CollectionView/startInteractiveTransition(to:completion:)``.
  public mutating func handle(
    _ event: MouseEvent, in view: CollectionView, layout: (_ forward: Bool) -> (any CollectionLayout)?,
    completion: ((_ completed: Bool, _ finished: Bool) -> Void)? = nil
  ) -> Bool {
    switch event.kind {
    case .press:
      if isDragging { end(in: view) }  // the release was lost
      origin = view.frame.contains(x: event.x, y: event.y) ? (event.x, event.y) : nil
      return false
    case .drag, .move:
      guard let origin else { return false }
      let delta = axis == .horizontal ? event.x - origin.x : event.y - origin.y
      if !isDragging {
        guard delta != 0, !view.isInteractiveTransitionInProgress, !view.isMovingItem else { return false }
        guard let target = layout(delta > 0) else {
          self.origin = nil
          return false
        }
        direction = delta > 0 ? 1 : -1
        view.startInteractiveTransition(to: target, completion: completion)
        // The press began this drag: the view is not to take it as a click or an item's drag.
        view.interaction.releaseMouse()
        isDragging = true
      }
      guard view.isInteractiveTransitionInProgress else {
        // Something else ended it (a layout change, a reload): the rest of the drag is used up.
        return true
      }
      view.transitionProgress = progress(delta)
      return true
    case .release:
      guard isDragging, let origin else {
        self.origin = nil
        return false
      }
      if view.isInteractiveTransitionInProgress {
        view.transitionProgress = progress(axis == .horizontal ? event.x - origin.x : event.y - origin.y)
      }
      end(in: view)
      return true
    case .click, .doubleClick, .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
      return false
    }
  }

  /// The progress for a drag of `delta` cells along the axis.
  private func progress(_ delta: Int) -> Double {
    min(max(Double(delta * direction) / Double(max(1, distance)), 0), 1)
  }

  /// Finishes or cancels the transition by the progress, and forgets the drag.
  private mutating func end(in view: CollectionView) {
    if view.isInteractiveTransitionInProgress {
      if view.transitionProgress >= finishingThreshold {
        view.finishInteractiveTransition()
      } else {
        view.cancelInteractiveTransition()
      }
    }
    view.interaction.releaseMouse()
    isDragging = false
    origin = nil
  }
}
