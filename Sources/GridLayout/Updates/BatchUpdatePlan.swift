/// A validated batch update: where every element of the old state went.
///
/// `plan(_:before:after:)` checks the batch against the counts before and
/// after (as the data source reports them) and throws a ``BatchUpdateError``
/// that reads like UIKit's when they do not add up. The plan then maps old
/// index paths to new ones, so focus, selection and animations can follow
/// their items.
///
/// A plan costs the changes, not the items: it keeps, for each section, the
/// positions deleted, inserted and moved (sorted), and finds an item's new
/// place by binary search over them. Inserting 10 rows in a section of
/// 100,000 costs the 10 rows.
public struct BatchUpdatePlan: Sendable {
  /// `sectionMap[old]` is the new index of an old section, nil when deleted.
  public let sectionMap: [Int?]
  /// The validated batch.
  public let update: BatchUpdate
  /// For each old section, what happened to its items.
  private let sections: [SectionChanges]

  /// What a batch did to the items of one old section.
  private struct SectionChanges: Sendable {
    /// Where the section went (nil: deleted).
    var newSection: Int?
    /// Its items before and after (in its new place).
    var oldCount: Int
    var newCount: Int
    /// Old positions that left: deleted or moved (sorted).
    var left: [Int] = []
    /// New positions taken by inserts and moves in (sorted).
    var taken: [Int] = []
    /// Where its moved items went.
    var moves: [Int: IndexPath] = [:]

    /// The new index path of the old item `item` (see ``BatchUpdatePlan/newIndexPath(forOld:)``).
    func newIndexPath(forOld item: Int) -> IndexPath? {
      if !moves.isEmpty, let to = moves[item] { return to }
      guard let newSection, !Self.contains(left, item) else { return nil }
      // The survivors fill, in their old order, the new positions no insert or move took (UIKit's rule).
      let rank = item - Self.count(left, below: item)
      // The free position of that rank: `rank` plus the taken positions before it,
      // which are those with at most `rank` free positions before them.
      var lo = 0
      var hi = taken.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if taken[mid] - mid <= rank { lo = mid + 1 } else { hi = mid }
      }
      let position = rank + lo
      return position < newCount ? IndexPath(item: position, section: newSection) : nil
    }

    /// How many of the sorted `values` are below `value`.
    static func count(_ values: [Int], below value: Int) -> Int {
      var lo = 0
      var hi = values.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if values[mid] < value { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }

    static func contains(_ values: [Int], _ value: Int) -> Bool {
      let i = count(values, below: value)
      return i < values.count && values[i] == value
    }
  }

  /// For each old section, `itemMaps[old][item]` is the new index path, nil
  /// when deleted. Made when asked, in O(the items): to follow a few items,
  /// ask ``newIndexPath(forOld:)``.
  public var itemMaps: [[IndexPath?]] {
    sections.map { changes in (0..<changes.oldCount).map { changes.newIndexPath(forOld: $0) } }
  }

  /// How many items of the old state are still there after the update (moved or not). O(the sections).
  public var keptItemCount: Int {
    sections.reduce(0) { total, changes in
      guard changes.newSection != nil else { return total + changes.moves.count }
      // (A reloaded section that shrank keeps its first items; no other section loses survivors.)
      let survivors = changes.oldCount - changes.left.count
      let room = changes.newCount - changes.taken.count
      return total + changes.moves.count + min(survivors, max(0, room))
    }
  }

