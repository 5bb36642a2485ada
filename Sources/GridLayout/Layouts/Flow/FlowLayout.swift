/// A line-based layout: items flow into lines (rows when scrolling vertically,
/// columns when scrolling horizontally), with section headers and footers,
/// following UICollectionViewFlowLayout's rules.
///
/// - Lines break greedily. By default (``LineAlignment/justified``, UIKit's
///   rule) every line spreads its leftover space evenly into the gaps, flush
///   at both edges, and a line holding a single item centres it. That holds
///   for a section's only line too, however few items it has: three cards in
///   an 80-column line sit at the left edge, the middle and the right edge.
///   The last line of a section with more than one line keeps the columns
///   of the lines above (``LastLineAlignment/columns``). For a packed grid,
///   with every line starting at the left, set ``lineAlignment`` to
///   ``LineAlignment/leading``.
/// - Items shorter than their line are centred in it (an odd row left over
///   goes after the item: below it, or right of it when horizontal); an item longer than the
///   line sits alone and is clipped to the line.
/// - Headers and footers span the whole width (height when horizontal),
///   ignoring the section's left and right insets.
/// - Positions are rounded to whole cells.
/// - The arrow keys move the focus line by line (``focusNavigation``): Down
///   to the next row's item nearest sideways, however far, Left and Right
///   along the row.
///
/// With a uniform ``itemSize`` (no ``FlowLayoutItemSizing`` delegate),
/// `prepare` costs O(sections); rect queries cost O(log n + k).
public final class FlowLayout: CollectionLayout {
  /// The direction the content scrolls in.
  public enum ScrollDirection: Hashable, Sendable {
    case vertical
    case horizontal
  }

  /// The scroll direction, `.vertical` (the default) or `.horizontal`; lines
  /// are rows when vertical, columns when horizontal. Changing it on the
  /// layout a view shows lays the view out again (``invalidateLayout()``),
  /// like every other setting of the layout.
  public var scrollDirection: ScrollDirection = .vertical {
    didSet { if oldValue != scrollDirection { invalidateLayout() } }
  }
  /// The size of every item unless the delegate sizes items.
  public var itemSize = Size(width: 14, height: 3) {
    didSet { if oldValue != itemSize { invalidateLayout() } }
  }
  /// The minimum spacing between lines.
  public var minimumLineSpacing: Double = 0 {
    didSet { if oldValue != minimumLineSpacing { invalidateLayout() } }
  }
  /// The minimum spacing between items of one line.
  public var minimumInteritemSpacing: Double = 1 {
    didSet { if oldValue != minimumInteritemSpacing { invalidateLayout() } }
  }
  /// The insets of every section unless the delegate overrides them.
  public var sectionInset = EdgeInsets.zero {
    didSet { if oldValue != sectionInset { invalidateLayout() } }
  }
  /// The header size (the height counts when vertical, the width when horizontal); zero for none.
  public var headerReferenceSize = Size.zero {
    didSet { if oldValue != headerReferenceSize { invalidateLayout() } }
  }
  /// The footer size; zero for none.
  public var footerReferenceSize = Size.zero {
    didSet { if oldValue != footerReferenceSize { invalidateLayout() } }
  }
  /// How items share a line's leftover space.
  public var lineAlignment = LineAlignment.justified {
    didSet { if oldValue != lineAlignment { invalidateLayout() } }
  }
  /// How the last line of a multi-line section is placed.
  public var lastLineAlignment = LastLineAlignment.columns {
    didSet { if oldValue != lastLineAlignment { invalidateLayout() } }
  }
  /// When true, the header of the section at the top of the visible bounds
  /// sticks to the top edge until the next section pushes it off.
  public var sectionHeadersPinToVisibleBounds = false {
    didSet { if oldValue != sectionHeadersPinToVisibleBounds { invalidateLayout() } }
  }
  /// The zIndex given to a pinned header so that it draws above items.
  public var pinnedHeaderZIndex = 1024 {
    didSet { if oldValue != pinnedHeaderZIndex { invalidateLayout() } }
  }
  /// When set, each section has a decoration element of this kind behind
  /// its items and insets (between its header and footer, the full width),
  /// drawn by the decoration drawer the collection view registered for it.
  public var sectionBackgroundKind: ElementKind? {
    didSet { if oldValue != sectionBackgroundKind { invalidateLayout() } }
  }
  /// Per-section (and, with ``FlowLayoutItemSizing``, per-item) overrides.
  public weak var delegate: (any FlowLayoutDelegate)? {
    didSet { if oldValue !== delegate { invalidateLayout() } }
  }
  /// How the arrow keys move the focus: line by line, unless set. When the
  /// layout scrolls vertically, ``FocusNavigation/rows``: Down goes to the
  /// next row's nearest item however far sideways (a short last row's last
  /// item, the next section's first row), Left and Right keep to the row.
  /// When it scrolls sideways its lines are columns, and it is
  /// ``FocusNavigation/columns``: Right goes to the next column, Up and Down
  /// keep to the column. Set ``FocusNavigation/geometric`` for the cone of
  /// free-form layouts.
  public var focusNavigation: FocusNavigation {
    get { chosenFocusNavigation ?? (scrollDirection == .vertical ? .rows : .columns) }
    set { chosenFocusNavigation = newValue }
  }
  private var chosenFocusNavigation: FocusNavigation?
  /// The context of the `prepare` running (its delegate is asked with data index paths).
  private var preparing = LayoutContext(itemCounts: [], boundsSize: .zero)

