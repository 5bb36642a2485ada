/// A decoration of a ``LayoutSection``: a background behind all of it, from
/// its header's top to its footer's bottom, across the view's width, less
/// its ``contentInsets``. Drawn by what the collection view registered for
/// its kind (`register(_:forDecorationViewOfKind:)`), below the items.
/// UIKit's `NSCollectionLayoutDecorationItem`, as a value.
///
/// It does not scroll sideways with a section that does.
public struct LayoutDecorationItem: Hashable, Sendable {
  /// The kind it is drawn by.
  public var elementKind: ElementKind
  /// The margins between the section's edges and the background.
  public var contentInsets: EdgeInsets
  /// Its zIndex: 0, below the items at the same zIndex (decorations draw first), by default.
  public var zIndex: Int

  /// A background of `elementKind` behind its section.
  public static func background(elementKind: ElementKind) -> LayoutDecorationItem {
    LayoutDecorationItem(elementKind: elementKind, contentInsets: .zero, zIndex: 0)
  }

  /// Creates a decoration item.
  public init(elementKind: ElementKind, contentInsets: EdgeInsets = .zero, zIndex: Int = 0) {
    self.elementKind = elementKind
    self.contentInsets = contentInsets
    self.zIndex = zIndex
  }
}