  /// The new index path of an item of the old state, nil when it was
  /// deleted. O(log of the changes to its section).
  public func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
    guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
      indexPath.item < sections[indexPath.section].oldCount
    else { return nil }
    return sections[indexPath.section].newIndexPath(forOld: indexPath.item)
  }

  /// Validates `update` against the item counts before and after it.
  public static func plan(_ update: BatchUpdate, before: [Int], after: [Int]) throws(BatchUpdateError)
    -> BatchUpdatePlan
  {
    let oldCount = before.count
    let newCount = after.count
    // Sections in range and consistent.
    for s in update.deletedSections.union(update.reloadedSections).union(update.movedSections.keys)
    where s < 0 || s >= oldCount {
      throw .sectionOutOfRange(s, change: update.deletedSections.contains(s) ? .delete : .reloadOrMove, sectionCount: oldCount)
    }
    for s in update.insertedSections.union(update.movedSections.values) where s < 0 || s >= newCount {
      throw .sectionOutOfRange(s, change: .insert, sectionCount: newCount)
    }
    try checkMoves(update.movedSections, deleted: update.deletedSections, inserted: update.insertedSections, element: .section)
    let expectedSections = oldCount - update.deletedSections.count + update.insertedSections.count
    guard expectedSections == newCount else {
      throw .invalidNumberOfSections(
        before: oldCount, after: newCount, inserted: update.insertedSections.count, deleted: update.deletedSections.count)
    }
    // Where old sections go: survivors keep their order around the inserted and moved-in ones.
    var sectionMap = [Int?](repeating: nil, count: oldCount)
    var fixed = [Int?](repeating: nil, count: newCount)  // new index -> old section (nil: inserted)
    for (old, new) in update.movedSections { fixed[new] = old }
    fillInOrder(
      &fixed, taken: update.insertedSections.union(update.movedSections.values),
      survivors: (0..<oldCount).filter { !update.deletedSections.contains($0) && update.movedSections[$0] == nil })
    for (new, old) in fixed.enumerated() { if let old { sectionMap[old] = new } }

    // Items in range.
    func check(_ p: IndexPath, in counts: [Int], _ change: BatchUpdateError.Change) throws(BatchUpdateError) {
      guard p.section >= 0, p.section < counts.count else {
        throw .sectionOutOfRange(p.section, change: change, sectionCount: counts.count)
      }
      guard p.item >= 0, p.item < counts[p.section] else {
        throw .itemOutOfRange(p, change: change, itemCount: counts[p.section])
      }
    }
    for p in update.deletedItems { try check(p, in: before, .delete) }
    for p in update.reloadedItems { try check(p, in: before, .reload) }
    for p in update.movedItems.keys { try check(p, in: before, .move) }
    for p in update.insertedItems { try check(p, in: after, .insert) }
    for p in update.movedItems.values { try check(p, in: after, .moveDestination) }
    try checkMoves(update.movedItems, deleted: update.deletedItems, inserted: update.insertedItems, element: .item)
    // A reloaded section is replaced whole: its count may change, but nothing else may touch it or its items.
    if !update.reloadedSections.isDisjoint(with: update.deletedSections.union(update.movedSections.keys)) {
      throw .conflicting(.reloadedSectionDeletedOrMoved)
    }
    if !update.reloadedSections.isEmpty {
      let reloadedNew = Set(update.reloadedSections.compactMap { sectionMap[$0] })
      let touched = update.deletedItems.union(update.reloadedItems).union(update.movedItems.keys).map(\.section)
      let touchedNew = update.insertedItems.union(update.movedItems.values).map(\.section)
      if touched.contains(where: update.reloadedSections.contains) || touchedNew.contains(where: reloadedNew.contains) {
        throw .conflicting(.itemOfReloadedSectionChanged)
      }
    }

    // The changes of each section, in one pass over each kind (old sections; new ones for what arrives).
    var changes = (0..<oldCount).map { SectionChanges(newSection: sectionMap[$0], oldCount: before[$0], newCount: 0) }
    var arriving = [[Int]](repeating: [], count: newCount)  // new section -> positions inserted or moved in
    var deletedIn = [Int](repeating: 0, count: oldCount)
    var insertedIn = [Int](repeating: 0, count: newCount)
    var movedOut = [Int](repeating: 0, count: oldCount)
    var movedIn = [Int](repeating: 0, count: newCount)
    for p in update.deletedItems {
      changes[p.section].left.append(p.item)
      deletedIn[p.section] += 1
    }
    for p in update.insertedItems {
      arriving[p.section].append(p.item)
      insertedIn[p.section] += 1
    }
    for (from, to) in update.movedItems {
      changes[from.section].left.append(from.item)
      changes[from.section].moves[from.item] = to
      arriving[to.section].append(to.item)
      if sectionMap[from.section] != to.section {
        movedOut[from.section] += 1
        movedIn[to.section] += 1
      }
    }
    // Counts per surviving section.
    for (new, oldSection) in fixed.enumerated() {
      guard let old = oldSection, !update.reloadedSections.contains(old) else { continue }
      let expected = before[old] - deletedIn[old] + insertedIn[new] - movedOut[old] + movedIn[new]
      guard expected == after[new] else {
        throw .invalidNumberOfItems(
          section: old, before: before[old], after: after[new], inserted: insertedIn[new], deleted: deletedIn[old],
          movedIn: movedIn[new], movedOut: movedOut[old])
      }
    }
    // Items of deleted sections vanish; moves into deleted or from inserted sections were range-checked above.
    for (old, _) in update.movedItems where update.deletedSections.contains(old.section) {
      throw .conflicting(.itemMovedOutOfDeletedSection)
    }
    for old in changes.indices {
      changes[old].left.sort()
      guard let new = sectionMap[old] else { continue }
      changes[old].newCount = after[new]
      changes[old].taken = arriving[new].sorted()
    }
    return BatchUpdatePlan(sectionMap: sectionMap, update: update, sections: changes)
  }

  /// Moves exclude deletes of their source and inserts at their destination,
  /// and no two share a destination.
  private static func checkMoves<T: Hashable>(
    _ moves: [T: T], deleted: Set<T>, inserted: Set<T>, element: BatchUpdateError.Conflict.Element
  ) throws(BatchUpdateError) {
    if !deleted.isDisjoint(with: moves.keys) { throw .conflicting(.deletedAndMoved(element)) }
    if !inserted.isDisjoint(with: moves.values) { throw .conflicting(.insertedAndMovedTo(element)) }
    if Set(moves.values).count != moves.count { throw .conflicting(.movedToTheSamePlace(element)) }
  }

  /// UIKit's placement of what stays: the positions not `taken` by inserts
  /// and move destinations receive the `survivors`, in their old order.
  private static func fillInOrder<T>(_ slots: inout [T?], taken: Set<Int>, survivors: [T]) {
    var rest = survivors.makeIterator()
    for i in slots.indices where !taken.contains(i) {
      guard let next = rest.next() else { return }
      slots[i] = next
    }
  }
}
