import PropertyBased
import TermGridTesting
import Testing

@testable import GridLayout

@Suite struct DiffableSectionSnapshotTests {
  typealias Outline = DiffableSectionSnapshot<Int>

  /// A tree kept the slow, obvious way: each item's parent and the order of every list.
  struct Model {
    var children: [Int: [Int]] = [:]  // -1: the root
    var parent: [Int: Int] = [:]
    var expanded: Set<Int> = []

    func all(under p: Int = -1, visibleOnly: Bool) -> [Int] {
      var out: [Int] = []
      for c in children[p] ?? [] {
        out.append(c)
        if !visibleOnly || expanded.contains(c) { out += all(under: c, visibleOnly: visibleOnly) }
      }
      return out
    }
    func level(_ item: Int) -> Int { parent[item] == -1 ? 0 : 1 + level(parent[item]!) }
    mutating func remove(_ item: Int) {
      for c in children[item] ?? [] { remove(c) }
      children[item] = nil
      let p = parent[item]!
      children[p]?.removeAll { $0 == item }
      parent[item] = nil
      expanded.remove(item)
    }
  }

  /// The rows an update gives when applied to `old` through the project's
  /// plan: every old row where the plan puts it, inserted rows as `new` has them.
  func applying(_ update: BatchUpdate, to old: [Int], expecting new: [Int]) throws -> [Int?] {
    let plan = try BatchUpdatePlan.plan(update, before: [old.count], after: [new.count])
    var rows = [Int?](repeating: nil, count: new.count)
    for (i, id) in old.enumerated() {
      if let p = plan.newIndexPath(forOld: IndexPath(item: i, section: 0)) { rows[p.item] = id }
    }
    let oldSet = Set(old)
    for p in update.insertedItems {
      #expect(!oldSet.contains(new[p.item]), "inserted \(new[p.item]) was there")
      #expect(rows[p.item] == nil)
      rows[p.item] = new[p.item]
    }
    return rows
  }

  /// Grafts a subtree of its own (r with c1 (g) and c2; r expanded or not,
  /// numbered from `first`) under `parent` or at the root, in both.
  func graftSubtree(into s: inout Outline, model m: inout Model, under parent: Int?, first r: Int, opens: Bool) {
    let c1 = r + 1
    let c2 = r + 2
    let g = r + 3
    var sub = Outline()
    try? sub.append([r])
    try? sub.append([c1, c2], to: r)
    try? sub.append([g], to: c1)
    if opens { try? sub.expand([r]) }
    try? s.append(sub, to: parent)
    m.parent[r] = parent ?? -1
    m.children[parent ?? -1, default: []].append(r)
    m.parent[c1] = r
    m.parent[c2] = r
    m.parent[g] = c1
    m.children[r] = [c1, c2]
    m.children[c1] = [g]
    if opens { m.expanded.insert(r) }
  }

  /// The rows under each item, and the levels in the subtree of `top` taken as a snapshot of its own.
  func checkSubtree(of top: Int?, in s: Outline, model m: Model, _ context: String) {
    for item in m.parent.keys {
      #expect(s.visibleItems(under: item) == m.all(under: item, visibleOnly: true), "\(context)")
    }
    guard let top, s.contains(top) else { return }
    let sub = s.snapshot(of: top)
    let withParent = s.snapshot(of: top, includingParent: true)
    #expect(withParent.level(of: top) == 0)
    for item in m.all(under: top, visibleOnly: false) {
      #expect(sub.level(of: item) == m.level(item) - m.level(top) - 1, "\(context)")
      #expect(withParent.level(of: item) == m.level(item) - m.level(top), "\(context)")
    }
  }

