import GridLayout

/// What the mouse's button is doing over a collection view: where it went
/// down, whether it is dragging an item, and the last click (for double clicks).
struct MouseTracking {
  /// The item the button went down on, and the cell.
  var pressed: (indexPath: IndexPath, x: Int, y: Int)?
  /// True once a press turned into a drag that moves the item.
  var isDragging = false
  /// The last click: which item, and when (the clock's seconds).
  var lastClick: (indexPath: IndexPath, time: Double)?
  /// Two clicks on the same item within this many seconds are a double click.
  static let doubleClickInterval = 0.4
}