  private(set) var sections: [FlowSection] = []
  private(set) var axis = Axis(isVertical: true)
  private var visibleBounds = Rect.zero
  /// The bounds size given to the last ``prepare(for:)``.
  var visibleBoundsSize: Size { visibleBounds.size }
  /// The size of all the content after the last ``prepare(for:)``.
  public private(set) var contentSize = Size.zero
  /// True when ``scrollDirection`` is horizontal.
  public var scrollsHorizontally: Bool { scrollDirection == .horizontal }

  /// The collection view showing the layout (set by the view, held weakly):
  /// told when a setting changes, so that it prepares the layout again.
  public weak var invalidationTarget: (any LayoutInvalidationTarget)?

  /// Creates a flow layout with the default properties (14x3 items, one cell
  /// between items, no headers).
  public init() {}

  /// Creates a vertical flow layout of `itemSize` items with headers and
  /// footers of the given heights (they span the width, as in any vertical
  /// flow layout).
  public convenience init(itemSize: Size, headerHeight: Double, footerHeight: Double = 0) {
    self.init(
      itemSize: itemSize, headerReferenceSize: Size(width: 0, height: headerHeight),
      footerReferenceSize: Size(width: 0, height: footerHeight))
  }

  /// Creates a flow layout with the common properties.
  ///
  /// - Parameters:
  ///   - itemSize: The size of every item (a ``FlowLayoutItemSizing`` delegate may size each).
  ///   - minimumInteritemSpacing: The least space between items in a line.
  ///   - minimumLineSpacing: The least space between lines.
  ///   - sectionInset: The margins around each section's items.
  ///   - headerReferenceSize: The headers' size (their height when vertical); zero: no headers.
  ///   - footerReferenceSize: The footers' size; zero: no footers.
  ///   - scrollDirection: Vertical (lines are rows) or horizontal (lines are columns).
  ///   - lineAlignment: How a line shares its leftover space: spread
  ///     (``LineAlignment/justified``, UIKit's rule) or packed (`.leading`, a grid).
  ///   - sectionHeadersPinToVisibleBounds: Whether a section's header stays
  ///     at the top while the section's items scroll under it.
  public convenience init(
    itemSize: Size, minimumInteritemSpacing: Double = 1, minimumLineSpacing: Double = 0,
    sectionInset: EdgeInsets = .zero, headerReferenceSize: Size = .zero,
    footerReferenceSize: Size = .zero, scrollDirection: ScrollDirection = .vertical,
    lineAlignment: LineAlignment = .justified, sectionHeadersPinToVisibleBounds: Bool = false
  ) {
    self.init()
    self.lineAlignment = lineAlignment
    self.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
    self.itemSize = itemSize
    self.minimumInteritemSpacing = minimumInteritemSpacing
    self.minimumLineSpacing = minimumLineSpacing
    self.sectionInset = sectionInset
    self.headerReferenceSize = headerReferenceSize
    self.footerReferenceSize = footerReferenceSize
    self.scrollDirection = scrollDirection
  }

