import GridLayout

/// The collection view's interaction part: the item the person is moving
/// (with the keys or the mouse) and what the mouse's button is doing (where
/// it went down, whether it drags, the last click). Its state is written only here.
final class ItemInteraction {
  /// The item being moved interactively, if any.
  private(set) var movement: InteractiveMovement?
  /// The mouse button's state.
  private(set) var mouse = MouseTracking()

  /// An item is picked up.
  func beginMovement(_ movement: InteractiveMovement) { self.movement = movement }

  /// The moving item is drawn with its centre at `position` (nil: lifted over its target's place).
  func moveLifted(to position: Point?) { movement?.position = position }

  /// The moving item would now go to `target`.
  func retarget(_ target: IndexPath) { movement?.target = target }

  /// The movement ends (dropped or put back).
  func endMovement() { movement = nil }

  /// The button went down on the item at `indexPath`, in cell (x, y).
  func press(_ indexPath: IndexPath, x: Int, y: Int) { mouse.pressed = (indexPath, x, y) }

  /// The press turned into a drag.
  func startDragging() { mouse.isDragging = true }

  /// The button went up, or the press is forgotten.
  func releaseMouse() {
    mouse.pressed = nil
    mouse.isDragging = false
  }

  /// A click on the item at `indexPath` at `time` (the clock's seconds), for a double click.
  func click(_ indexPath: IndexPath, at time: Double) { mouse.lastClick = (indexPath, time) }

  /// The next click is no double click.
  func forgetClick() { mouse.lastClick = nil }
}
