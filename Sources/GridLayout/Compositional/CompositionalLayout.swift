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
///   under the pointer, and each keeps its offset across updates. Its items'
///   frames include the offset (x less the offset: where they are now).
/// - A group whose height is ``LayoutDimension/estimated(_:)`` sizes itself
///   from its items' content (``itemMeasurer``).
///
/// The layout stays virtual: preparing it costs a group's layout per
/// section (and a measure per item in sections that size themselves), and
/// a rect query only the groups it meets, in sections that scroll sideways
/// only the columns on screen.
public final class CompositionalLayout: SectionScrollingLayout {
  /// Gives the section for an index, seeing the container's size.
  ///
  /// It is `@Sendable`, as a layout's values are: it cannot capture a
  /// controller or its model. Capture what it needs as values (the kinds of
  /// the sections, say), and when those change, give the view a new layout
  /// made with the new values (`setLayout(_:animated:)`, animated if you
  /// like). It is called for every section at every `prepare`.
  public typealias SectionProvider = @Sendable (_ section: Int, _ environment: LayoutEnvironment) -> LayoutSection

  private let provider: SectionProvider

  private(set) var sections: [PreparedSection] = []
  /// How far each section is scrolled sideways (0 for one that does not scroll).
  var offsets: [Double] = []
  /// The width of the view, as last prepared.
  var width = 0.0
  /// The size of all the content.
  public private(set) var contentSize = Size.zero

  /// The collection view showing the layout (set by the view, held weakly):
  /// told when a setting changes, so that it prepares the layout again.
  public weak var invalidationTarget: (any LayoutInvalidationTarget)?

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

  /// The most any section's items reach above and below their groups.
  var overflow = (up: 0.0, down: 0.0)
  /// Whether any header pins to the visible bounds.
  private var pins = false
  /// The visible bounds, as last told (for pinned headers).
  private var visibleBounds = Rect.zero
  /// Measures the items of sections whose group's height is estimated
  /// (held weakly). A collection view sets itself when it is given the
  /// layout and none is set; with none, estimates are used as they are.
  public weak var itemMeasurer: (any LayoutItemMeasuring)?
  /// The zIndex of a pinned header, above the items.
  public var pinnedHeaderZIndex = 1024 {
    didSet { if oldValue != pinnedHeaderZIndex { invalidateLayout() } }
  }
  /// How the arrow keys move the focus: ``FocusNavigation/rows`` by default.
  /// Down goes to the next row's nearest item however far sideways (rows
  /// are found from the frames: a nested group's stacked items are rows of
  /// their own), into the next section when the row is the last, and into a
  /// section that scrolls sideways at its item nearest on screen; Left and
  /// Right keep to the row (along a sideways section, scrolling it). Set
  /// ``FocusNavigation/geometric`` for the cone of free-form layouts.
  public var focusNavigation = FocusNavigation.rows

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
    result.reserveCapacity(128)
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
              if i + 1 < section.itemCount, let line = section.separatorFrame(under: frame, at: path), line.intersects(rect) {
                // Above a grouped section's box, which it lies inside.
                var a = LayoutAttributes(forDecorationOfKind: .listSeparator, at: path, frame: line)
                a.zIndex = 1
                result.append(a)
              }
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
}
