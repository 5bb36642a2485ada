/// A length along one axis of a ``CompositionalLayout``, in cells: a
/// fraction of the container's (or the enclosing group's) width or height,
/// a number of cells, or an estimate. UIKit's `NSCollectionLayoutDimension`.
public struct LayoutDimension: Hashable, Sendable {
  /// How the length is given.
  public enum Kind: Hashable, Sendable {
    /// A fraction of the container's width.
    case fractionalWidth
    /// A fraction of the container's height.
    case fractionalHeight
    /// A number of cells.
    case absolute
    /// A number of cells the content is expected to take. A group whose
    /// height is estimated sizes itself: its items of estimated height are
    /// measured (``CompositionalLayout/itemMeasurer``) and it is as tall as
    /// they are. Anywhere else, and for widths, an estimate is laid out as
    /// that many cells.
    case estimated
  }

  /// How the length is given.
  public let kind: Kind
  /// The fraction or the number of cells.
  public let value: Double

  /// `fraction` of the container's width.
  public static func fractionalWidth(_ fraction: Double) -> LayoutDimension { LayoutDimension(kind: .fractionalWidth, value: fraction) }
  /// `fraction` of the container's height.
  public static func fractionalHeight(_ fraction: Double) -> LayoutDimension { LayoutDimension(kind: .fractionalHeight, value: fraction) }
  /// `cells` cells.
  public static func absolute(_ cells: Double) -> LayoutDimension { LayoutDimension(kind: .absolute, value: cells) }
  /// About `cells` cells: measured from the content for an item's height
  /// in a group whose height is estimated too (see ``Kind/estimated``).
  public static func estimated(_ cells: Double) -> LayoutDimension { LayoutDimension(kind: .estimated, value: cells) }

  /// The length in a container of `size` (never negative).
  public func resolved(in size: Size) -> Double {
    switch kind {
    case .fractionalWidth: return max(0, value * size.width)
    case .fractionalHeight: return max(0, value * size.height)
    case .absolute, .estimated: return max(0, value)
    }
  }
}
