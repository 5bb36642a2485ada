/// A header or footer of a ``LayoutSection``: an element of its own kind
/// at the section's top or bottom edge, taking rows of its own, that can
/// stay at the top of the view while its section is under it. UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`, as a value.
public struct LayoutBoundarySupplementaryItem: Hashable, Sendable {
  /// Which edge of the section it sits on.
  public enum Alignment: Hashable, Sendable {
    /// Above the section's groups (a header).
    case top
    /// Below them (a footer).
    case bottom
  }

  /// Its size: fractions of the section's content width (between its side insets).
  public var layoutSize: LayoutSize
  /// The kind it is asked for by (`.header`, `.footer` or one of your own).
  public var elementKind: ElementKind
  /// Which edge it sits on.
  public var alignment: Alignment
  /// Whether a top item stays at the top of the view while its section is
  /// under it (pushed off by the section's end), drawn above the items.
  public var pinToVisibleBounds: Bool

  /// Creates a header or footer.
  public init(layoutSize: LayoutSize, elementKind: ElementKind, alignment: Alignment, pinToVisibleBounds: Bool = false) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.alignment = alignment
    self.pinToVisibleBounds = pinToVisibleBounds
  }
}