  @Test func randomTreesAndEditsMatchTheModelAndTheirUpdates() async {
    await propertyCheck(count: 120, input: Gen.int(in: 0...1_000_000)) { seed in
      var rng = SplitMix64(seed: seed)
      var s = Outline()
      var m = Model()
      var next = 0
      for step in 0..<60 {
        let before = s.visibleItems
        let held = Array(m.parent.keys).sorted()
        let pick: Int? = held.isEmpty ? nil : held[Int.random(in: 0..<held.count, using: &rng)]
        switch Int.random(in: 0..<7, using: &rng) {
        case 0, 1:
          let parent = Bool.random(using: &rng) ? pick : nil
          let new = (0..<Int.random(in: 1...4, using: &rng)).map { next + $0 }
          next += new.count
          try? s.append(new, to: parent)
          for n in new { m.parent[n] = parent ?? -1 }
          m.children[parent ?? -1, default: []] += new
        case 2:
          guard let target = pick else { continue }
          let after = Bool.random(using: &rng)
          let new = [next]
          next += 1
          if after { try? s.insert(new, after: target) } else { try? s.insert(new, before: target) }
          let p = m.parent[target]!
          let i = m.children[p]!.firstIndex(of: target)! + (after ? 1 : 0)
          m.children[p]!.insert(next - 1, at: i)
          m.parent[next - 1] = p
        case 3:
          guard let target = pick else { continue }
          s.delete([target])
          m.remove(target)
        case 4:
          guard let target = pick else { continue }
          try? s.expand([target])
          m.expanded.insert(target)
        case 5:
          guard let target = pick else { continue }
          try? s.collapse([target])
          m.expanded.remove(target)
        default:
          graftSubtree(into: &s, model: &m, under: Bool.random(using: &rng) ? pick : nil, first: next, opens: Bool.random(using: &rng))
          next += 4
        }
        let visible = m.all(visibleOnly: true)
        #expect(s.visibleItems == visible, "seed \(seed) step \(step)")
        #expect(s.items == m.all(visibleOnly: false), "seed \(seed) step \(step)")
        #expect(s.rootItems == (m.children[-1] ?? []))
        for item in m.parent.keys {
          #expect(s.level(of: item) == m.level(item))
          #expect(s.parent(of: item) == (m.parent[item] == -1 ? nil : m.parent[item]))
          #expect(s.isVisible(item) == visible.contains(item))
        }
        checkSubtree(of: pick, in: s, model: m, "seed \(seed) step \(step)")
        // The update turns the old rows into the new ones exactly.
        let update = BatchUpdate(section: 0, from: before, to: visible)
        let rows = try? applying(update, to: before, expecting: visible)
        #expect(rows == visible.map { Optional($0) }, "seed \(seed) step \(step)")
      }
    }
  }

