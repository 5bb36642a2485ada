/// Per-section overrides for a ``FlowLayout``, as
/// UICollectionViewDelegateFlowLayout. Every method is optional: return nil
/// (the default) to use the layout's own property.
public protocol FlowLayoutDelegate: AnyObject {
  /// The insets of `section`.
  func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets?
  /// The spacing between lines of `section`.
  func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Double?
  /// The spacing between items of a line in `section`.
  func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) -> Double?
  /// The size of `section`'s header (its height when scrolling vertically,
  /// its width when scrolling horizontally); zero for none.
  func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size?
  /// The size of `section`'s footer; zero for none.
  func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size?
}

extension FlowLayoutDelegate {
  /// Default: nil (use the layout's own property).
  public func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? { nil }
  /// Default: nil (use the layout's own property).
  public func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Double? { nil }
  /// Default: nil (use the layout's own property).
  public func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) -> Double? {
    nil
  }
  /// Default: nil (use the layout's own property).
  public func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size? { nil }
  /// Default: nil (use the layout's own property).
  public func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size? { nil }
}
