/// UIKit's compositional layout in cells: each section repeats a
/// ``LayoutGroup`` of items (rows, columns, nested groups, or frames from
/// a closure) down the view until its items run out, sized in fractions of
/// the container, in cells, or by estimate.
///
/// ```swift
/// // A featured item two thirds wide, two small ones stacked beside it.
/// let featured = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(2.0 / 3), heightDimension: .fractionalHeight(1)))
/// let small = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
/// let pair = LayoutGroup.vertical(
///   layoutSize: LayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)),
///   repeatingSubitem: .item(small), count: 2)
/// let group = LayoutGroup.horizontal(
///   layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(8)),
///   subitems: [.item(featured), .group(pair)])
/// let layout = CompositionalLayout(section: LayoutSection(group: group))
/// ```
///
/// Frames are whole cells: each edge is rounded on its own, so neighbours
/// share an edge and never overlap.
///
/// - Sections have headers and footers (``LayoutBoundarySupplementaryItem``,
///   top ones able to pin), badges on their items (``LayoutSupplementaryItem``)
///   and backgrounds (``LayoutDecorationItem``).
/// - A section with an ``LayoutSection/orthogonalScrollingBehavior`` is one
///   row that scrolls sideways on its own (``SectionScrollingLayout``): the
///   collection view scrolls it to show the focus, the wheel scrolls the one
///   under the pointer, and each keeps its offset across updates.
/// - A group whose height is ``LayoutDimension/estimated(_:)`` sizes itself
///   from its items' content (``itemMeasurer``).
///
/// The layout stays virtual: preparing it costs a group's layout per
/// section (and a measure per item in sections that size themselves), and
/// a rect query only the groups it meets, in sections that scroll sideways
/// only the columns on screen.
public final class CompositionalLayout: SectionScrollingLayout {
  /// Gives the section for an index, seeing the container's size.
  public typealias SectionProvider = @Sendable (_ section: Int, _ environment: LayoutEnvironment) -> LayoutSection

  private let provider: SectionProvider

  /// One section, prepared: where its groups start, how far apart, and
  /// where one group's items are within it.
  struct PreparedSection {
    var start: Double
    var end: Double
    var origin: Point
    /// From one group to the next: down the view, or along the row of a
    /// section that scrolls sideways.
    var stride: Double
    var template: [Rect]
    var itemCount: Int
    /// True when the groups form one row that scrolls sideways.
    var isOrthogonal = false
    var behavior = OrthogonalScrollingBehavior.none
    /// The size of one group, in whole cells.
    var groupSize = Size.zero
    /// How far above and below its group's top one group's items reach
    /// (items may overflow their group, as in UIKit).
    var reach: (top: Double, bottom: Double) = (0, 0)
    /// How far left and right of its group's left edge they reach.
    var sideReach: (left: Double, right: Double) = (0, 0)
    /// The width of the row of an orthogonal section, insets included.
    var rowWidth = 0.0
    /// Its headers and footers where they lie, and whether each pins.
    var supplementaries: [(kind: ElementKind, frame: Rect, pins: Bool)] = []
    /// What is anchored to each item of a group (empty when nothing is).
    var badges: [[LayoutSupplementaryItem]] = []
    /// In a section that sizes itself, every item's frame (unscrolled), and
    /// where each group starts and ends down the view (for an ordinary section).
    var sized: [Rect] = []
    var groupStarts: [Double] = []
    var groupEnds: [Double] = []
    /// Its backgrounds, where they lie.
    var decorations: [Badge] = []
    var groupCount: Int { template.isEmpty ? 0 : (itemCount + template.count - 1) / template.count }

    /// Item `i`'s frame, the row scrolled left by `offset`.
    func frame(ofItem i: Int, offset: Double) -> Rect {
      if !sized.isEmpty { return isOrthogonal ? sized[i].offsetBy(dx: -offset, dy: 0) : sized[i] }
      let t = template[i % template.count]
      let along = Double(i / template.count) * stride
      if isOrthogonal {
        return Rect(x: origin.x + along + t.minX - offset, y: origin.y + t.minY, width: t.width, height: t.height)
      }
      return Rect(x: origin.x + t.minX, y: origin.y + along + t.minY, width: t.width, height: t.height)
    }
  }

  /// A supplementary element anchored to an item, or a decoration.
  struct Badge {
    var kind: ElementKind
    var frame: Rect
    var zIndex: Int
  }

