/// A layout whose sections scroll sideways on their own (the shelves of a
/// streaming app, UIKit's orthogonal scrolling sections): the content scrolls
/// vertically as a whole, and each section keeps its own horizontal offset.
///
/// The collection view moves a section's offset to bring the focused item
/// into view; the offsets are kept when the focus moves to another section
/// and back.
///
/// An item's frame includes its section's offset: the layout answers where
/// the item is now, `x` being its unscrolled `x` less the offset (an item
/// scrolled out of view lies left of 0 or right of the view's width). So
/// "content coordinates" here are the view's, with each shelf already
/// scrolled; the unscrolled `x` is the frame's plus ``horizontalOffset(ofSection:)``.
public protocol SectionScrollingLayout: CollectionLayout {
  /// How far `section` is scrolled to the left, in cells (0 when out of range).
  func horizontalOffset(ofSection section: Int) -> Double
  /// Scrolls `section` to `offset`, clamped to 0 ... ``maximumHorizontalOffset(ofSection:)``.
  func setHorizontalOffset(_ offset: Double, ofSection section: Int)
  /// The largest offset of `section`: how much wider its row is than the bounds.
  func maximumHorizontalOffset(ofSection section: Int) -> Double
  /// The offsets between `range`'s bounds at which `section` comes to rest,
  /// in increasing order, or nil when any offset will do (see the default).
  func restingHorizontalOffsets(ofSection section: Int, in range: ClosedRange<Double>) -> [Double]?
}

extension SectionScrollingLayout {
  /// The offsets between `range`'s bounds at which `section` comes to rest
  /// (the focus moving into an item out of view picks the nearest one that
  /// shows it, the wheel the next one), in increasing order; nil when any
  /// offset will do. The default says nil.
  public func restingHorizontalOffsets(ofSection section: Int, in range: ClosedRange<Double>) -> [Double]? { nil }
}