  // MARK: prepare

  public func prepare(for context: LayoutContext) {
    preparing = context
    axis = Axis(isVertical: scrollDirection == .vertical)
    visibleBounds.size = context.boundsSize
    let boundsAcross = max(0, axis.across(context.boundsSize))
    let sizing = delegate as? any FlowLayoutItemSizing
    sections.removeAll(keepingCapacity: true)
    sections.reserveCapacity(context.numberOfSections)
    var along = 0.0
    var contentAcross = boundsAcross
    for s in 0..<context.numberOfSections {
      let inset = delegate?.flowLayout(self, insetForSectionAt: s) ?? sectionInset
      contentAcross = max(contentAcross, axis.acrossLeading(inset) + axis.acrossTrailing(inset))
      let section = prepareSection(
        s, count: max(0, context.itemCounts[s]), start: along, inset: inset,
        boundsAcross: boundsAcross, sizing: sizing)
      along = section.end
      sections.append(section)
    }
    contentSize = axis.size(along: along, across: contentAcross)
  }

  private func prepareSection(
    _ s: Int, count: Int, start: Double, inset: EdgeInsets, boundsAcross: Double,
    sizing: (any FlowLayoutItemSizing)?
  ) -> FlowSection {
    let lineSpacing = max(0, delegate?.flowLayout(self, minimumLineSpacingForSectionAt: s) ?? minimumLineSpacing)
    let spacing = max(0, delegate?.flowLayout(self, minimumInteritemSpacingForSectionAt: s) ?? minimumInteritemSpacing)
    let headerAlong = max(0, axis.along(delegate?.flowLayout(self, referenceSizeForHeaderInSection: s) ?? headerReferenceSize))
    let footerAlong = max(0, axis.along(delegate?.flowLayout(self, referenceSizeForFooterInSection: s) ?? footerReferenceSize))
    let acrossOrigin = axis.acrossLeading(inset)
    let available = max(0, boundsAcross - axis.acrossLeading(inset) - axis.acrossTrailing(inset))
    let fullAcross = max(boundsAcross, axis.acrossLeading(inset) + axis.acrossTrailing(inset))

    var section = FlowSection(
      start: start, end: start, itemCount: count, itemsStart: 0, itemsEnd: 0)
    var along = start
    if headerAlong > 0 {
      section.headerFrame = axis.rect(along: along, across: 0, alongLength: headerAlong, acrossLength: fullAcross)
      along += headerAlong
    }
    let backgroundStart = along
    along += axis.alongLeading(inset)
    section.itemsStart = along
    if count > 0 {
      if let sizing {
        along = layOutSized(
          &section, s, sizing: sizing, available: available, origin: acrossOrigin, spacing: spacing, lineSpacing: lineSpacing)
      } else {
        along = layOutGrid(&section, available: available, origin: acrossOrigin, spacing: spacing, lineSpacing: lineSpacing)
      }
    }
    section.itemsEnd = along
    along += axis.alongTrailing(inset)
    if sectionBackgroundKind != nil, along > backgroundStart {
      section.backgroundFrame = axis.rect(
        along: backgroundStart, across: 0, alongLength: along - backgroundStart, acrossLength: fullAcross)
    }
    if footerAlong > 0 {
      section.footerFrame = axis.rect(along: along, across: 0, alongLength: footerAlong, acrossLength: fullAcross)
      along += footerAlong
    }
    section.end = along
    return section
  }