  private(set) var sections: [PreparedSection] = []
  /// How far each section is scrolled sideways (0 for one that does not scroll).
  private var offsets: [Double] = []
  /// The width of the view, as last prepared.
  private var width = 0.0
  /// The size of all the content.
  public private(set) var contentSize = Size.zero

  /// A layout whose every section is `section`.
  public convenience init(section: LayoutSection) {
    self.init { _, _ in section }
  }

  /// A layout asking `sectionProvider` for each section (again whenever the
  /// container's size changes).
  public init(sectionProvider: @escaping SectionProvider) {
    provider = sectionProvider
  }

  /// Lays every section's groups out. Each orthogonal section keeps its
  /// offset, clamped to its new row.
  public func prepare(for context: LayoutContext) {
    let environment = LayoutEnvironment(containerSize: context.boundsSize)
    width = max(0, context.boundsSize.width)
    sections.removeAll(keepingCapacity: true)
    overflow = (0, 0)
    pins = false
    var y = 0.0
    for s in 0..<context.numberOfSections {
      let section = provider(s, environment)
      var measure: ((Int, Double, Double) -> Double?)?
      if let itemMeasurer, section.group.layoutSize.heightDimension.kind == .estimated {
        measure = { [unowned self] item, width, estimate in
          itemMeasurer.layoutHeight(
            forItemAt: context.dataIndexPath(for: IndexPath(item: item, section: s)), width: width, estimatedHeight: estimate, in: self)
        }
      }
      let prepared = Self.prepared(
        section, itemCount: context.numberOfItems(inSection: s), at: y, in: context.boundsSize, measuring: measure)
      pins = pins || prepared.supplementaries.contains { $0.pins }
      sections.append(prepared)
      y = prepared.end
      overflow = (max(overflow.up, -prepared.reach.top), max(overflow.down, prepared.reach.bottom - prepared.groupSize.height))
    }
    contentSize = Size(width: width, height: y)
    if offsets.count > sections.count { offsets.removeLast(offsets.count - sections.count) }
    if offsets.count < sections.count { offsets += [Double](repeating: 0, count: sections.count - offsets.count) }
    for s in offsets.indices { offsets[s] = min(offsets[s], maximumHorizontalOffset(ofSection: s)) }
  }

  /// One section laid out from `y` down, in a view of `bounds`.
  private static func prepared(
    _ section: LayoutSection, itemCount: Int, at top: Double, in bounds: Size, measuring measure: ((Int, Double, Double) -> Double?)?
  ) -> PreparedSection {
    let insets = section.contentInsets
    let content = Size(width: max(0, bounds.width - insets.left - insets.right), height: bounds.height)
    let groupSize = section.group.layoutSize.resolved(in: content)
    let whole = Size(width: groupSize.width.rounded(), height: groupSize.height.rounded())
    let placed = section.group.placedItems(in: groupSize)
    let template = placed.map { Self.snapped($0.frame) }
    let badges = placed.map(\.supplementaryItems)
    // Everything a group shows, for how far it reaches.
    let shown = template + zip(badges, template).flatMap { b, frame in b.map { Self.frame(of: $0, on: frame) } }
    let orthogonal = section.orthogonalScrollingBehavior.scrollsOrthogonally
    let spacing = max(0, section.interGroupSpacing).rounded()
    var y = top
    var supplementaries: [(kind: ElementKind, frame: Rect, pins: Bool)] = []
    for item in section.boundarySupplementaryItems where item.alignment == .top {
      let size = item.layoutSize.resolved(in: content)
      supplementaries.append(
        (item.elementKind, Self.snapped(Rect(x: insets.left, y: y, width: size.width, height: size.height)), item.pinToVisibleBounds))
      y += size.height.rounded()
    }
    var prepared = PreparedSection(
      start: top, end: y, origin: Point(x: insets.left, y: y + insets.top),
      stride: (orthogonal ? whole.width : whole.height) + spacing, template: template, itemCount: max(0, itemCount))
    prepared.isOrthogonal = orthogonal
    prepared.behavior = section.orthogonalScrollingBehavior
    prepared.groupSize = whole
    let groups = Double(prepared.groupCount)
    prepared.badges = badges.contains { !$0.isEmpty } ? badges : []
    prepared.reach = (min(0, shown.map(\.minY).min() ?? 0), max(whole.height, shown.map(\.maxY).max() ?? 0))
    prepared.sideReach = (min(0, shown.map(\.minX).min() ?? 0), max(whole.width, shown.map(\.maxX).max() ?? 0))
    if let measure, prepared.groupCount > 0 {
      sizeItems(of: &prepared, section, measuring: measure, groupWidth: groupSize.width, estimate: groupSize.height, spacing: spacing)
    }
    if orthogonal {
      let row = groups > 0 ? groups * whole.width + (groups - 1) * spacing : 0
      prepared.rowWidth = insets.left + row + insets.right
      prepared.end = prepared.origin.y + (groups > 0 ? prepared.groupSize.height : 0) + insets.bottom
    } else if let last = prepared.groupEnds.last {
      prepared.end = last + insets.bottom
    } else {
      let body = groups > 0 ? groups * whole.height + (groups - 1) * spacing : 0
      prepared.end = prepared.origin.y + body + insets.bottom
    }
    for item in section.boundarySupplementaryItems where item.alignment == .bottom {
      let size = item.layoutSize.resolved(in: content)
      supplementaries.append(
        (item.elementKind, Self.snapped(Rect(x: insets.left, y: prepared.end, width: size.width, height: size.height)), false))
      prepared.end += size.height.rounded()
    }
    prepared.supplementaries = supplementaries
    prepared.decorations = section.decorationItems.map { d in
      let i = d.contentInsets
      return Badge(
        kind: d.elementKind,
        frame: Self.snapped(
          Rect(
            x: i.left, y: top + i.top, width: max(0, bounds.width - i.left - i.right),
            height: max(0, prepared.end - top - i.top - i.bottom))),
        zIndex: d.zIndex)
    }
    return prepared
  }

