/// The position of an element: a section and an item within it.
///
/// Ordered section first, then item, so sorting gives reading order.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section's index.
  public var section: Int
  /// The item's index within its section.
  public var item: Int
  /// Creates an index path.
  @inlinable public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }
  /// Section first, then item.
  @inlinable public static func < (a: IndexPath, b: IndexPath) -> Bool {
    a.section != b.section ? a.section < b.section : a.item < b.item
  }
  /// A readable form, for messages and tests.
  public var description: String { "[\(section), \(item)]" }
}
