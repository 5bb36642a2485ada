extension DiffableSectionSnapshot {
  /// The batch update, in section `section`, that turns the rows `old`
  /// shows into those this snapshot shows (their ``visibleItems``): what
  /// expanding, collapsing or applying the snapshot animates. See
  /// ``BatchUpdate/init(section:from:to:)``.
  public func batchUpdate(from old: DiffableSectionSnapshot, inSection section: Int) -> BatchUpdate {
    BatchUpdate(section: section, from: old.visibleItems, to: visibleItems)
  }
}

extension BatchUpdate {
  /// The changes, in section `section`, that turn the rows `old` into the
  /// rows `new` (identifiers unique in each): rows only in `old` are
  /// deleted, rows only in `new` inserted, and of the rows in both, the
  /// fewest are moved (all but a longest run that keeps its order). O(n log n),
  /// so a parent of 10,000 children expands or collapses in one pass.
  public init<ID: Hashable>(section: Int, from old: [ID], to new: [ID]) {
    self.init()
    // The rows the same at the start and at the end are left out first, by
    // equality alone: expanding or collapsing one parent changes one run,
    // found without hashing a row.
    var lower = 0
    while lower < old.count, lower < new.count, old[lower] == new[lower] { lower += 1 }
    var oldUpper = old.count
    var newUpper = new.count
    while oldUpper > lower, newUpper > lower, old[oldUpper - 1] == new[newUpper - 1] {
      oldUpper -= 1
      newUpper -= 1
    }
    if lower == oldUpper || lower == newUpper {
      insertedItems.reserveCapacity(newUpper - lower)
      for j in lower..<newUpper { insertedItems.insert(IndexPath(item: j, section: section)) }
      deletedItems.reserveCapacity(oldUpper - lower)
      for i in lower..<oldUpper { deletedItems.insert(IndexPath(item: i, section: section)) }
      return
    }
    // (Index loops, not `enumerated()`: called from generic code, as the
    // diffable data source is, each tuple of an enumeration costs a
    // metadata look-up; a parent of 10,000 children paid more for that than for the rest.)
    var newIndex: [ID: Int] = [:]
    newIndex.reserveCapacity(newUpper - lower)
    for j in lower..<newUpper { newIndex[new[j]] = j }
    // The rows in both, in their old order, with their new positions.
    var keptOld: [Int] = []
    var keptNew: [Int] = []
    var isKept = [Bool](repeating: false, count: new.count)
    var deleted: [Int] = []
    for i in lower..<oldUpper {
      if let j = newIndex[old[i]] {
        keptOld.append(i)
        keptNew.append(j)
        isKept[j] = true
      } else {
        deleted.append(i)
      }
    }
    deletedItems.reserveCapacity(deleted.count)
    for i in deleted { deletedItems.insert(IndexPath(item: i, section: section)) }
    insertedItems.reserveCapacity(newUpper - lower - keptNew.count)
    for j in lower..<newUpper where !isKept[j] { insertedItems.insert(IndexPath(item: j, section: section)) }
    // The rows outside a longest increasing run of new positions move.
    let stays = Self.longestIncreasingRun(keptNew)
    for k in keptOld.indices where !stays[k] {
      movedItems[IndexPath(item: keptOld[k], section: section)] = IndexPath(item: keptNew[k], section: section)
    }
  }

  /// Marks the elements of a longest strictly increasing subsequence of
  /// `values` (patience sorting, O(n log n)).
  static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []  // tails[l]: index of the smallest last value of a run of length l + 1
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
      var lo = 0
      var hi = tails.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
      }
      if lo > 0 { previous[i] = tails[lo - 1] }
      if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var marks = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
      marks[i] = true
      i = previous[i]
    }
    return marks
  }
}
