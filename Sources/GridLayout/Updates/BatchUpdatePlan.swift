/// A validated batch update: where every element of the old state went.
///
/// `plan(_:before:after:)` checks the batch against the counts before and
/// after (as the data source reports them) and throws a ``BatchUpdateError``
/// that reads like UIKit's when they do not add up. The plan then maps old
/// index paths to new ones, so focus, selection and animations can follow
/// their items.
public struct BatchUpdatePlan: Sendable {
  /// `sectionMap[old]` is the new index of an old section, nil when deleted.
  public let sectionMap: [Int?]
  /// For each old section, `itemMaps[old][item]` is the new index path, nil when deleted.
  public let itemMaps: [[IndexPath?]]
  /// The validated batch.
  public let update: BatchUpdate

  /// The new index path of an item of the old state, nil when it was deleted.
  public func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
    guard indexPath.section >= 0, indexPath.section < itemMaps.count,
      indexPath.item >= 0, indexPath.item < itemMaps[indexPath.section].count
    else { return nil }
    return itemMaps[indexPath.section][indexPath.item]
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
    let reloadedNew = Set(update.reloadedSections.compactMap { sectionMap[$0] })
    let touched = update.deletedItems.union(update.reloadedItems).union(update.movedItems.keys).map(\.section)
    let touchedNew = update.insertedItems.union(update.movedItems.values).map(\.section)
    if touched.contains(where: update.reloadedSections.contains) || touchedNew.contains(where: reloadedNew.contains) {
      throw .conflicting(.itemOfReloadedSectionChanged)
    }

    // Counts per surviving section.
    var itemMaps = (0..<oldCount).map { [IndexPath?](repeating: nil, count: before[$0]) }
    for (new, oldSection) in fixed.enumerated() {
      guard let old = oldSection, !update.reloadedSections.contains(old) else { continue }
      let deleted = update.deletedItems.filter { $0.section == old }.count
      let inserted = update.insertedItems.filter { $0.section == new }.count
      let movedOut = update.movedItems.filter { $0.key.section == old && $0.value.section != new }.count
      let movedIn = update.movedItems.filter { $0.value.section == new && $0.key.section != old }.count
      let expected = before[old] - deleted + inserted - movedOut + movedIn
      guard expected == after[new] else {
        throw .invalidNumberOfItems(
          section: old, before: before[old], after: after[new], inserted: inserted, deleted: deleted,
          movedIn: movedIn, movedOut: movedOut)
      }
    }
    // Items of deleted sections vanish; moves into deleted or from inserted sections were range-checked above.
    for (old, _) in update.movedItems where update.deletedSections.contains(old.section) {
      throw .conflicting(.itemMovedOutOfDeletedSection)
    }
    // Where each surviving item goes.
    for (new, oldSection) in fixed.enumerated() {
      guard let old = oldSection else { continue }
      var slots = [IndexPath?](repeating: nil, count: after[new])  // new item -> old index path
      for (from, to) in update.movedItems where to.section == new { slots[to.item] = from }
      let taken = Set(update.insertedItems.filter { $0.section == new }.map(\.item))
        .union(update.movedItems.values.filter { $0.section == new }.map(\.item))
      fillInOrder(
        &slots, taken: taken,
        survivors: (0..<before[old]).map { IndexPath(item: $0, section: old) }.filter {
          !update.deletedItems.contains($0) && update.movedItems[$0] == nil
        })
      for (item, from) in slots.enumerated() { if let from { itemMaps[from.section][from.item] = IndexPath(item: item, section: new) } }
    }
    // Moves out of a section into another land through that section's slots;
    // record those that the loop above did not (moves into inserted sections).
    for (from, to) in update.movedItems where itemMaps[from.section][from.item] == nil {
      itemMaps[from.section][from.item] = to
    }
    return BatchUpdatePlan(sectionMap: sectionMap, itemMaps: itemMaps, update: update)
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
