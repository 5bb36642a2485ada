/// Sizes a ``WaterfallLayout``'s items: each is as wide as its column, and
/// as tall as the delegate says.
public protocol WaterfallLayoutDelegate: AnyObject {
  /// The height of the item at `indexPath` in a column `columnWidth` cells
  /// wide (rounded to whole cells, at least 1).
  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double
}