  /// Uniform items: the lines are computed arithmetically, O(items per line).
  private func layOutGrid(
    _ section: inout FlowSection, available: Double, origin: Double, spacing: Double, lineSpacing: Double
  ) -> Double {
    let count = section.itemCount
    let itemAlong = max(0, axis.along(itemSize))
    let itemAcross = min(max(0, axis.across(itemSize)), available)
    var perLine = count
    if itemAcross + spacing > 0 {
      perLine = Int(((available + spacing) / (itemAcross + spacing) + 1e-9).rounded(.down))
    }
    perLine = max(1, min(perLine, count))
    let lineCount = (count + perLine - 1) / perLine
    let fullLine = [Double](repeating: itemAcross, count: perLine)
    let columns = linePositions(fullLine, available: available, origin: origin, spacing: spacing, alignment: lineAlignment)
    let remainder = count - (lineCount - 1) * perLine
    var lastColumns = columns
    if lineCount == 1 {
      lastColumns = columns
    } else {
      lastColumns = lastLinePositions(
        [Double](repeating: itemAcross, count: remainder), available: available, origin: origin,
        spacing: spacing, columns: Array(columns.prefix(remainder)))
    }
    let stride = itemAlong + lineSpacing
    section.grid = FlowSection.Grid(
      itemAlong: itemAlong, itemAcross: itemAcross, perLine: perLine, lineCount: lineCount,
      stride: stride, columns: columns, lastColumns: lastColumns)
    return section.itemsStart + Double(lineCount) * itemAlong + Double(lineCount - 1) * lineSpacing
  }

  /// The positions of the last line of a multi-line section.
  private func lastLinePositions(
    _ lengths: [Double], available: Double, origin: Double, spacing: Double, columns: [Double]?
  ) -> [Double] {
    switch lastLineAlignment {
    case .sameAsOtherLines:
      return linePositions(lengths, available: available, origin: origin, spacing: spacing, alignment: lineAlignment)
    case .aligned(let a):
      return linePositions(lengths, available: available, origin: origin, spacing: spacing, alignment: a)
    case .columns:
      if let columns { return columns }
      // Pad with copies of the last item while they fit, lay out the padded
      // line, keep the real items' positions.
      var padded = lengths
      let last = lengths.last ?? 0
      var total = lengths.reduce(0, +) + spacing * Double(max(0, lengths.count - 1))
      while total + spacing + last <= available + 1e-9, last + spacing > 0 {
        padded.append(last)
        total += spacing + last
      }
      let positions = linePositions(padded, available: available, origin: origin, spacing: spacing, alignment: lineAlignment)
      return Array(positions.prefix(lengths.count))
    }
  }

  /// Items sized by the delegate: greedy line breaking, O(n).
  private func layOutSized(
    _ section: inout FlowSection, _ s: Int, sizing: any FlowLayoutItemSizing, available: Double,
    origin: Double, spacing: Double, lineSpacing: Double
  ) -> Double {
    let count = section.itemCount
    var sizes = [Size]()
    sizes.reserveCapacity(count)
    for i in 0..<count {
      let size = sizing.flowLayout(self, sizeForItemAt: preparing.dataIndexPath(for: IndexPath(item: i, section: s)))
      let across = min(max(0, axis.across(size)), available)
      sizes.append(axis.size(along: max(0, axis.along(size)), across: across))
    }
    // Break into lines.
    var breaks: [Range<Int>] = []
    var lineStart = 0
    var used = 0.0
    for i in 0..<count {
      let len = axis.across(sizes[i])
      if i > lineStart, used + spacing + len > available + 1e-9 {
        breaks.append(lineStart..<i)
        lineStart = i
        used = len
      } else {
        used += (i > lineStart ? spacing : 0) + len
      }
    }
    breaks.append(lineStart..<count)

    section.frames = [Rect](repeating: .zero, count: count)
    section.lines.reserveCapacity(breaks.count)
    var along = section.itemsStart
    for (n, range) in breaks.enumerated() {
      let lengths = range.map { axis.across(sizes[$0]) }
      let thickness = range.map { axis.along(sizes[$0]) }.max() ?? 0
      let positions: [Double]
      if n == breaks.count - 1 && breaks.count > 1 {
        positions = lastLinePositions(lengths, available: available, origin: origin, spacing: spacing, columns: nil)
      } else {
        positions = linePositions(lengths, available: available, origin: origin, spacing: spacing, alignment: lineAlignment)
      }
      for (k, i) in range.enumerated() {
        let itemAlong = axis.along(sizes[i])
        let offset = ((thickness - itemAlong) / 2).rounded(.down)
        section.frames[i] = axis.rect(
          along: along + offset, across: positions[k], alongLength: itemAlong, acrossLength: lengths[k])
      }
      section.lines.append(.init(firstItem: range.lowerBound, count: range.count, along: along, thickness: thickness))
      along += thickness
      if n < breaks.count - 1 { along += lineSpacing }
    }
    return along
  }

