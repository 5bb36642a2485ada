/// A masonry layout: columns of equal width, each item placed under the
/// column that is shortest at its turn (the leftmost of equals), so items of
/// different heights pack without gaps. Sections stack vertically, each with
/// a full-width header and footer and its own insets.
///
/// The number of columns is fixed (``Columns/count(_:)``) or follows the
/// width (``Columns/minimumWidth(_:)``: as many columns as fit at that
/// width), so columns change with the terminal; `setLayout(_:animated:)`
/// with another column setting animates the change. Heights come from the
/// ``delegate`` (rounded to whole cells), or ``itemHeight``.
///
/// With ``scrollDirection`` `.horizontal` the same happens turned on its
/// side: columns become rows, each item goes at the end of the row that is
/// shortest at its turn, the delegate's length is a width, and headers and
/// footers are full-height columns.
///
/// `prepare` costs O(n) (every item's height is needed); rect queries cost
/// O(sections' log + columns × log n + k): each column keeps its items in
/// top-to-bottom order, so a binary search finds the first one in the rect.
public final class WaterfallLayout: CollectionLayout {
  /// How many columns there are.
  public enum Columns: Hashable, Sendable {
    /// Exactly this many (at least 1).
    case count(Int)
    /// As many as fit at this width or wider (at least 1).
    case minimumWidth(Double)
  }

  /// How many columns there are (rows when horizontal).
  public var columns = Columns.count(2) {
    didSet { if oldValue != columns { invalidateLayout() } }
  }
  /// The direction the content scrolls in: vertical (columns) or horizontal (rows).
  public var scrollDirection = FlowLayout.ScrollDirection.vertical {
    didSet { if oldValue != scrollDirection { invalidateLayout() } }
  }
  /// True when ``scrollDirection`` is horizontal.
  public var scrollsHorizontally: Bool { scrollDirection == .horizontal }
  /// The spacing between columns.
  public var interColumnSpacing: Double = 1 {
    didSet { if oldValue != interColumnSpacing { invalidateLayout() } }
  }
  /// The spacing between items of one column.
  public var lineSpacing: Double = 0 {
    didSet { if oldValue != lineSpacing { invalidateLayout() } }
  }
  /// The insets of every section (around its columns, inside its header and footer).
  public var sectionInset = EdgeInsets.zero {
    didSet { if oldValue != sectionInset { invalidateLayout() } }
  }
  /// The height of each section's header (0: none).
  public var headerHeight: Double = 0 {
    didSet { if oldValue != headerHeight { invalidateLayout() } }
  }
  /// The height of each section's footer (0: none).
  public var footerHeight: Double = 0 {
    didSet { if oldValue != footerHeight { invalidateLayout() } }
  }
  /// The height of every item when there is no delegate.
  public var itemHeight: Double = 3 {
    didSet { if oldValue != itemHeight { invalidateLayout() } }
  }
  /// Sizes items one by one.
  public weak var delegate: (any WaterfallLayoutDelegate)? {
    didSet { if oldValue !== delegate { invalidateLayout() } }
  }
  /// How the arrow keys move the focus: ``FocusNavigation/geometric`` by
  /// default. A masonry wall has no rows (its columns are staggered), so
  /// the cone finds the next card straight down a column and the card
  /// beside in the next one.
  public var focusNavigation = FocusNavigation.geometric

  /// One section's geometry (`minY` and `maxY` are along the scroll direction).
  struct Section {
    var minY: Double
    var maxY: Double
    var header: Rect?
    var footer: Rect?
    /// Every item's frame, by item index.
    var frames: [Rect] = []
    /// The items of each column, top to bottom.
    var columns: [[Int]] = []
  }

  private(set) var sections: [Section] = []
  private var axis = Axis(isVertical: true)
  /// The x and width of each column after the last ``prepare(for:)`` (the
  /// y and height of each row when horizontal).
  public private(set) var columnFrames: [(x: Double, width: Double)] = []
  /// The size of all the content after the last ``prepare(for:)``.
  public private(set) var contentSize = Size.zero

  /// The collection view showing the layout (set by the view, held weakly):
  /// told when a setting changes, so that it prepares the layout again.
  public weak var invalidationTarget: (any LayoutInvalidationTarget)?

  /// Creates a waterfall layout.
  public init(
    columns: Columns = .count(2), interColumnSpacing: Double = 1, lineSpacing: Double = 0,
    sectionInset: EdgeInsets = .zero, headerHeight: Double = 0, footerHeight: Double = 0, itemHeight: Double = 3,
    scrollDirection: FlowLayout.ScrollDirection = .vertical
  ) {
    self.scrollDirection = scrollDirection
    self.columns = columns
    self.interColumnSpacing = interColumnSpacing
    self.lineSpacing = lineSpacing
    self.sectionInset = sectionInset
    self.headerHeight = headerHeight
    self.footerHeight = footerHeight
    self.itemHeight = itemHeight
  }