  /// Lays a section of measured items out group by group: each group as
  /// tall as its items measure (an orthogonal section's row as tall as its
  /// tallest group), every frame kept.
  private static func sizeItems(
    of prepared: inout PreparedSection, _ section: LayoutSection, measuring measure: @escaping (Int, Double, Double) -> Double?,
    groupWidth: Double, estimate: Double, spacing: Double
  ) {
    let perGroup = prepared.template.count
    var frames: [Rect] = []
    frames.reserveCapacity(prepared.itemCount)
    var along = prepared.origin.y
    var rowHeight = 0.0
    var up = 0.0
    var down = 0.0
    for g in 0..<prepared.groupCount {
      let base = g * perGroup
      let count = prepared.itemCount
      let (items, height) = section.group.placedItems(width: groupWidth, height: estimate) { k, width, itemEstimate in
        base + k < count ? measure(base + k, width, itemEstimate) : nil
      }
      let h = max(1, height.rounded())
      let top = prepared.isOrthogonal ? prepared.origin.y : along
      let dx = prepared.origin.x + (prepared.isOrthogonal ? Double(g) * prepared.stride : 0)
      for (k, item) in items.prefix(perGroup).enumerated() where base + k < count {
        let frame = snapped(item.frame).offsetBy(dx: dx, dy: top)
        frames.append(frame)
        for badge in prepared.badges.isEmpty ? [] : prepared.badges[k] {
          let b = Self.frame(of: badge, on: frame)
          up = max(up, top - b.minY)
          down = max(down, b.maxY - top - h)
        }
        up = max(up, top - frame.minY)
        down = max(down, frame.maxY - top - h)
      }
      if prepared.isOrthogonal {
        rowHeight = max(rowHeight, h)
      } else {
        prepared.groupStarts.append(along)
        prepared.groupEnds.append(along + h)
        along += h + spacing
      }
    }
    prepared.sized = frames
    if prepared.isOrthogonal { prepared.groupSize.height = rowHeight }
    prepared.reach = (-up, prepared.groupSize.height + down)
  }

  /// Where a badge lies on an item at `frame`, in whole cells.
  static func frame(of badge: LayoutSupplementaryItem, on frame: Rect) -> Rect {
    snapped(badge.containerAnchor.frame(of: badge.layoutSize.resolved(in: frame.size), in: frame))
  }

  /// The most any section's items reach above and below their groups.
  private var overflow = (up: 0.0, down: 0.0)
  /// Whether any header pins to the visible bounds.
  private var pins = false
  /// The visible bounds, as last told (for pinned headers).
  private var visibleBounds = Rect.zero
  /// Measures the items of sections whose group's height is estimated
  /// (held weakly). A collection view sets itself when it is given the
  /// layout and none is set; with none, estimates are used as they are.
  public weak var itemMeasurer: (any LayoutItemMeasuring)?
  /// The zIndex of a pinned header, above the items.
  public var pinnedHeaderZIndex = 1024

