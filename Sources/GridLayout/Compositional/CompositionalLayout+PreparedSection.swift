/// A compositional layout's sections, prepared: where each one's groups
/// lie, once per `prepare`, so that queries only look things up.
extension CompositionalLayout {
  /// One section, prepared: where its groups start, how far apart, and
  /// where one group's items are within it. A class, so that a query reads
  /// a section without copying its arrays (a copy of a struct of seven
  /// arrays per section on screen was a sixth of a query's cost).
  final class PreparedSection {
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
    /// A list's separators (nil: none), and what changes them row by row.
    var separator: ListSeparatorConfiguration?
    var separatorHandler: LayoutListConfiguration.ItemSeparatorHandler?
    var groupCount: Int { template.isEmpty ? 0 : (itemCount + template.count - 1) / template.count }

    init(start: Double, end: Double, origin: Point, stride: Double, template: [Rect], itemCount: Int) {
      self.start = start
      self.end = end
      self.origin = origin
      self.stride = stride
      self.template = template
      self.itemCount = itemCount
    }

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

  /// One section laid out from `y` down, in a view of `bounds`.
  static func prepared(
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
    var y = top + max(0, section.topPadding).rounded()
    var supplementaries: [(kind: ElementKind, frame: Rect, pins: Bool)] = []
    for item in section.boundarySupplementaryItems where item.alignment == .top {
      let size = item.layoutSize.resolved(in: content)
      supplementaries.append(
        (item.elementKind, Self.snapped(Rect(x: insets.left, y: y, width: size.width, height: size.height)), item.pinToVisibleBounds))
      y += size.height.rounded()
    }
    let prepared = PreparedSection(
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
      sizeItems(of: prepared, section, measuring: measure, groupWidth: groupSize.width, estimate: groupSize.height, spacing: spacing)
    }
    if let separators = section.separators, !orthogonal {
      // A separator lies in the row under each item but the last.
      prepared.separator = separators
      prepared.separatorHandler = section.separatorHandler
      prepared.reach.bottom = max(prepared.reach.bottom, prepared.groupSize.height + 1)
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
    of prepared: PreparedSection, _ section: LayoutSection, measuring measure: @escaping (Int, Double, Double) -> Double?,
    groupWidth: Double, estimate: Double, spacing: Double
  ) {
    // Read once: the loop runs per item.
    let perGroup = prepared.template.count
    let count = prepared.itemCount
    let groups = prepared.groupCount
    let orthogonal = prepared.isOrthogonal
    let origin = prepared.origin
    let stride = prepared.stride
    let badges = prepared.badges
    var frames: [Rect] = []
    frames.reserveCapacity(count)
    var starts: [Double] = []
    var ends: [Double] = []
    if !orthogonal {
      starts.reserveCapacity(groups)
      ends.reserveCapacity(groups)
    }
    var along = origin.y
    var rowHeight = 0.0
    var up = 0.0
    var down = 0.0
    for g in 0..<groups {
      let base = g * perGroup
      let (items, height) = section.group.placedItems(width: groupWidth, height: estimate) { k, width, itemEstimate in
        base + k < count ? measure(base + k, width, itemEstimate) : nil
      }
      let h = max(1, height.rounded())
      let top = orthogonal ? origin.y : along
      let dx = origin.x + (orthogonal ? Double(g) * stride : 0)
      for (k, item) in items.prefix(perGroup).enumerated() where base + k < count {
        let frame = snapped(item.frame).offsetBy(dx: dx, dy: top)
        frames.append(frame)
        if !badges.isEmpty {
          for badge in badges[k] {
            let b = Self.frame(of: badge, on: frame)
            up = max(up, top - b.minY)
            down = max(down, b.maxY - top - h)
          }
        }
        up = max(up, top - frame.minY)
        down = max(down, frame.maxY - top - h)
      }
      if orthogonal {
        rowHeight = max(rowHeight, h)
      } else {
        starts.append(along)
        ends.append(along + h)
        along += h + spacing
      }
    }
    prepared.sized = frames
    prepared.groupStarts = starts
    prepared.groupEnds = ends
    if orthogonal { prepared.groupSize.height = rowHeight }
    prepared.reach = (-up, prepared.groupSize.height + down)
  }

  /// Where a badge lies on an item at `frame`, in whole cells.
  static func frame(of badge: LayoutSupplementaryItem, on frame: Rect) -> Rect {
    snapped(badge.containerAnchor.frame(of: badge.layoutSize.resolved(in: frame.size), in: frame))
  }
}

extension CompositionalLayout.PreparedSection {
  /// The separator under the item at `path` and `frame`, between it and
  /// the next (nil when there is none, or it is hidden).
  func separatorFrame(under frame: Rect, at path: IndexPath) -> Rect? {
    guard var separator else { return nil }
    if let separatorHandler { separator = separatorHandler(path, separator) }
    guard separator.bottomSeparatorVisibility != .hidden else { return nil }
    let leading = max(0, separator.leadingInset).rounded()
    let trailing = max(0, separator.trailingInset).rounded()
    return Rect(x: frame.minX + leading, y: frame.maxY, width: max(0, frame.width - leading - trailing), height: 1)
  }
}
