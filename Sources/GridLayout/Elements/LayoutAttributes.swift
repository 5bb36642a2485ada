/// Everything the layout says about one element: where it is and how it looks
/// in the layout, never what it contains.
public struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
  /// The element's index path (for a header or footer: the section, item 0).
  public var indexPath: IndexPath
  /// Item, supplementary or decoration.
  public var category: ElementCategory
  /// `.cell` for items; header, footer or the layout's own kind otherwise.
  public var kind: ElementKind
  /// The frame in content coordinates, cell units: the coordinates of the
  /// whole content, which the view scrolls over (its visible rectangle is in
  /// them too), so a frame stays put when the view scrolls. In a section that
  /// scrolls sideways on its own (a ``SectionScrollingLayout``'s shelf), the
  /// frame is where the item is now: its x is its unscrolled x less the
  /// section's ``SectionScrollingLayout/horizontalOffset(ofSection:)``, so an
  /// item scrolled out of the shelf's view lies left of 0 or right of the
  /// view's width, and the frame changes when the shelf scrolls.
  public var frame: Rect
  /// Higher draws later (on top).
  public var zIndex: Int
  /// 0 (invisible) ... 1 (opaque).
  public var alpha: Double
  /// Scale about the centre.
  public var scale: Scale
  /// Hidden elements are not drawn.
  public var isHidden: Bool

  /// Creates the attributes of an item.
  public init(forItemAt indexPath: IndexPath, frame: Rect = .zero) {
    self.init(indexPath: indexPath, category: .item, kind: .cell, frame: frame)
  }
  /// Creates the attributes of a supplementary element.
  public init(forSupplementaryOfKind kind: ElementKind, at indexPath: IndexPath, frame: Rect = .zero) {
    self.init(indexPath: indexPath, category: .supplementary, kind: kind, frame: frame)
  }
  /// Creates the attributes of a decoration element.
  public init(forDecorationOfKind kind: ElementKind, at indexPath: IndexPath, frame: Rect = .zero) {
    self.init(indexPath: indexPath, category: .decoration, kind: kind, frame: frame)
  }
  /// Creates attributes from every field.
  public init(
    indexPath: IndexPath, category: ElementCategory, kind: ElementKind, frame: Rect,
    zIndex: Int = 0, alpha: Double = 1, scale: Scale = .identity, isHidden: Bool = false
  ) {
    self.indexPath = indexPath
    self.category = category
    self.kind = kind
    self.frame = frame
    self.zIndex = zIndex
    self.alpha = alpha
    self.scale = scale
    self.isHidden = isHidden
  }

  /// The frame's centre; setting it moves the frame.
  public var center: Point {
    get { frame.center }
    set { frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
  }
  /// The frame's size; setting it keeps the centre.
  public var size: Size {
    get { frame.size }
    set {
      let c = center
      frame.size = newValue
      center = c
    }
  }

  /// The order elements are drawn in: zIndex, then decoration, item,
  /// supplementary, then index path.
  public static func drawingOrder(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
    if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
    if a.category != b.category { return a.category < b.category }
    if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
    return a.kind.rawValue < b.kind.rawValue
  }

  /// A readable form, for messages and tests.
  public var description: String {
    let what = category == .item ? "item" : "\(kind)"
    return "\(what) \(indexPath) \(frame)"
  }
}
