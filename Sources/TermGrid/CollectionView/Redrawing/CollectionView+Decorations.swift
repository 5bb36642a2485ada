import GridLayout

/// Draws a decoration element: given its attributes (its kind, its section
/// in `indexPath`, its frame), says what it shows. A ``ElementContent`` with a
/// `draw` closure can paint anything in the frame (a plank, grid lines).
public typealias DecorationDrawer = (_ attributes: LayoutAttributes) -> ElementContent

extension CollectionView {
  /// Registers what draws the layout's decoration elements of `kind` (a
  /// section background, grid lines, a shelf plank), as UIKit's
  /// `register(_:forDecorationViewOfKind:)`. Decorations come from the
  /// layout, not the data source; at equal zIndex they draw behind items and
  /// supplementary elements. A kind with no drawer is not drawn. Registering
  /// again replaces the drawer; nil removes it.
  public func register(_ drawer: DecorationDrawer?, forDecorationViewOfKind kind: ElementKind) {
    drawing.register(drawer, forKind: kind)
    setNeedsDisplay()
  }
}
