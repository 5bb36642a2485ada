import GridLayout

/// The selected items and where a Shift+arrow range began: the part of a
/// collection view's state that selection changes. Asking and telling the
/// delegate stays with the view; what a range selects is worked out here.
struct SelectionState {
  /// The selected items.
  private(set) var items: Set<IndexPath> = []
  /// Where a range selection begins, with what was selected outside the range then.
  private(set) var anchor: (indexPath: IndexPath, base: Set<IndexPath>)?

  /// A selection of `items` with no range begun.
  init(items: Set<IndexPath> = []) { self.items = items }

  /// Selects `indexPath`; false when it was selected already.
  @discardableResult
  mutating func insert(_ indexPath: IndexPath) -> Bool { items.insert(indexPath).inserted }

  /// Deselects `indexPath`; false when it was not selected.
  @discardableResult
  mutating func remove(_ indexPath: IndexPath) -> Bool { items.remove(indexPath) != nil }

  /// Deselects everything (the anchor stays).
  mutating func removeAll() { items.removeAll() }

  /// Where the next range begins (nil: at the focus then).
  mutating func setAnchor(_ anchor: (indexPath: IndexPath, base: Set<IndexPath>)?) { self.anchor = anchor }

  /// Follows the items through a batch update (`newIndexPath`: where an
  /// item went; nil, deleted) and forgets the anchor.
  mutating func follow(_ newIndexPath: (IndexPath) -> IndexPath?) {
    items = Set(items.compactMap(newIndexPath))
    anchor = nil
  }

  /// True when `indexPath` is selected.
  func contains(_ indexPath: IndexPath) -> Bool { items.contains(indexPath) }

  /// What a range to `target` leaves selected: the selection outside the
  /// range when it began, and every item from its anchor (`start` when there
  /// is none yet) to `target` in index order across sections. Returns the
  /// anchor to keep with it.
  func rangeSelection(
    from start: IndexPath, to target: IndexPath, itemCounts: [Int]
  ) -> (wanted: Set<IndexPath>, anchor: (indexPath: IndexPath, base: Set<IndexPath>)) {
    let anchor = self.anchor ?? (start, items)
    let wanted = anchor.base.union(Self.indexPaths(from: anchor.indexPath, to: target, itemCounts: itemCounts))
    return (wanted, anchor)
  }

  /// Every item from `a` to `b` (either order) in index order, across
  /// sections of `itemCounts` items.
  static func indexPaths(from a: IndexPath, to b: IndexPath, itemCounts: [Int]) -> [IndexPath] {
    let (low, high) = a < b ? (a, b) : (b, a)
    var result: [IndexPath] = []
    for s in low.section...high.section {
      let first = s == low.section ? low.item : 0
      let last = s == high.section ? high.item : (itemCounts.indices.contains(s) ? itemCounts[s] : 0) - 1
      if first <= last { result += (first...last).map { IndexPath(item: $0, section: s) } }
    }
    return result
  }

  /// Keeps only the items `isValid` accepts and forgets the anchor (after a reload).
  mutating func keep(where isValid: (IndexPath) -> Bool) {
    items = items.filter(isValid)
    anchor = nil
  }
}
