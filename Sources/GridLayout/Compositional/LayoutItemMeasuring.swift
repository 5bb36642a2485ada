/// Measures the items a ``CompositionalLayout`` sizes from their content:
/// those in a group whose height is ``LayoutDimension/estimated(_:)``.
/// A TermGrid collection view is one, and measures each item's content
/// (its text, wrapped); set ``CompositionalLayout/itemMeasurer`` to your
/// own to measure otherwise. UIKit's self-sizing cells.
public protocol LayoutItemMeasuring: AnyObject {
  /// How many rows the item at `indexPath` (the data's index path) needs
  /// when it is `width` cells wide; `estimatedHeight` is the estimate its
  /// group gave (what to answer when it cannot be measured).
  func layoutHeight(forItemAt indexPath: IndexPath, width: Double, estimatedHeight: Double, in layout: CompositionalLayout) -> Double
}
