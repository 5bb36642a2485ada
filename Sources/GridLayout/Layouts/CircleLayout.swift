import GridPlatform

/// The circle layout of UIKit's collection-view guide, in cells: the items of
/// section 0 on a ring around the middle of the bounds, item 0 at the right
/// (three o'clock) and the others clockwise. Inserted items grow out of the
/// centre; deleted ones shrink into it and fade.
///
/// The radius is a fraction of the smaller side as the eye sees it: cells are
/// about ``cellAspectRatio`` times as tall as wide, so the ring is that much
/// wider in columns than it is tall in rows. Unless ``fixedItemSize`` is set,
/// items are as large as the spacing of neighbours on the ring allows (4 to 10
/// columns wide; 3 rows tall when there is room, else 1).
///
/// `prepare` costs O(1); a rect query finds the arcs of the ring that pass
/// through the rect and returns the items on them: O(k), whatever the count.
public final class CircleLayout: CollectionLayout {
  /// How much taller than wide a cell looks.
  public var cellAspectRatio = 2.0 {
    didSet { if oldValue != cellAspectRatio { invalidateLayout() } }
  }
  /// The radius as a fraction of the smaller side (the seed's 1/2.5).
  public var radiusFraction = 1 / 2.5 {
    didSet { if oldValue != radiusFraction { invalidateLayout() } }
  }
  /// Every item's size, or nil to size items from the ring's spacing.
  public var fixedItemSize: Size? {
    didSet { if oldValue != fixedItemSize { invalidateLayout() } }
  }
  /// The size of every item after the last ``prepare(for:)``.
  public private(set) var itemSize = Size(width: 8, height: 3)
  /// The ring's centre after the last ``prepare(for:)``.
  public private(set) var center = Point.zero
  /// The ring's horizontal radius in columns.
  public private(set) var radiusX = 0.0
  /// The ring's vertical radius in rows.
  public private(set) var radiusY = 0.0
  /// How the arrow keys move the focus: ``FocusNavigation/geometric``, as
  /// a ring has no rows (Down from three o'clock goes to four).
  public var focusNavigation = FocusNavigation.geometric
  private var count = 0
  private var bounds = Size.zero

  /// The collection view showing the layout (set by the view, held weakly):
  /// told when a setting changes, so that it prepares the layout again.
  public weak var invalidationTarget: (any LayoutInvalidationTarget)?

  /// Creates a circle layout.
  public init(radiusFraction: Double = 1 / 2.5, cellAspectRatio: Double = 2, fixedItemSize: Size? = nil) {
    self.radiusFraction = radiusFraction
    self.cellAspectRatio = cellAspectRatio
    self.fixedItemSize = fixedItemSize
  }

  public func prepare(for context: LayoutContext) {
    bounds = Size(width: max(0, context.boundsSize.width), height: max(0, context.boundsSize.height))
    count = max(0, context.numberOfItems(inSection: 0))
    center = Point(x: bounds.width / 2, y: bounds.height / 2)
    let aspect = max(0.1, cellAspectRatio)
    let side = min(bounds.width, bounds.height * aspect)
    radiusX = max(0, side * radiusFraction)
    radiusY = radiusX / aspect
    if let fixedItemSize {
      itemSize = fixedItemSize
    } else {
      // A column apart across, a row apart up and down.
      let step = 2 * Double.pi / Double(max(count, 1))
      let width = max(4, min(10, (radiusX * step).rounded(.down) - 1))
      itemSize = Size(width: width, height: radiusY * step >= 3.2 ? 3 : 1)
    }
  }

  /// The bounds: the ring never scrolls.
  public var contentSize: Size { bounds }

  private func angle(ofItem item: Int) -> Double { 2 * Double.pi * Double(item) / Double(count) }

  private func attributes(ofItem item: Int) -> LayoutAttributes {
    let a = angle(ofItem: item)
    var attrs = LayoutAttributes(forItemAt: IndexPath(item: item, section: 0))
    attrs.size = itemSize
    attrs.center = Point(x: center.x + radiusX * cos(a), y: center.y + radiusY * sin(a))
    return attrs
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
    return attributes(ofItem: indexPath.item)
  }

