/// Shelves: each section is one row of items that scrolls sideways on its
/// own, under a full-width header and over an optional plank (a decoration
/// element), as the shelves of a streaming app. The content scrolls
/// vertically; each shelf keeps its own horizontal offset
/// (``SectionScrollingLayout``).
///
/// Items are ``itemHeight`` tall and ``itemWidth`` wide, or as wide as the
/// ``delegate`` says (self-sizing: asked once per item in `prepare`).
///
/// `prepare` costs O(sections) with uniform widths, O(n) with a delegate;
/// rect queries cost O(log sections + log n + k).
public final class ShelfLayout: SectionScrollingLayout {
  /// The kind of the plank decoration under each shelf's items.
  public static let plankKind: ElementKind = "shelf-plank"

  /// The height of every item.
  public var itemHeight: Double = 5 {
    didSet { if oldValue != itemHeight { invalidateLayout() } }
  }
  /// The width of every item when there is no delegate.
  public var itemWidth: Double = 16 {
    didSet { if oldValue != itemWidth { invalidateLayout() } }
  }
  /// The spacing between the items of a shelf.
  public var interitemSpacing: Double = 1 {
    didSet { if oldValue != interitemSpacing { invalidateLayout() } }
  }
  /// The rows between one shelf's plank and the next shelf's header.
  public var shelfSpacing: Double = 1 {
    didSet { if oldValue != shelfSpacing { invalidateLayout() } }
  }
  /// The margins of a shelf's row: left before its first item, right after
  /// its last (at the largest offset), top and bottom around the items.
  public var sectionInset = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1) {
    didSet { if oldValue != sectionInset { invalidateLayout() } }
  }
  /// The height of each shelf's header (0: none).
  public var headerHeight: Double = 1 {
    didSet { if oldValue != headerHeight { invalidateLayout() } }
  }
  /// The height of the plank under each shelf's items (0: none); a
  /// decoration of kind ``plankKind``.
  public var plankHeight: Double = 1 {
    didSet { if oldValue != plankHeight { invalidateLayout() } }
  }
  /// Sizes items one by one.
  public weak var delegate: (any ShelfLayoutDelegate)? {
    didSet { if oldValue !== delegate { invalidateLayout() } }
  }
  /// How the arrow keys move the focus: ``FocusNavigation/rows`` by default.
  /// Left and Right go along a shelf (scrolling it), Up and Down to the
  /// shelf above or below, at its item nearest on screen however far
  /// sideways, passing over empty shelves.
  public var focusNavigation = FocusNavigation.rows

  /// One shelf's geometry, in unscrolled content coordinates.
  struct Shelf {
    var minY: Double
    var maxY: Double
    var header: Rect?
    var plank: Rect?
    var itemsY: Double
    var count: Int
    /// The x of each item's left edge and right edge (sized shelves only).
    var minXs: [Double] = []
    var maxXs: [Double] = []
    /// The width of the whole row, margins included.
    var rowWidth: Double
  }

  /// The sizes the last ``prepare(for:)`` used, whole cells, so queries
  /// agree with it even if the properties changed since.
  struct Metrics {
    var itemWidth = 16.0
    var itemHeight = 5.0
    var spacing = 1.0
    var left = 1.0
  }

  private(set) var shelves: [Shelf] = []
  private var offsets: [Double] = []
  private var metrics = Metrics()
  private var width = 0.0
  /// The size of all the content after the last ``prepare(for:)`` (as wide
  /// as the bounds: shelves scroll on their own).
  public private(set) var contentSize = Size.zero

  /// The collection view showing the layout (set by the view, held weakly):
  /// told when a setting changes, so that it prepares the layout again.
  public weak var invalidationTarget: (any LayoutInvalidationTarget)?

  /// Creates a shelf layout.
  public init(
    itemWidth: Double = 16, itemHeight: Double = 5, interitemSpacing: Double = 1, shelfSpacing: Double = 1,
    headerHeight: Double = 1, plankHeight: Double = 1
  ) {
    self.itemWidth = itemWidth
    self.itemHeight = itemHeight
    self.interitemSpacing = interitemSpacing
    self.shelfSpacing = shelfSpacing
    self.headerHeight = headerHeight
    self.plankHeight = plankHeight
  }

  /// See ``CollectionLayout``. Each shelf keeps its offset (clamped to its new row).
  public func prepare(for context: LayoutContext) {
    width = max(0, context.boundsSize.width)
    metrics = Metrics(
      itemWidth: max(1, itemWidth.rounded()), itemHeight: max(1, itemHeight.rounded()),
      spacing: max(0, interitemSpacing.rounded()), left: sectionInset.left)
    let height = metrics.itemHeight
    let spacing = metrics.spacing
    let header = max(0, headerHeight.rounded())
    let plank = max(0, plankHeight.rounded())
    shelves.removeAll(keepingCapacity: true)
    shelves.reserveCapacity(context.numberOfSections)
    var y = 0.0
    for s in 0..<context.numberOfSections {
      if s > 0 { y += max(0, shelfSpacing.rounded()) }
      let count = max(0, context.numberOfItems(inSection: s))
      let top = y
      var headerFrame: Rect?
      if header > 0 {
        headerFrame = Rect(x: 0, y: y, width: width, height: header)
        y += header
      }
      y += sectionInset.top
      let itemsY = y
      var shelf = Shelf(minY: top, maxY: top, header: headerFrame, itemsY: itemsY, count: count, rowWidth: 0)
      var x = metrics.left
      if let delegate {
        shelf.minXs.reserveCapacity(count)
        shelf.maxXs.reserveCapacity(count)
        for i in 0..<count {
          let path = context.dataIndexPath(for: IndexPath(item: i, section: s))
          let w = max(1, delegate.shelfLayout(self, widthForItemAt: path).rounded())
          shelf.minXs.append(x)
          shelf.maxXs.append(x + w)
          x += w + spacing
        }
      } else {
        x += Double(count) * (metrics.itemWidth + spacing)
      }
      if count > 0 { x -= spacing }
      shelf.rowWidth = x + sectionInset.right
      y += height + sectionInset.bottom
      if plank > 0 {
        shelf.plank = Rect(x: 0, y: y, width: width, height: plank)
        y += plank
      }
      shelf.maxY = y
      shelves.append(shelf)
    }
    contentSize = Size(width: width, height: y)
    if offsets.count > shelves.count { offsets.removeLast(offsets.count - shelves.count) }
    if offsets.count < shelves.count { offsets += [Double](repeating: 0, count: shelves.count - offsets.count) }
    for s in offsets.indices { offsets[s] = min(offsets[s], maximumHorizontalOffset(ofSection: s)) }
  }

  // MARK: section scrolling

  /// See ``SectionScrollingLayout``.
  public func horizontalOffset(ofSection section: Int) -> Double {
    section >= 0 && section < offsets.count ? offsets[section] : 0
  }

  /// See ``SectionScrollingLayout``.
  public func setHorizontalOffset(_ offset: Double, ofSection section: Int) {
    guard section >= 0, section < offsets.count else { return }
    offsets[section] = min(max(0, offset.rounded()), maximumHorizontalOffset(ofSection: section))
  }

  /// See ``SectionScrollingLayout``.
  public func maximumHorizontalOffset(ofSection section: Int) -> Double {
    guard section >= 0, section < shelves.count else { return 0 }
    return max(0, shelves[section].rowWidth - width)
  }

  // MARK: queries

  private func itemFrame(_ i: Int, in shelf: Shelf, offset: Double) -> Rect {
    if shelf.minXs.isEmpty {
      let x = metrics.left + Double(i) * (metrics.itemWidth + metrics.spacing)
      return Rect(x: x - offset, y: shelf.itemsY, width: metrics.itemWidth, height: metrics.itemHeight)
    }
    return Rect(
      x: shelf.minXs[i] - offset, y: shelf.itemsY, width: shelf.maxXs[i] - shelf.minXs[i], height: metrics.itemHeight)
  }

  /// See ``CollectionLayout``. Items are where their shelf's offset puts
  /// them: an item's x is its unscrolled x less the shelf's offset (see
  /// ``SectionScrollingLayout``).
  public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    guard rect.width > 0, rect.height > 0, !shelves.isEmpty else { return [] }
    var result: [LayoutAttributes] = []
    let height = metrics.itemHeight
    let stride = metrics.itemWidth + metrics.spacing
    var s = lowerBound(shelves.count) { self.shelves[$0].maxY > rect.minY }
    while s < shelves.count, shelves[s].minY < rect.maxY {
      let shelf = shelves[s]
      let path = IndexPath(item: 0, section: s)
      if let p = shelf.plank, p.intersects(rect) {
        result.append(LayoutAttributes(forDecorationOfKind: Self.plankKind, at: path, frame: p))
      }
      if let h = shelf.header, h.intersects(rect) {
        result.append(LayoutAttributes(forSupplementaryOfKind: .header, at: path, frame: h))
      }
      if shelf.count > 0, shelf.itemsY < rect.maxY, shelf.itemsY + height > rect.minY {
        // The rect's span in the shelf's unscrolled row.
        let offset = offsets[s]
        let low = rect.minX + offset
        let high = rect.maxX + offset
        var first: Int
        if shelf.minXs.isEmpty {
          first = max(0, Int(((low - metrics.left - metrics.itemWidth) / stride).rounded(.down)))
        } else {
          first = lowerBound(shelf.count) { shelf.maxXs[$0] > low }
        }
        while first < shelf.count {
          let frame = itemFrame(first, in: shelf, offset: offset)
          if frame.minX + offset >= high { break }
          if frame.intersects(rect) {
            result.append(LayoutAttributes(forItemAt: IndexPath(item: first, section: s), frame: frame))
          }
          first += 1
        }
      }
      s += 1
    }
    return result
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < shelves.count, indexPath.item >= 0,
      indexPath.item < shelves[indexPath.section].count
    else { return nil }
    return LayoutAttributes(
      forItemAt: indexPath, frame: itemFrame(indexPath.item, in: shelves[indexPath.section], offset: offsets[indexPath.section]))
  }

  public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == .header, indexPath.section >= 0, indexPath.section < shelves.count,
      let h = shelves[indexPath.section].header
    else { return nil }
    return LayoutAttributes(forSupplementaryOfKind: .header, at: IndexPath(item: 0, section: indexPath.section), frame: h)
  }
}
