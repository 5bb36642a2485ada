/// Sizes a ``ShelfLayout``'s items one by one: a self-sizing card, as wide
/// as its content says. The layout asks once per item in
/// ``ShelfLayout/prepare(for:)`` (when the data or the bounds change), never
/// while drawing a frame.
public protocol ShelfLayoutDelegate: AnyObject {
  /// The width of the item at `indexPath` (rounded to whole cells, at least 1).
  func shelfLayout(_ layout: ShelfLayout, widthForItemAt indexPath: IndexPath) -> Double
}
