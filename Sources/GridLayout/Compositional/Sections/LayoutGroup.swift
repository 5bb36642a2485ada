/// A group of items (and groups) laid out in a row, a column, or by a
/// closure, repeated along a ``LayoutSection`` until its items run out.
/// UIKit's `NSCollectionLayoutGroup`, as a value.
public struct LayoutGroup: Sendable {
  /// What a group holds: items, or groups within it.
  public indirect enum Subitem: Sendable {
    /// An item.
    case item(LayoutItem)
    /// A group within the group.
    case group(LayoutGroup)

    /// The space around it in its group.
    var edgeSpacing: LayoutEdgeSpacing? {
      switch self {
      case .item(let item): return item.edgeSpacing
      case .group(let group): return group.edgeSpacing
      }
    }
  }

  /// How the subitems are placed.
  public enum Arrangement: Sendable {
    /// Side by side, left to right.
    case horizontal
    /// One above the other, top to bottom.
    case vertical
    /// Where a closure says: the frame of each item, in the group's space,
    /// for a group of the size given.
    case custom(@Sendable (Size) -> [Rect])
  }

  /// Its size, fractions of the section's content area (or of the enclosing group's).
  public var layoutSize: LayoutSize
  /// How its subitems are placed.
  public var arrangement: Arrangement
  /// What it holds, in order.
  public var subitems: [Subitem]
  /// The cells between subitems.
  public var interItemSpacing: Double = 0
  /// The margins inside its space.
  public var contentInsets: EdgeInsets = .zero
  /// Space around it in the group that holds it (nil: none).
  public var edgeSpacing: LayoutEdgeSpacing?