  /// The number of columns that `columns` gives in `width` cells (less the
  /// insets); when horizontal, the rows in a height of `width`.
  public func numberOfColumns(forWidth width: Double) -> Int {
    let axis = Axis(isVertical: scrollDirection == .vertical)
    let available = max(0, width - axis.acrossLeading(sectionInset) - axis.acrossTrailing(sectionInset))
    switch columns {
    case .count(let n): return max(1, n)
    case .minimumWidth(let w):
      return max(1, Int(((available + interColumnSpacing) / (max(1, w) + interColumnSpacing)).rounded(.down)))
    }
  }

  public func prepare(for context: LayoutContext) {
    let axis = Axis(isVertical: scrollDirection == .vertical)
    self.axis = axis
    let width = max(0, axis.across(context.boundsSize))
    let count = numberOfColumns(forWidth: width)
    // Equal columns; the cells left over widen the first ones by one each.
    let available = max(
      0, width - axis.acrossLeading(sectionInset) - axis.acrossTrailing(sectionInset) - Double(count - 1) * interColumnSpacing)
    let base = (available / Double(count)).rounded(.down)
    let extra = Int(available - base * Double(count))
    var x = axis.acrossLeading(sectionInset)
    columnFrames = (0..<count).map { i in
      let w = base + (i < extra ? 1 : 0)
      defer { x += w + interColumnSpacing }
      return (x, w)
    }
    sections = []
    sections.reserveCapacity(context.numberOfSections)
    var y = 0.0
    let header = headerHeight.rounded()
    let footer = footerHeight.rounded()
    for s in 0..<context.numberOfSections {
      var section = Section(minY: y, maxY: y)
      if header > 0 {
        section.header = axis.rect(along: y, across: 0, alongLength: header, acrossLength: width)
        y += header
      }
      y += axis.alongLeading(sectionInset)
      var heights = [Double](repeating: y, count: count)
      section.columns = [[Int]](repeating: [], count: count)
      let items = context.numberOfItems(inSection: s)
      section.frames.reserveCapacity(items)
      for i in 0..<items {
        var c = 0
        for k in 1..<count where heights[k] < heights[c] { c = k }
        let column = columnFrames[c]
        let h =
          delegate.map {
            $0.waterfallLayout(
              self, heightForItemAt: context.dataIndexPath(for: IndexPath(item: i, section: s)), columnWidth: column.width)
          } ?? itemHeight
        let length = max(1, h.rounded())
        let frame = axis.rect(along: heights[c], across: column.x, alongLength: length, acrossLength: column.width)
        section.frames.append(frame)
        section.columns[c].append(i)
        heights[c] += length + lineSpacing
      }
      let bottom = items > 0 ? heights.max()! - lineSpacing : y
      y = bottom + axis.alongTrailing(sectionInset)
      if footer > 0 {
        section.footer = axis.rect(along: y, across: 0, alongLength: footer, acrossLength: width)
        y += footer
      }
      section.maxY = y
      sections.append(section)
    }
    contentSize = axis.size(along: y, across: width)
  }

  public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    guard rect.width > 0, rect.height > 0, !sections.isEmpty else { return [] }
    var result: [LayoutAttributes] = []
    // The first section that ends below the rect's top.
    var low = 0
    var high = sections.count
    while low < high {
      let mid = (low + high) / 2
      if sections[mid].maxY <= axis.alongMin(rect) { low = mid + 1 } else { high = mid }
    }
    for s in low..<sections.count {
      let section = sections[s]
      if section.minY >= axis.alongMax(rect) { break }
      if let h = section.header, h.intersects(rect) {
        result.append(LayoutAttributes(forSupplementaryOfKind: .header, at: IndexPath(item: 0, section: s), frame: h))
      }
      for column in section.columns {
        // The first item of the column that ends below the rect's top.
        var lo = 0
        var hi = column.count
        while lo < hi {
          let mid = (lo + hi) / 2
          if axis.alongMax(section.frames[column[mid]]) <= axis.alongMin(rect) { lo = mid + 1 } else { hi = mid }
        }
        var k = lo
        while k < column.count {
          let frame = section.frames[column[k]]
          if axis.alongMin(frame) >= axis.alongMax(rect) { break }
          if frame.intersects(rect) {
            result.append(LayoutAttributes(forItemAt: IndexPath(item: column[k], section: s), frame: frame))
          }
          k += 1
        }
      }
      if let f = section.footer, f.intersects(rect) {
        result.append(LayoutAttributes(forSupplementaryOfKind: .footer, at: IndexPath(item: 0, section: s), frame: f))
      }
    }
    return result
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
      indexPath.item < sections[indexPath.section].frames.count
    else { return nil }
    return LayoutAttributes(forItemAt: indexPath, frame: sections[indexPath.section].frames[indexPath.item])
  }

  public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let frame =
      kind == .header
      ? sections[indexPath.section].header
      : kind == .footer ? sections[indexPath.section].footer : nil
    return frame.map { LayoutAttributes(forSupplementaryOfKind: kind, at: IndexPath(item: 0, section: indexPath.section), frame: $0) }
  }
}
