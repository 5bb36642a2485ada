import PropertyBased
import TermGridTesting
import Testing

@testable import GridLayout

@Suite struct DiffableSnapshotTests {
  typealias Snap = DiffableSnapshot<String, Int>

  func snapshot(_ sections: [(String, [Int])]) throws -> Snap {
    var s = Snap()
    for (name, items) in sections {
      s.appendSections([name])
      try s.appendItems(items, toSection: name)
    }
    return s
  }

  @Test func editingASnapshot() throws {
    var s = try snapshot([("a", [1, 2, 3]), ("b", [4])])
    try s.insertItems([9], afterItem: 1)
    try s.moveItem(3, beforeItem: 4)
    s.deleteItems([2])
    try s.insertSections(["z"], beforeSection: "a")
    try s.appendItems([7])
    #expect(s.sectionIdentifiers == ["z", "a", "b"])
    #expect(s.itemIdentifiers(inSection: "a") == [1, 9])
    #expect(s.itemIdentifiers(inSection: "b") == [3, 4, 7])
    #expect(s.indexPath(of: 4) == IndexPath(item: 1, section: 2))
    #expect(s.sectionIdentifier(containingItem: 9) == "a")
    #expect(throws: SnapshotError.itemNotFound("42")) { try s.moveItem(42, afterItem: 1) }
    #expect(throws: SnapshotError.sectionNotFound("q")) { try s.appendItems([5], toSection: "q") }
    var empty = Snap()
    #expect(throws: SnapshotError.noSection) { try empty.appendItems([1]) }
  }

  @Test func duplicateIdentifiersAreRejectedByName() throws {
    let dup = try snapshot([("a", [1, 2]), ("b", [2])])
    #expect(throws: SnapshotError.duplicateItem("2")) { try dup.validate() }
    #expect(throws: SnapshotError.duplicateItem("2")) { try dup.batchUpdate(from: Snap()) }
    #expect(SnapshotError.duplicateItem("2").description.contains("identifier 2 appears more than once"))
    let dupSection = try snapshot([("a", []), ("a", [])])
    #expect(throws: SnapshotError.duplicateSection("a")) { try dupSection.validate() }
  }

  @Test func aDifferenceIsOneBatchWithUIKitSemantics() throws {
    let old = try snapshot([("a", [1, 2, 3]), ("b", [4, 5]), ("c", [6])])
    let new = try snapshot([("b", [5, 4, 1]), ("a", [3, 8]), ("d", [9])])
    let update = try new.batchUpdate(from: old)
    #expect(update.deletedSections == [2])
    #expect(update.insertedSections == [2])
    #expect(update.deletedItems == [IndexPath(item: 1, section: 0)])  // 2
    #expect(update.insertedItems == [IndexPath(item: 1, section: 1)])  // 8
    #expect(update.movedItems[IndexPath(item: 0, section: 0)] == IndexPath(item: 2, section: 0))  // 1 into b
    let plan = try BatchUpdatePlan.plan(update, before: [3, 2, 1], after: [3, 2, 1])
    #expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: 1)) == IndexPath(item: 1, section: 0))  // 4
    #expect(plan.newIndexPath(forOld: IndexPath(item: 1, section: 1)) == IndexPath(item: 0, section: 0))  // 5
    #expect(plan.newIndexPath(forOld: IndexPath(item: 2, section: 0)) == IndexPath(item: 0, section: 1))  // 3
  }

  /// Random pairs of snapshots: the difference always plans, and every item
  /// that survives in a section that survives lands exactly where the new
  /// snapshot has it.
  @Test func randomSnapshotPairsAlwaysApplyAndEndEqualToTheTarget() async {
    await propertyCheck(count: 1000, input: Gen.int(in: 0...10_000_000)) { seed in
      var rng = SplitMix64(seed: seed)
      func random() -> Snap {
        var s = Snap()
        let names = ["a", "b", "c", "d", "e", "f"].shuffled(using: &rng).prefix(Int.random(in: 0...5, using: &rng))
        var pool = Array(0..<30).shuffled(using: &rng)
        for name in names {
          s.appendSections([name])
          let n = Int.random(in: 0...min(6, pool.count), using: &rng)
          try? s.appendItems(Array(pool.prefix(n)), toSection: name)
          pool.removeFirst(n)
        }
        return s
      }
      let old = random()
      let new = random()
      do {
        let update = try new.batchUpdate(from: old)
        let before = (0..<old.numberOfSections).map { old.itemIdentifiers(inSectionAt: $0).count }
        let after = (0..<new.numberOfSections).map { new.itemIdentifiers(inSectionAt: $0).count }
        let plan = try BatchUpdatePlan.plan(update, before: before, after: after)
        for s in 0..<old.numberOfSections {
          let newSection = new.indexOfSection(old.sectionIdentifiers[s])
          #expect(plan.sectionMap[s] == newSection, "seed \(seed)")
          for (i, id) in old.itemIdentifiers(inSectionAt: s).enumerated() {
            let mapped = plan.newIndexPath(forOld: IndexPath(item: i, section: s))
            let target = new.indexPath(of: id)
            // An item survives unless its section went or it went into a new section.
            if newSection != nil, let target, old.indexOfSection(new.sectionIdentifiers[target.section]) != nil {
              #expect(mapped == target, "seed \(seed) item \(id)")
            } else {
              #expect(mapped == nil, "seed \(seed) item \(id)")
            }
          }
        }
      } catch {
        Issue.record("seed \(seed): \(error)")
      }
    }
  }
}