  /// A row of `subitems`.
  public static func horizontal(layoutSize: LayoutSize, subitems: [Subitem]) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: subitems)
  }
  /// A row of `count` copies of `subitem`, sharing its width equally
  /// (the subitem's own width is not used).
  public static func horizontal(layoutSize: LayoutSize, repeatingSubitem subitem: Subitem, count: Int) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: Array(repeating: subitem, count: max(0, count)), shares: true)
  }
  /// A column of `subitems`.
  public static func vertical(layoutSize: LayoutSize, subitems: [Subitem]) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: subitems)
  }
  /// A column of `count` copies of `subitem`, sharing its height equally.
  public static func vertical(layoutSize: LayoutSize, repeatingSubitem subitem: Subitem, count: Int) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: Array(repeating: subitem, count: max(0, count)), shares: true)
  }
  /// Items where `itemProvider` puts them (in the group's space, for the group's size).
  public static func custom(layoutSize: LayoutSize, itemProvider: @escaping @Sendable (Size) -> [Rect]) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, arrangement: .custom(itemProvider), subitems: [])
  }

  /// The copies of a repeated subitem share the group's length equally.
  var shares = false

  init(layoutSize: LayoutSize, arrangement: Arrangement, subitems: [Subitem], shares: Bool = false) {
    self.layoutSize = layoutSize
    self.arrangement = arrangement
    self.subitems = subitems
    self.shares = shares
  }

  /// The frames of its items, in order, for a group of `size` at the origin
  /// (before rounding to cells).
  func itemFrames(in size: Size) -> [Rect] { placedItems(in: size).map(\.frame) }

  /// An item where the group puts it, with what is anchored to it.
  struct PlacedItem {
    var frame: Rect
    var supplementaryItems: [LayoutSupplementaryItem] = []
  }

  /// Its items, in order, for a group of `size` at the origin (before rounding to cells).
  func placedItems(in size: Size) -> [PlacedItem] {
    var frames: [PlacedItem] = []
    var counter = 0
    appendItemFrames(in: Rect(origin: .zero, size: size), measuring: nil, counter: &counter, to: &frames)
    return frames
  }

  /// Its items for a group `width` wide whose height is `height` unless
  /// `measure` is given: then each item of an estimated height is as tall as
  /// `measure(its index in the group, its width, its estimate)` says (nil: the estimate),
  /// a group of an estimated height as tall as its content, and the
  /// returned height is this group's.
  func placedItems(width: Double, height: Double, measuring measure: ((Int, Double, Double) -> Double?)?) -> (
    items: [PlacedItem], height: Double
  ) {
    var frames: [PlacedItem] = []
    var counter = 0
    let extent = appendItemFrames(
      in: Rect(x: 0, y: 0, width: width, height: height), measuring: measure, counter: &counter, to: &frames)
    return (frames, extent)
  }

  /// How many items it holds in a space of `size`.
  func itemCount(in size: Size) -> Int {
    switch arrangement {
    case .custom(let provider):
      return provider(Size(width: max(0, size.width - contentInsets.left - contentInsets.right), height: size.height)).count
    case .horizontal, .vertical:
      return subitems.reduce(0) { count, subitem in
        switch subitem {
        case .item: return count + 1
        case .group(let group): return count + group.itemCount(in: group.layoutSize.resolved(in: size))
        }
      }
    }
  }

  /// Appends its items laid out in `space`, and returns the height it took
  /// (its content's with a measure and an estimated height, else the space's).
  @discardableResult
  private func appendItemFrames(
    in space: Rect, measuring measure: ((Int, Double, Double) -> Double?)?, counter: inout Int, to frames: inout [PlacedItem]
  ) -> Double {
    let inner = Rect(
      x: space.minX + contentInsets.left, y: space.minY + contentInsets.top,
      width: max(0, space.width - contentInsets.left - contentInsets.right),
      height: max(0, space.height - contentInsets.top - contentInsets.bottom))
    // The bottom of what it holds.
    var bottom = inner.minY
    switch arrangement {
    case .custom(let provider):
      for f in provider(inner.size) {
        frames.append(PlacedItem(frame: Rect(x: inner.minX + f.minX, y: inner.minY + f.minY, width: f.width, height: f.height)))
        bottom = max(bottom, inner.minY + f.maxY)
        counter += 1
      }
    case .horizontal, .vertical:
      let horizontal = if case .horizontal = arrangement { true } else { false }
      let n = Double(subitems.count)
      let length = horizontal ? inner.width : inner.height
      let shared = (length - interItemSpacing * max(0, n - 1)) / max(1, n)
      // Each subitem's size first (measured where it is estimated), then the
      // room the flexible spacing shares, then their places.
      var sizes: [Size] = []
      var measured = counter
      for subitem in subitems {
        var size: Size
        switch subitem {
        case .item(let item): size = item.layoutSize.resolved(in: inner.size)
        case .group(let group): size = group.layoutSize.resolved(in: inner.size)
        }
        if shares { if horizontal { size.width = max(0, shared) } else { size.height = max(0, shared) } }
        if let measure, case .item(let item) = subitem, item.layoutSize.heightDimension.kind == .estimated {
          let i = item.contentInsets
          if let h = measure(measured, max(0, size.width - i.left - i.right), item.layoutSize.heightDimension.value) {
            size.height = max(1, h) + i.top + i.bottom
          }
        }
        switch subitem {
        case .item: measured += 1
        case .group(let group): if measure != nil { measured += group.itemCount(in: size) }
        }
        sizes.append(size)
      }
      // Edge spacing, where any subitem has some (most have none: nothing to allocate).
      let spacings = subitems.contains { $0.edgeSpacing != nil } ? subitems.map(\.edgeSpacing) : nil
      var share = 0.0
      if let spacings {
        let before = spacings.map { horizontal ? $0?.leading : $0?.top }
        let after = spacings.map { horizontal ? $0?.trailing : $0?.bottom }
        let flexible = Double((before + after).filter { $0?.isFlexible == true }.count)
        let used =
          sizes.reduce(0) { $0 + (horizontal ? $1.width : $1.height) } + (before + after).reduce(0) { $0 + ($1?.value ?? 0) }
          + interItemSpacing * max(0, n - 1)
        // A column that sizes itself to what it holds has no room to share.
        let sizesItself = measure != nil && !horizontal && layoutSize.heightDimension.kind == .estimated
        share = flexible > 0 && !sizesItself ? max(0, length - used) / flexible : 0
      }
      func cells(_ spacing: LayoutSpacing?) -> Double { (spacing?.value ?? 0) + (spacing?.isFlexible == true ? share : 0) }
      var along = horizontal ? inner.minX : inner.minY
      for (k, subitem) in subitems.enumerated() {
        var size = sizes[k]
        let spacing = spacings?[k]
        along += cells(horizontal ? spacing?.leading : spacing?.top)
        // Across the group: fixed spacing moves it, flexible spacing pushes or centres it.
        var offset = 0.0
        if let spacing {
          let across = horizontal ? inner.height : inner.width
          let extent = horizontal ? size.height : size.width
          let low = horizontal ? spacing.top : spacing.leading
          let high = horizontal ? spacing.bottom : spacing.trailing
          offset = low?.value ?? 0
          let room = max(0, across - extent - (low?.value ?? 0) - (high?.value ?? 0))
          if low?.isFlexible == true { offset += high?.isFlexible == true ? room / 2 : room }
        }
        let space =
          horizontal
          ? Rect(x: along, y: inner.minY + offset, width: size.width, height: size.height)
          : Rect(x: inner.minX + offset, y: along, width: size.width, height: size.height)
        switch subitem {
        case .item(let item):
          let i = item.contentInsets
          frames.append(
            PlacedItem(
              frame: Rect(
                x: space.minX + i.left, y: space.minY + i.top, width: max(0, space.width - i.left - i.right),
                height: max(0, space.height - i.top - i.bottom)), supplementaryItems: item.supplementaryItems))
          counter += 1
        case .group(let group):
          let taken = group.appendItemFrames(in: space, measuring: measure, counter: &counter, to: &frames)
          size.height = taken
        }
        bottom = max(bottom, space.minY + size.height)
        along += (horizontal ? size.width : size.height) + cells(horizontal ? spacing?.trailing : spacing?.bottom) + interItemSpacing
      }
    }
    guard measure != nil, layoutSize.heightDimension.kind == .estimated else { return space.height }
    // As tall as what it holds.
    return max(0, bottom + contentInsets.bottom - space.minY)
  }
}