  /// An identifier that counts how often it is hashed.
  final class HashCount: @unchecked Sendable { var value = 0 }
  struct Counted: Hashable, Sendable {
    let id: Int
    let count: HashCount
    static func == (a: Counted, b: Counted) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) {
      count.value += 1
      hasher.combine(id)
    }
  }

  /// An item 1,000 levels deep costs what one at the top costs: its level
  /// is one look-up, and the rows under a parent are found without walking
  /// the rest of the tree.
  @Test func deepItemsCostWhatShallowOnesCost() throws {
    let count = HashCount()
    var s = DiffableSectionSnapshot<Counted>()
    let chain = (0...1000).map { Counted(id: $0, count: count) }
    try s.append([chain[0]])
    for level in 1...1000 { try s.append([chain[level]], to: chain[level - 1]) }
    try s.expand(Array(chain[0..<999]))
    // Ten leaves under the deepest item but one, and a big subtree elsewhere that is never walked.
    let leaves = (2000..<2010).map { Counted(id: $0, count: count) }
    try s.append(leaves, to: chain[999])
    let elsewhere = (3000..<13000).map { Counted(id: $0, count: count) }
    try s.append([Counted(id: 2999, count: count)])
    try s.append(elsewhere, to: Counted(id: 2999, count: count))
    try s.expand([Counted(id: 2999, count: count)])
    for (item, expected) in [(chain[0], 0), (chain[1000], 1000), (leaves[3], 1000)] {
      count.value = 0
      #expect(s.level(of: item) == expected)
      #expect(count.value <= 2, "a look-up or two, however deep (\(count.value) hashes)")
    }
    count.value = 0
    try s.expand([chain[999]])
    #expect(s.visibleItems(under: chain[999]) == [chain[1000]] + leaves)
    #expect(count.value < 100, "expanding and the rows it opens cost those rows, not the 11,000 others (\(count.value) hashes)")
  }

  @Test func shuffledRowsAreMovedTheFewestTimes() async {
    await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000)) { seed in
      var rng = SplitMix64(seed: seed)
      let old = Array(0..<Int.random(in: 0...30, using: &rng))
      var new = old.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 } + (100..<(100 + Int.random(in: 0...5, using: &rng)))
      new.shuffle(using: &rng)
      let update = BatchUpdate(section: 2, from: old, to: new)
      #expect(update.deletedItems.allSatisfy { $0.section == 2 })
      let flat = BatchUpdate(section: 0, from: old, to: new)
      #expect((try? applying(flat, to: old, expecting: new)) == new.map { Optional($0) }, "seed \(seed)")
    }
  }

  @Test func expandingAParentOfManyChildrenInsertsThemInOneRun() throws {
    var s = Outline()
    try s.append([0, 1])
    try s.append(Array(2..<10_002), to: 0)
    let collapsed = s
    try s.expand([0])
    let update = s.batchUpdate(from: collapsed, inSection: 0)
    #expect(update.insertedItems == Set((1...10_000).map { IndexPath(item: $0, section: 0) }))
    #expect(update.deletedItems.isEmpty && update.movedItems.isEmpty)
    #expect(collapsed.batchUpdate(from: s, inSection: 0).deletedItems.count == 10_000)
  }

  @Test func badInputIsRefusedByNameAndNothingChanges() throws {
    var s = Outline()
    try s.append([1, 2])
    try s.append([3], to: 1)
    let before = s
    #expect(throws: SnapshotError.duplicateItem("3")) { try s.append([4, 3], to: 2) }
    #expect(throws: SnapshotError.duplicateItem("5")) { try s.append([5, 5]) }
    #expect(throws: SnapshotError.itemNotFound("9")) { try s.append([4], to: 9) }
    #expect(throws: SnapshotError.itemNotFound("9")) { try s.insert([4], before: 9) }
    #expect(throws: SnapshotError.itemNotFound("9")) { try s.expand([1, 9]) }
    #expect(throws: SnapshotError.itemNotFound("9")) { try s.collapse([9]) }
    #expect(s == before && !s.isExpanded(1))
  }

  @Test func queriesSubtreesAndReplacingChildren() throws {
    var s = Outline()
    try s.append([1, 2, 3])
    try s.append([10, 11], to: 1)
    try s.append([100], to: 10)
    try s.insert([9], before: 10)
    try s.expand([1, 10])
    #expect(s.items == [1, 9, 10, 100, 11, 2, 3])
    #expect(s.visibleItems == [1, 9, 10, 100, 11, 2, 3])
    #expect(s.index(of: 100) == 3 && s.index(of: 7) == nil)
    #expect(s.level(of: 100) == 2 && s.level(of: 7) == nil && s.parent(of: 100) == 10)
    #expect(s.expandedItems == [1, 10])
    let sub = s.snapshot(of: 1)
    #expect(sub.rootItems == [9, 10, 11] && sub.visibleItems == [9, 10, 100, 11] && sub.level(of: 100) == 1)
    #expect(s.snapshot(of: 1, includingParent: true).items == [1, 9, 10, 100, 11])
    var children = Outline()
    try children.append([20, 21])
    try children.append([210], to: 21)
    try s.replace(childrenOf: 1, using: children)
    #expect(s.items == [1, 20, 21, 210, 2, 3] && !s.contains(100) && s.parent(of: 210) == 21)
    #expect(throws: SnapshotError.duplicateItem("2")) { try s.replace(childrenOf: 1, using: s.snapshot(of: 2, includingParent: true)) }
    try s.collapse([1])
    #expect(s.visibleItems == [1, 2, 3] && !s.isVisible(20))
    s.delete([1])
    #expect(s.items == [2, 3] && !s.contains(210))
  }

  @Test func expansionMergesUnlessCollapsedOnPurpose() throws {
    var shown = Outline()
    try shown.append([1, 2])
    try shown.append([10], to: 1)
    try shown.append([20], to: 2)
    try shown.expand([1, 2])
    var rebuilt = Outline()
    try rebuilt.append([1, 2, 3])
    try rebuilt.append([10, 11], to: 1)
    try rebuilt.append([20], to: 2)
    try rebuilt.collapse([2])
    rebuilt.mergeExpansionState(from: shown)
    #expect(rebuilt.visibleItems == [1, 10, 11, 2, 3])
  }

  @Test func aSectionsItemsAreReplacedInPlace() throws {
    var s = DiffableSnapshot<String, Int>()
    s.appendSections(["a", "b"])
    try s.appendItems([1, 2], toSection: "a")
    try s.appendItems([3], toSection: "b")
    try s.replaceItems(inSection: "a", with: [4, 1])
    #expect(s.itemIdentifiers(inSection: "a") == [4, 1] && s.itemIdentifiers(inSection: "b") == [3])
    #expect(throws: SnapshotError.sectionNotFound("c")) { try s.replaceItems(inSection: "c", with: []) }
  }

  @Test func aChangedRunBetweenEqualEndsIsFoundWithoutMoves() {
    let update = BatchUpdate(section: 1, from: [1, 2, 3, 4], to: [1, 9, 8, 4])
    #expect(update.deletedItems == [IndexPath(item: 1, section: 1), IndexPath(item: 2, section: 1)])
    #expect(update.insertedItems == [IndexPath(item: 1, section: 1), IndexPath(item: 2, section: 1)])
    let swapped = BatchUpdate(section: 0, from: [1, 2, 3, 4], to: [1, 3, 2, 4])
    #expect(swapped.movedItems.count == 1 && swapped.insertedItems.isEmpty && swapped.deletedItems.isEmpty)
  }
}
