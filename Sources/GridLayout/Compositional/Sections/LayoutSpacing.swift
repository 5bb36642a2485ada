/// A space in cells: fixed, or flexible (at least that much, and a share of
/// the room left over). UIKit's `NSCollectionLayoutSpacing`.
public struct LayoutSpacing: Hashable, Sendable {
  /// The cells it takes at least.
  public let value: Double
  /// Whether it grows to take a share of the room left over.
  public let isFlexible: Bool

  /// Exactly `cells` cells.
  public static func fixed(_ cells: Double) -> LayoutSpacing { LayoutSpacing(value: max(0, cells), isFlexible: false) }
  /// At least `cells` cells, and a share of the room left over.
  public static func flexible(_ cells: Double) -> LayoutSpacing { LayoutSpacing(value: max(0, cells), isFlexible: true) }
}