  // MARK: queries

  public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    guard !rect.isEmpty, !sections.isEmpty else { return result }
    result.reserveCapacity(64)
    let a0 = axis.alongMin(rect)
    let a1 = axis.alongMax(rect)
    // A pinned header never leaves its own section's extent, so visiting the
    // sections that meet the rect finds every header that does.
    var s = lowerBound(sections.count) { self.sections[$0].end > a0 }
    while s < sections.count, sections[s].start < a1 {
      let section = sections[s]
      if let kind = sectionBackgroundKind, let b = section.backgroundFrame, b.intersects(rect) {
        result.append(LayoutAttributes(forDecorationOfKind: kind, at: IndexPath(item: 0, section: s), frame: b))
      }
      if let header = header(ofSection: s), header.frame.intersects(rect) { result.append(header) }
      section.forEachItem(in: rect, axis: axis) { i, frame in
        result.append(LayoutAttributes(forItemAt: IndexPath(item: i, section: s), frame: frame))
      }
      if let f = section.footerFrame, f.intersects(rect) {
        result.append(LayoutAttributes(forSupplementaryOfKind: .footer, at: IndexPath(item: 0, section: s), frame: f))
      }
      s += 1
    }
    return result
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
    return LayoutAttributes(forItemAt: indexPath, frame: section.frame(ofItem: indexPath.item, axis: axis))
  }

  public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    if kind == .header { return header(ofSection: indexPath.section) }
    if kind == .footer {
      return section.footerFrame.map {
        LayoutAttributes(forSupplementaryOfKind: .footer, at: IndexPath(item: 0, section: indexPath.section), frame: $0)
      }
    }
    return nil
  }

  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    sectionHeadersPinToVisibleBounds && newBounds.origin != visibleBounds.origin
  }

  public func invalidateLayout(forBoundsChange newBounds: Rect) {
    visibleBounds = newBounds
  }

  // MARK: sections and pinning

  /// The header of `s`; when headers pin, kept at the visible top edge while
  /// its section is under it and pushed off by the section's end.
  private func header(ofSection s: Int) -> LayoutAttributes? {
    guard let natural = sections[s].headerFrame else { return nil }
    guard sectionHeadersPinToVisibleBounds else {
      return LayoutAttributes(forSupplementaryOfKind: .header, at: IndexPath(item: 0, section: s), frame: natural)
    }
    let edge = axis.alongMin(visibleBounds)
    let length = axis.alongMax(natural) - axis.alongMin(natural)
    let pinned = min(max(edge, axis.alongMin(natural)), sections[s].end - length)
    var a = LayoutAttributes(
      forSupplementaryOfKind: .header, at: IndexPath(item: 0, section: s),
      frame: axis.rect(along: pinned, across: axis.acrossMin(natural), alongLength: length, acrossLength: axis.across(natural.size)))
    if pinned != axis.alongMin(natural) { a.zIndex = pinnedHeaderZIndex }
    return a
  }
}
