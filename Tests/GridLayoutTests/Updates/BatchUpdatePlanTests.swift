import PropertyBased
import TermGridTesting
import Testing

@testable import GridLayout

@Suite struct BatchUpdatePlanTests {
  @Test func countsThatDoNotAddUpAreATypedErrorThatReadsLikeUIKit() {
    var batch = BatchUpdate()
    batch.insertedItems = [IndexPath(item: 0, section: 2)]
    #expect(
      throws: BatchUpdateError.invalidNumberOfItems(section: 2, before: 4, after: 6, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
    ) {
      try BatchUpdatePlan.plan(batch, before: [1, 2, 4], after: [1, 2, 6])
    }
    let error = BatchUpdateError.invalidNumberOfItems(section: 2, before: 4, after: 5, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
    #expect(
      error.description.hasPrefix(
        "Invalid update: invalid number of items in section 2. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (4)"
      ))
    #expect(throws: BatchUpdateError.self) {  // a delete out of range
      var b = BatchUpdate()
      b.deletedItems = [IndexPath(item: 7, section: 0)]
      return try BatchUpdatePlan.plan(b, before: [3], after: [2])
    }
    #expect(throws: BatchUpdateError.self) {  // deleted and moved
      var b = BatchUpdate()
      b.deletedItems = [IndexPath(item: 0, section: 0)]
      b.movedItems = [IndexPath(item: 0, section: 0): IndexPath(item: 1, section: 0)]
      return try BatchUpdatePlan.plan(b, before: [3], after: [2])
    }
    #expect(throws: BatchUpdateError.invalidNumberOfSections(before: 2, after: 2, inserted: 1, deleted: 0)) {
      var b = BatchUpdate()
      b.insertedSections = [0]
      return try BatchUpdatePlan.plan(b, before: [1, 1], after: [1, 1])
    }
  }

  @Test func aReloadedSectionMayChangeItsCountAndKeepsItemsByPosition() throws {
    var batch = BatchUpdate()
    batch.reloadedSections = [1]
    let plan = try BatchUpdatePlan.plan(batch, before: [2, 3], after: [2, 5])
    #expect(plan.newIndexPath(forOld: IndexPath(item: 2, section: 1)) == IndexPath(item: 2, section: 1))
    let shrunk = try BatchUpdatePlan.plan(batch, before: [2, 3], after: [2, 1])
    #expect(shrunk.newIndexPath(forOld: IndexPath(item: 0, section: 1)) == IndexPath(item: 0, section: 1))
    #expect(shrunk.newIndexPath(forOld: IndexPath(item: 2, section: 1)) == nil)
    batch.deletedItems = [IndexPath(item: 0, section: 1)]
    #expect(throws: BatchUpdateError.self) { try BatchUpdatePlan.plan(batch, before: [2, 3], after: [2, 4]) }
  }

  @Test func sectionsInsertedAndDeletedShiftTheOthers() throws {
    var batch = BatchUpdate()
    batch.deletedSections = [0]
    batch.insertedSections = [2]
    batch.deletedItems = [IndexPath(item: 1, section: 1)]
    let plan = try BatchUpdatePlan.plan(batch, before: [2, 3, 1], after: [2, 1, 5])
    #expect(plan.sectionMap == [nil, 0, 1])
    #expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: 0)) == nil)
    #expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: 1)) == IndexPath(item: 0, section: 0))
    #expect(plan.newIndexPath(forOld: IndexPath(item: 1, section: 1)) == nil)
    #expect(plan.newIndexPath(forOld: IndexPath(item: 2, section: 1)) == IndexPath(item: 1, section: 0))
    #expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: 2)) == IndexPath(item: 0, section: 1))
  }

  /// Random item deletes, moves (within and across sections) and inserts,
  /// made on a model of unique item ids: the plan accepts the batch and maps
  /// every surviving item exactly where the model put it.
  @Test func randomBatchesMapEveryItemWhereTheModelPutsIt() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...1_000_000)) { seed in
      var rng = SplitMix64(seed: seed)
      var next = 0
      let old: [[Int]] = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        (0..<Int.random(in: 0...8, using: &rng)).map { _ in
          next += 1
          return next
        }
      }
      var oldPosition: [Int: IndexPath] = [:]
      for (s, items) in old.enumerated() { for (i, id) in items.enumerated() { oldPosition[id] = IndexPath(item: i, section: s) } }
      var new = old
      var deleted: Set<Int> = []
      var moved: [Int] = []
      for id in old.flatMap({ $0 }) {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: deleted.insert(id)
        case 1: moved.append(id)
        default: break
        }
      }
      for s in new.indices { new[s].removeAll { deleted.contains($0) || moved.contains($0) } }
      var inserted: [Int] = []
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        next += 1
        inserted.append(next)
      }
      for id in (inserted + moved).shuffled(using: &rng) {
        let s = Int.random(in: 0..<new.count, using: &rng)
        new[s].insert(id, at: Int.random(in: 0...new[s].count, using: &rng))
      }
      var position: [Int: IndexPath] = [:]
      for (s, items) in new.enumerated() { for (i, id) in items.enumerated() { position[id] = IndexPath(item: i, section: s) } }
      var batch = BatchUpdate()
      batch.deletedItems = Set(deleted.map { oldPosition[$0]! })
      batch.insertedItems = Set(inserted.map { position[$0]! })
      for id in moved { batch.movedItems[oldPosition[id]!] = position[id]! }
      do {
        let plan = try BatchUpdatePlan.plan(batch, before: old.map(\.count), after: new.map(\.count))
        for (id, oldPath) in oldPosition {
          #expect(plan.newIndexPath(forOld: oldPath) == position[id], "seed \(seed) id \(id)")
        }
      } catch {
        Issue.record("seed \(seed): \(error)")
      }
      // The same batch against counts that are off by one is refused.
      var wrong = new.map(\.count)
      wrong[0] += 1
      #expect(throws: BatchUpdateError.self) { try BatchUpdatePlan.plan(batch, before: old.map(\.count), after: wrong) }
    }
  }

  /// Sections deleted, inserted and reloaded (their counts changed) around
  /// sections whose items are deleted, inserted and moved (across the
  /// surviving ones): every old item lands where the model puts it, the
  /// maps made on demand agree, and the count of items kept is right.
  @Test func randomBatchesWithSectionsMapEveryItemWhereTheModelPutsIt() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...1_000_000)) { seed in
      var rng = SplitMix64(seed: seed)
      var next = 0
      func ids(_ n: Int) -> [Int] {
        defer { next += n }
        return (0..<n).map { next + $0 }
      }
      let old: [[Int]] = (0..<Int.random(in: 1...5, using: &rng)).map { _ in ids(Int.random(in: 0...8, using: &rng)) }
      enum Fate {
        case deleted
        case reloaded(Int)
        case kept
      }
      let fates: [Fate] = old.map { _ in
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return .deleted
        case 1: return .reloaded(Int.random(in: 0...10, using: &rng))
        default: return .kept
        }
      }
      var oldPosition: [Int: IndexPath] = [:]
      for (s, items) in old.enumerated() { for (i, id) in items.enumerated() { oldPosition[id] = IndexPath(item: i, section: s) } }
      // The new sections: the survivors in order, new ones inserted among them.
      var new: [[Int]] = []
      var origin: [Int?] = []  // new section -> old section
      var batch = BatchUpdate()
      for (s, fate) in fates.enumerated() {
        while Int.random(in: 0..<4, using: &rng) == 0 {
          batch.insertedSections.insert(new.count)
          new.append(ids(Int.random(in: 0...3, using: &rng)))
          origin.append(nil)
        }
        switch fate {
        case .deleted: batch.deletedSections.insert(s)
        case .reloaded(let count):
          batch.reloadedSections.insert(s)
          new.append(ids(count))
          origin.append(s)
        case .kept:
          new.append(old[s])
          origin.append(s)
        }
      }
      // Item edits in the kept sections only.
      let editable = new.indices.filter { n in
        guard let o = origin[n], case .kept = fates[o] else { return false }
        return true
      }
      var moved: [Int] = []
      for n in editable {
        for id in new[n] {
          switch Int.random(in: 0..<6, using: &rng) {
          case 0: batch.deletedItems.insert(oldPosition[id]!)
          case 1: moved.append(id)
          default: continue
          }
          new[n].removeAll { $0 == id }
        }
      }
      var inserted: [Int] = []
      if !editable.isEmpty {
        inserted = ids(Int.random(in: 0...4, using: &rng))
        for id in (inserted + moved).shuffled(using: &rng) {
          let n = editable[Int.random(in: 0..<editable.count, using: &rng)]
          new[n].insert(id, at: Int.random(in: 0...new[n].count, using: &rng))
        }
      }
      var position: [Int: IndexPath] = [:]
      for (n, items) in new.enumerated() { for (i, id) in items.enumerated() { position[id] = IndexPath(item: i, section: n) } }
      for id in inserted { batch.insertedItems.insert(position[id]!) }
      for id in moved { batch.movedItems[oldPosition[id]!] = position[id]! }
      do {
        let plan = try BatchUpdatePlan.plan(batch, before: old.map(\.count), after: new.map(\.count))
        var kept = 0
        for (id, oldPath) in oldPosition {
          let expected: IndexPath?
          switch fates[oldPath.section] {
          case .deleted: expected = nil
          case .reloaded(let count):
            let n = origin.firstIndex(of: oldPath.section)!
            expected = oldPath.item < count ? IndexPath(item: oldPath.item, section: n) : nil
          case .kept: expected = position[id]
          }
          #expect(plan.newIndexPath(forOld: oldPath) == expected, "seed \(seed) id \(id)")
          #expect(plan.itemMaps[oldPath.section][oldPath.item] == expected)
          if expected != nil { kept += 1 }
        }
        #expect(plan.keptItemCount == kept, "seed \(seed)")
        #expect(plan.itemMaps.map(\.count) == old.map(\.count))
      } catch {
        Issue.record("seed \(seed): \(error)")
      }
    }
  }
}
