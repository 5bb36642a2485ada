/// A ``FlowLayoutDelegate`` that also sizes items one by one.
///
/// A layout whose delegate conforms asks it for every item in `prepare`
/// (O(n)); without it all items share ``FlowLayout/itemSize`` and `prepare`
/// costs O(sections).
public protocol FlowLayoutItemSizing: FlowLayoutDelegate {
  /// The size of the item at `indexPath`.
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size
}