  /// See ``CollectionLayout``. Only the items on the arcs of the ring that
  /// pass through `rect` are looked at.
  public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    guard count > 0, rect.width > 0, rect.height > 0 else { return [] }
    // An item meets the rect when its centre lies strictly inside the rect
    // grown by half the item's size on every side.
    let grown = Rect(
      x: rect.minX - itemSize.width / 2, y: rect.minY - itemSize.height / 2,
      width: rect.width + itemSize.width, height: rect.height + itemSize.height)
    let xs = Self.arcs(offset: 0, radius: radiusX, centre: center.x, from: grown.minX, to: grown.maxX)
    let ys = Self.arcs(offset: Double.pi / 2, radius: radiusY, centre: center.y, from: grown.minY, to: grown.maxY)
    var result: [LayoutAttributes] = []
    let perRadian = Double(count) / (2 * Double.pi)
    var next = 0  // the arcs are sorted, so each item is looked at once
    for arc in Self.intersection(xs, ys) {
      // A little slack for rounding; the exact test below decides.
      let first = max(next, Int((arc.lowerBound * perRadian).rounded(.up)) - 1)
      let last = min(count - 1, Int((arc.upperBound * perRadian).rounded(.down)) + 1)
      guard first <= last else { continue }
      for i in first...last {
        let attrs = attributes(ofItem: i)
        if attrs.frame.intersects(rect) { result.append(attrs) }
      }
      next = last + 1
    }
    return result
  }

  /// The angles in [0, 2π) at which `centre + radius·cos(θ − offset)` lies
  /// in the open interval (`from`, `to`), as sorted disjoint ranges.
  static func arcs(offset: Double, radius: Double, centre: Double, from: Double, to: Double)
    -> [ClosedRange<Double>]
  {
    let full = [0...(2 * Double.pi)]
    guard radius > 0 else { return centre > from && centre < to ? full : [] }
    let low = (from - centre) / radius
    let high = (to - centre) / radius
    if low >= 1 || high <= -1 { return [] }
    if low < -1 && high > 1 { return full }
    // cos φ in (low, high) for φ in [0, π] is φ in (acos(high), acos(low)); mirrored below zero.
    let a = acos(min(1, high))
    let b = acos(max(-1, low))
    var result: [ClosedRange<Double>] = []
    for (start, end) in [(a, b), (-b, -a)] {
      result += wrapped(start + offset, end + offset)
    }
    return merged(result)
  }

  /// The range `start...end` (at most 2π long) folded into [0, 2π).
  private static func wrapped(_ start: Double, _ end: Double) -> [ClosedRange<Double>] {
    let twoPi = 2 * Double.pi
    var s = start.truncatingRemainder(dividingBy: twoPi)
    if s < 0 { s += twoPi }
    let e = s + (end - start)
    return e <= twoPi ? [s...e] : [s...twoPi, 0...(e - twoPi)]
  }

  private static func merged(_ ranges: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
    var result: [ClosedRange<Double>] = []
    for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, r.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
      } else {
        result.append(r)
      }
    }
    return result
  }

  /// The overlap of two sorted lists of disjoint ranges.
  static func intersection(_ a: [ClosedRange<Double>], _ b: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
    var result: [ClosedRange<Double>] = []
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      let low = max(a[i].lowerBound, b[j].lowerBound)
      let high = min(a[i].upperBound, b[j].upperBound)
      if low <= high { result.append(low...high) }
      if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
    }
    return result
  }

  /// Inserted items grow out of the centre, transparent at first.
  public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var a = layoutAttributesForItem(at: indexPath) else { return nil }
    a.alpha = 0
    a.center = center
    a.scale = Scale(0.1)
    return a
  }

  /// Deleted items shrink into the centre and fade.
  public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    var a = LayoutAttributes(forItemAt: indexPath)
    a.size = itemSize
    a.alpha = 0
    a.center = center
    a.scale = Scale(0.1)
    return a
  }
}
