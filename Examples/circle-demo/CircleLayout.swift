#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import GridLayout

/// The seed's circle layout in cells: the items of section 0 on a ring
/// around the middle of the view. The radius is a fraction of the smaller
/// side as the eye sees it (cells are about twice as tall as wide, so the
/// ring is twice as wide in columns as it is tall in rows). Inserted items
/// grow out of the centre; deleted ones shrink into it and fade.
final class CircleLayout: CollectionLayout {
  /// How much taller than wide a cell looks.
  var cellAspectRatio = 2.0
  /// The radius as a fraction of the smaller side (the seed's 1/2.5).
  var radiusFraction = 1 / 2.5
  private(set) var itemSize = Size(width: 8, height: 3)
  private var center = Point.zero
  private var radiusX = 0.0
  private var radiusY = 0.0
  private var count = 0
  private var bounds = Size.zero

  func prepare(for context: LayoutContext) {
    bounds = context.boundsSize
    count = context.numberOfItems(inSection: 0)
    center = Point(x: bounds.width / 2, y: bounds.height / 2)
    // The smaller side in columns, as seen.
    let side = min(bounds.width, bounds.height * cellAspectRatio)
    radiusX = side * radiusFraction
    radiusY = radiusX / cellAspectRatio
    // Cards are as large as the spacing of neighbours on the ring allows
    // (a column apart across, a row apart up and down), within 4...10 wide.
    let step = 2 * Double.pi / Double(max(count, 1))
    let width = max(4, min(10, (radiusX * step).rounded(.down) - 1))
    itemSize = Size(width: width, height: radiusY * step >= 3.2 ? 3 : 1)
  }

  var contentSize: Size { bounds }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
    let angle = 2 * Double.pi * Double(indexPath.item) / Double(count)
    var a = LayoutAttributes(forItemAt: indexPath)
    a.size = itemSize
    a.center = Point(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle))
    return a
  }

  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
      .filter { $0.frame.intersects(rect) }
  }

  func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var a = layoutAttributesForItem(at: indexPath) else { return nil }
    a.alpha = 0
    a.center = center
    return a
  }

  func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    var a = LayoutAttributes(forItemAt: indexPath)
    a.size = itemSize
    a.alpha = 0
    a.center = center
    a.scale = Scale(0.1)
    return a
  }
}
