import BookCatalogueModel
import GridLayout
import Testing

@testable import book_catalogue

/// The batch that brings a Calibre library's changes into the view, checked
/// against what the view checks it with (BatchUpdatePlan) and against a
/// model: every book that stays goes where the new lists put it.
@Suite struct CalibreUpdateTests {
  /// Random groups from a small set of keys (in a random order), each with
  /// a random list of distinct book ids; some listed, some not.
  static func randomState(_ rng: inout some RandomNumberGenerator) -> ([CalibreGroup], [Int: [Int64]]) {
    var keys: [CalibreGroup.Key] = (0..<8).map { .value(Int64($0)) } + [.none]
    keys.shuffle(using: &rng)
    let chosen = keys.prefix(Int.random(in: 0...keys.count, using: &rng))
    var groups: [CalibreGroup] = []
    var lists: [Int: [Int64]] = [:]
    for (s, key) in chosen.enumerated() {
      let ids = Array(Array(Int64(0)..<12).shuffled(using: &rng).prefix(Int.random(in: 0...7, using: &rng)))
      groups.append(CalibreGroup(name: "\(key)", count: ids.count, key: key))
      if Bool.random(using: &rng) { lists[s] = ids }
    }
    return (groups, lists)
  }

  @Test func everyBatchFitsTheCountsAndTakesEachBookThatStaysWhereItIsNow() throws {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let (oldGroups, oldLists) = Self.randomState(&rng)
      var (newGroups, newLists) = Self.randomState(&rng)
      // The sections listed before are listed after (as the controller lists them again).
      let newIndex = Dictionary(newGroups.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
      for s in oldLists.keys {
        guard let t = newIndex[oldGroups[s].key], newLists[t] == nil else { continue }
        newLists[t] = Array(Int64(100)..<Int64(100 + newGroups[t].count))
      }
      let update = CalibreController.batchUpdate(from: oldGroups, oldLists, to: newGroups, newLists)
      let plan = try BatchUpdatePlan.plan(update, before: oldGroups.map(\.count), after: newGroups.map(\.count))
      for (s, old) in oldLists {
        let t = newIndex[oldGroups[s].key]
        for (i, id) in old.enumerated() {
          let now = plan.newIndexPath(forOld: IndexPath(item: i, section: s))
          let expected = t.flatMap { t in newLists[t]?.firstIndex(of: id).map { IndexPath(item: $0, section: t) } }
          #expect(now == expected, "book \(id) of section \(s): \(oldGroups) \(oldLists) -> \(newGroups) \(newLists)")
        }
      }
      // Sections go where their keys are.
      for (s, group) in oldGroups.enumerated() { #expect(plan.sectionMap[s] == newIndex[group.key]) }
    }
  }
}