  /// A frame with each edge rounded to a cell.
  static func snapped(_ r: Rect) -> Rect {
    let x0 = r.minX.rounded()
    let y0 = r.minY.rounded()
    return Rect(x: x0, y: y0, width: max(0, r.maxX.rounded() - x0), height: max(0, r.maxY.rounded() - y0))
  }

  /// The items whose frames meet `rect`: the groups that meet it, in each section that does.
  public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    guard !rect.isEmpty else { return result }
    // The sections that meet the rect, items overflowing their sections counted.
    var lo = 0
    var hi = sections.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if sections[mid].end + overflow.down > rect.minY { hi = mid } else { lo = mid + 1 }
    }
    var s = lo
    while s < sections.count, sections[s].start - overflow.up < rect.maxY {
      let section = sections[s]
      for d in section.decorations where d.frame.intersects(rect) {
        var a = LayoutAttributes(forDecorationOfKind: d.kind, at: IndexPath(item: 0, section: s), frame: d.frame)
        a.zIndex = d.zIndex
        result.append(a)
      }
      for n in section.supplementaries.indices {
        let a = supplementary(n, ofSection: s)
        if a.frame.intersects(rect) { result.append(a) }
      }
      let groups = section.groupCount
      if groups > 0, section.stride > 0 {
        // The groups whose items' reach meets the rect.
        let first: Int
        let last: Int
        if section.isOrthogonal {
          let offset = offsets[s]
          guard section.origin.y + section.reach.top < rect.maxY, section.origin.y + section.reach.bottom > rect.minY else {
            s += 1
            continue
          }
          let low = rect.minX + offset - section.origin.x
          let high = rect.maxX + offset - section.origin.x
          first = max(0, Int(((low - section.sideReach.right) / section.stride).rounded(.down)))
          last = min(groups - 1, Int(((high - section.sideReach.left) / section.stride).rounded(.down)))
        } else if !section.groupEnds.isEmpty {
          // Measured groups: found by where they end and start.
          let down = section.reach.bottom - section.groupSize.height
          let ends = section.groupEnds
          let starts = section.groupStarts
          first = lowerBound(groups) { ends[$0] + down > rect.minY }
          last = lowerBound(groups) { starts[$0] + section.reach.top >= rect.maxY } - 1
        } else {
          first = max(0, Int(((rect.minY - section.origin.y - section.reach.bottom) / section.stride).rounded(.down)))
          last = min(groups - 1, Int(((rect.maxY - section.origin.y - section.reach.top) / section.stride).rounded(.down)))
        }
        if first <= last {
          let offset = section.isOrthogonal ? offsets[s] : 0
          for g in first...last {
            for t in section.template.indices {
              let i = g * section.template.count + t
              guard i < section.itemCount else { break }
              let frame = section.frame(ofItem: i, offset: offset)
              let path = IndexPath(item: i, section: s)
              if frame.intersects(rect) { result.append(LayoutAttributes(forItemAt: path, frame: frame)) }
              if !section.badges.isEmpty {
                for badge in section.badges[t] {
                  let a = Self.badge(badge, of: frame, at: path)
                  if a.frame.intersects(rect) { result.append(a) }
                }
              }
            }
          }
        }
      }
      s += 1
    }
    return result
  }

  /// The attributes of one item, or nil when out of range.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.itemCount, !section.template.isEmpty else { return nil }
    let offset = section.isOrthogonal ? offsets[indexPath.section] : 0
    return LayoutAttributes(forItemAt: indexPath, frame: section.frame(ofItem: indexPath.item, offset: offset))
  }

  /// The element of `kind` anchored to the item at `indexPath` (a badge),
  /// else the header or footer of `kind` of its section (the first of that kind).
  public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    if !section.badges.isEmpty, indexPath.item >= 0, indexPath.item < section.itemCount {
      let t = indexPath.item % section.template.count
      if let badge = section.badges[t].first(where: { $0.elementKind == kind }) {
        let offset = section.isOrthogonal ? offsets[indexPath.section] : 0
        return Self.badge(badge, of: section.frame(ofItem: indexPath.item, offset: offset), at: indexPath)
      }
    }
    guard let n = section.supplementaries.firstIndex(where: { $0.kind == kind }) else { return nil }
    return supplementary(n, ofSection: indexPath.section)
  }

  /// A badge of the item at `path`, now at `frame`.
  private static func badge(_ badge: LayoutSupplementaryItem, of frame: Rect, at path: IndexPath) -> LayoutAttributes {
    var a = LayoutAttributes(forSupplementaryOfKind: badge.elementKind, at: path, frame: Self.frame(of: badge, on: frame))
    a.zIndex = badge.zIndex
    return a
  }

  /// True when a header pins and the view scrolled.
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    pins && newBounds.origin != visibleBounds.origin
  }

  /// Keeps the visible bounds, where pinned headers stay.
  public func invalidateLayout(forBoundsChange newBounds: Rect) {
    visibleBounds = newBounds
  }

  /// The `n`th header or footer of section `s`, where it is now: a pinned
  /// one kept at the visible top while its section is under it, pushed off
  /// by the section's end.
  private func supplementary(_ n: Int, ofSection s: Int) -> LayoutAttributes {
    let section = sections[s]
    let item = section.supplementaries[n]
    var a = LayoutAttributes(forSupplementaryOfKind: item.kind, at: IndexPath(item: 0, section: s), frame: item.frame)
    if item.pins {
      let y = max(item.frame.minY, min(visibleBounds.minY, section.end - item.frame.height))
      if y != item.frame.minY {
        a.frame.origin.y = y
        a.zIndex = pinnedHeaderZIndex
      }
    }
    return a
  }

  // MARK: sections that scroll sideways

  /// How far `section` is scrolled sideways (0 for one that does not scroll, or out of range).
  public func horizontalOffset(ofSection section: Int) -> Double {
    section >= 0 && section < offsets.count ? offsets[section] : 0
  }

  /// Scrolls an orthogonal `section` sideways to `offset`, in whole cells,
  /// clamped to its row; other sections do not move.
  public func setHorizontalOffset(_ offset: Double, ofSection section: Int) {
    guard section >= 0, section < offsets.count, sections[section].isOrthogonal, offset.isFinite else { return }
    offsets[section] = min(max(0, offset.rounded()), maximumHorizontalOffset(ofSection: section))
  }

  /// How much wider an orthogonal section's row is than the view (0 for any other).
  public func maximumHorizontalOffset(ofSection section: Int) -> Double {
    guard section >= 0, section < sections.count, sections[section].isOrthogonal else { return 0 }
    return max(0, sections[section].rowWidth - width)
  }

  /// The offsets within `range` where `section` comes to rest, as its
  /// ``LayoutSection/orthogonalScrollingBehavior`` says: nil (any) for
  /// ``OrthogonalScrollingBehavior/continuous``; a group's leading edge at
  /// the leading inset for ``OrthogonalScrollingBehavior/continuousGroupLeadingBoundary``
  /// and ``OrthogonalScrollingBehavior/groupPaging``; a group centred for
  /// ``OrthogonalScrollingBehavior/groupPagingCentered``; a multiple of the
  /// view's width for ``OrthogonalScrollingBehavior/paging``. Both ends of
  /// the row are always resting places, so every item can be shown.
  public func restingHorizontalOffsets(ofSection section: Int, in range: ClosedRange<Double>) -> [Double]? {
    guard section >= 0, section < sections.count, sections[section].isOrthogonal else { return nil }
    let prepared = sections[section]
    let maximum = maximumHorizontalOffset(ofSection: section)
    let step: Double
    let first: Double
    switch prepared.behavior {
    case .none, .continuous: return nil
    case .continuousGroupLeadingBoundary, .groupPaging:
      (first, step) = (0, prepared.stride)
    case .groupPagingCentered:
      (first, step) = (prepared.origin.x + prepared.groupSize.width / 2 - (width / 2).rounded(.down), prepared.stride)
    case .paging:
      (first, step) = (0, width)
    }
    let low = max(0, range.lowerBound)
    let high = min(maximum, range.upperBound)
    guard low <= high else { return [] }
    var result: [Double] = []
    if low == 0 { result.append(0) }
    if step > 0 {
      var k = max(0, ((low - first) / step).rounded(.up))
      while true {
        let offset = (first + k * step).rounded()
        if offset > high { break }
        if offset >= low, offset > 0, offset < maximum { result.append(offset) }
        k += 1
      }
    }
    if high == maximum, maximum > 0 { result.append(maximum) }
    return result
  }
}
