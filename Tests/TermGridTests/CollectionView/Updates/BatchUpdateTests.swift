import GridLayout
import GridRender
import PropertyBased
import TermGridTesting
import Testing

@testable import TermGrid

/// Sections of unique item ids; an item shows its id. A move (an
/// interactive movement's end) moves the id, and is recorded.
class IDModel: CollectionViewDataSource {
  var sections: [[Int]]
  var moves: [(IndexPath, IndexPath)] = []
  init(_ sections: [[Int]]) { self.sections = sections }
  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: "#\(sections[indexPath.section][indexPath.item])", border: .single)
  }
  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    ElementContent(title: "\(kind) has \(sections[indexPath.section].count)")
  }
  func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    moves.append((source, destination))
    let id = sections[source.section].remove(at: source.item)
    sections[destination.section].insert(id, at: destination.item)
  }
  func id(at p: IndexPath?) -> Int? {
    guard let p, p.section < sections.count, p.item < sections[p.section].count else { return nil }
    return sections[p.section][p.item]
  }
}

func makeIDView(_ sections: [[Int]], width: Int = 60, height: Int = 16) -> (CollectionView, IDModel, ManualAnimationClock) {
  let model = IDModel(sections)
  let (view, clock) = makeSmallView(showing: model, width: width, height: height)
  return (view, model, clock)
}

/// A view of 8x3 items with one-row headers and footers on a manual clock,
/// no scroll bar, `width` x `height`, showing `dataSource` (kept weakly: hold it).
func makeSmallView(showing dataSource: any CollectionViewDataSource, width: Int, height: Int)
  -> (CollectionView, ManualAnimationClock)
{
  let layout = FlowLayout(
    itemSize: Size(width: 8, height: 3), minimumInteritemSpacing: 1,
    headerReferenceSize: Size(width: 0, height: 1), footerReferenceSize: Size(width: 0, height: 1))
  layout.lineAlignment = .leading
  let view = CollectionView(layout: layout)
  let clock = ManualAnimationClock()
  view.clock = clock
  view.dataSource = dataSource
  view.delegate = dataSource as? any CollectionViewDelegate
  view.showsScrollIndicator = false
  view.setFrame(CellRect(x: 0, y: 0, width: width, height: height))
  view.reloadData()
  return (view, clock)
}

/// A random batch with UIKit's semantics, made on a model of ids: section
/// deletes, moves and inserts, item deletes, moves (within and across
/// sections) and inserts, and reloads.
struct RandomBatch {
  var old: [[Int]]
  var new: [[Int]]
  var batch = BatchUpdate()

  init(_ old: [[Int]], next: inout Int, rng: inout SplitMix64) {
    self.old = old
    // Sections: each old one is kept, deleted or moved; some are inserted.
    var kept: [Int] = []
    var movedSections: [Int] = []
    for s in old.indices {
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: batch.deletedSections.insert(s)
      case 1: movedSections.append(s)
      default: kept.append(s)
      }
    }
    enum Slot {
      case old(Int)
      case inserted
    }
    var order: [Slot] = kept.map { .old($0) }
    for slot in movedSections.map({ Slot.old($0) }) + (0..<Int.random(in: 0...1, using: &rng)).map({ _ in Slot.inserted }) {
      order.insert(slot, at: Int.random(in: 0...order.count, using: &rng))
    }
    // Items of staying sections: deleted, moved (anywhere among staying sections) or kept; new ones inserted.
    var deleted: Set<Int> = []
    var moved: [Int] = []
    var items: [Int: [Int]] = [:]  // old section -> its kept items
    for s in old.indices where !batch.deletedSections.contains(s) {
      items[s] = []
      for id in old[s] {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: deleted.insert(id)
        case 1: moved.append(id)
        default: items[s]!.append(id)
        }
      }
    }
    var newSections: [[Int]] = order.map { slot in
      if case .old(let s) = slot { return items[s]! }
      return (0..<Int.random(in: 0...3, using: &rng)).map { _ in
        next += 1
        return next
      }
    }
    let staying = order.indices.filter { if case .old = order[$0] { return true } else { return false } }
    var insertedIDs: [Int] = []
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      next += 1
      insertedIDs.append(next)
    }
    if !staying.isEmpty {
      for id in (moved + insertedIDs).shuffled(using: &rng) {
        let s = staying.randomElement(using: &rng)!
        newSections[s].insert(id, at: Int.random(in: 0...newSections[s].count, using: &rng))
      }
    } else {
      for id in moved { deleted.insert(id) }
      insertedIDs = []
    }
    new = newSections
    var oldPath: [Int: IndexPath] = [:]
    for (s, list) in old.enumerated() { for (i, id) in list.enumerated() { oldPath[id] = IndexPath(item: i, section: s) } }
    var newPath: [Int: IndexPath] = [:]
    for (s, list) in new.enumerated() { for (i, id) in list.enumerated() { newPath[id] = IndexPath(item: i, section: s) } }
    for (i, slot) in order.enumerated() {
      switch slot {
      case .inserted: batch.insertedSections.insert(i)
      case .old(let s): if movedSections.contains(s) { batch.movedSections[s] = i }
      }
    }
    batch.deletedItems = Set(deleted.map { oldPath[$0]! })
    for id in moved where !deleted.contains(id) { batch.movedItems[oldPath[id]!] = newPath[id]! }
    batch.insertedItems = Set(insertedIDs.map { newPath[$0]! })
    // Reload some items that stay put.
    for list in old where !list.isEmpty && Bool.random(using: &rng) {
      let id = list.randomElement(using: &rng)!
      let p = oldPath[id]!
      if !batch.deletedSections.contains(p.section), !deleted.contains(id), !moved.contains(id) {
        batch.reloadedItems.insert(p)
      }
    }
  }
}

@Suite struct BatchUpdateTests {
  /// The focus rule of the model: the item itself, else the next surviving
  /// item of its old section, else the previous, else the nearest section's.
  func expectedFocus(_ focus: Int, old: [[Int]], new: [[Int]]) -> Int? {
    let survivors = Set(new.flatMap { $0 })
    if survivors.contains(focus) { return focus }
    guard let s = old.firstIndex(where: { $0.contains(focus) }) else { return nil }
    let i = old[s].firstIndex(of: focus)!
    if let next = old[s][(i + 1)...].first(where: survivors.contains) { return next }
    if let previous = old[s][..<i].last(where: survivors.contains) { return previous }
    for d in 1..<max(1, old.count) {
      if s + d < old.count, let first = old[s + d].first(where: survivors.contains) { return first }
      if s - d >= 0, let last = old[s - d].last(where: survivors.contains) { return last }
    }
    return new.first { !$0.isEmpty }?.first
  }

  @Test func randomBatchesEndLikeTheModelWithFocusAndSelectionFollowing() async {
    await propertyCheck(count: 2000, input: Gen.int(in: 0...100_000_000)) { seed in
      var rng = SplitMix64(seed: seed)
      var next = 0
      let old: [[Int]] = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        (0..<Int.random(in: 0...7, using: &rng)).map { _ in
          next += 1
          return next
        }
      }
      let (view, model, clock) = makeIDView(old)
      let all = old.flatMap { $0 }
      if let f = all.randomElement(using: &rng) {
        for (s, list) in old.enumerated() where list.contains(f) {
          view.focusItem(at: IndexPath(item: list.firstIndex(of: f)!, section: s))
        }
      }
      var selectedIDs = Set<Int>()
      for (s, list) in old.enumerated() {
        for (i, id) in list.enumerated() where Int.random(in: 0..<4, using: &rng) == 0 {
          view.selectItem(at: IndexPath(item: i, section: s))
          selectedIDs.insert(id)
        }
      }
      let focusedID = model.id(at: view.focusedIndexPath)
      var surface = Surface(width: 60, height: 16)
      view.draw(into: &surface)
      let random = RandomBatch(old, next: &next, rng: &rng)
      var finished: Bool?
      do {
        try view.performBatchUpdates(
          {
            model.sections = random.new
            try view.apply(random.batch)
          }, completion: { finished = $0 })
      } catch {
        Issue.record("seed \(seed): \(error)")
        return
      }
      #expect((0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) } == random.new.map(\.count), "seed \(seed)")
      // The focus names an item or none (a move from it does not check it again).
      #expect(view.focusedIndexPath.map(view.isValid) ?? true, "seed \(seed)")
      #expect(view.focusedIndexPath != nil || random.new.allSatisfy(\.isEmpty), "seed \(seed)")
      let survivors = Set(random.new.flatMap { $0 })
      #expect(Set(view.indexPathsForSelectedItems.compactMap { model.id(at: $0) }) == selectedIDs.intersection(survivors), "seed \(seed)")
      if let focusedID {
        #expect(model.id(at: view.focusedIndexPath) == expectedFocus(focusedID, old: old, new: random.new), "seed \(seed)")
      }
      // The animation ends on exactly what a fresh view of the new model draws.
      view.draw(into: &surface)
      clock.advance(by: 1)
      view.draw(into: &surface)
      #expect(finished == true, "seed \(seed)")
      #expect(!view.isAnimating)
      let (fresh, freshModel, _) = makeIDView(random.new)
      for p in view.indexPathsForSelectedItems { fresh.selectItem(at: p) }
      fresh.focusItem(at: view.focusedIndexPath)
      fresh.setContentOffset(view.contentOffset)
      var expected = Surface(width: 60, height: 16)
      fresh.draw(into: &expected)
      #expect(surface.lines == expected.lines, "seed \(seed)")
      withExtendedLifetime(freshModel) {}
    }
  }

  @Test func invalidBatchesAlwaysThrowAndChangeNothing() async {
    await propertyCheck(count: 1000, input: Gen.int(in: 0...100_000_000)) { seed in
      var rng = SplitMix64(seed: seed)
      var next = 0
      let old: [[Int]] = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        (0..<Int.random(in: 1...6, using: &rng)).map { _ in
          next += 1
          return next
        }
      }
      let (view, model, _) = makeIDView(old)
      view.focusItem(at: IndexPath(item: 0, section: old.count - 1))
      view.selectItem(at: IndexPath(item: 0, section: 0))
      var random = RandomBatch(old, next: &next, rng: &rng)
      // Break it: an insert not said, a delete out of range, or a section more than the batch says.
      switch Int.random(in: 0..<3, using: &rng) {
      case 0:
        guard let unsaid = random.batch.insertedItems.first else { return }
        random.batch.insertedItems.remove(unsaid)
      case 1:
        random.batch.deletedItems.insert(IndexPath(item: 99, section: 0))
      default:
        random.new.append([])
      }
      let before = (view.focusedIndexPath, view.indexPathsForSelectedItems, view.contentOffset, view.numberOfSections)
      let counts = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
      #expect(throws: BatchUpdateError.self, "seed \(seed)") {
        try view.performBatchUpdates {
          model.sections = random.new
          try view.apply(random.batch)
        }
      }
      #expect(view.focusedIndexPath == before.0 && view.indexPathsForSelectedItems == before.1, "seed \(seed)")
      #expect(view.contentOffset == before.2 && view.numberOfSections == before.3, "seed \(seed)")
      #expect((0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) } == counts, "seed \(seed)")
      #expect(!view.isAnimating)
    }
  }

  @Test func anInsertOrDeleteCalledAfterTheModelChangedAnimatesWithoutReadingPastIt() throws {
    // UIKit lets an app change its model first and then tell the view, outside a batch.
    let (view, model, clock) = makeIDView([[1, 2, 3], [4, 5]])
    var s = Surface(width: 60, height: 16)
    view.draw(into: &s)
    model.sections[1].removeLast()  // the last item on screen, gone from the model
    try view.deleteItems(at: [IndexPath(item: 1, section: 1)])
    view.draw(into: &s)  // mid-animation: the item that is gone fades with nothing in it
    clock.advance(by: 1)
    view.draw(into: &s)
    #expect(view.numberOfItems(inSection: 1) == 1 && !s.text.contains("#5"))
    model.sections[0].append(6)
    try view.insertItems(at: [IndexPath(item: 3, section: 0)])
    clock.advance(by: 1)
    view.draw(into: &s)
    #expect(view.numberOfItems(inSection: 0) == 4 && s.text.contains("#6"))
  }

  @Test func errorsAreTypedAndSayWhatWentWrongWithoutFreeText() throws {
    let (view, model, _) = makeIDView([[1, 2, 3], [4, 5]])
    // A single change throws BatchUpdateError itself (typed): a caller switches on it.
    do {
      try view.deleteItems(at: [IndexPath(item: 7, section: 0)])
      Issue.record("deleting an item that is not there was accepted")
    } catch {
      #expect(error == .itemOutOfRange(IndexPath(item: 7, section: 0), change: .delete, itemCount: 3))
      #expect(error.description == "Invalid update: attempt to delete item 7 in section 0, which only contains 3 items")
    }
    do {
      try view.insertSections([5])
    } catch {
      #expect(error == .sectionOutOfRange(5, change: .insert, sectionCount: 2))
    }
    #expect(throws: BatchUpdateError.conflicting(.deletedAndMoved(.item))) {
      try view.performBatchUpdates {
        model.sections[0].remove(at: 0)
        try view.deleteItems(at: [IndexPath(item: 0, section: 0)])
        try view.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0))
      }
    }
    model.sections[0].insert(1, at: 0)
    #expect(
      BatchUpdateError.conflicting(.movedToTheSamePlace(.section)).description == "Invalid update: two sections are moved to the same place"
    )
    #expect(view.numberOfItems(inSection: 0) == 3, "nothing changed")
  }

  @Test func aSnapshotAppliedToAViewSomethingElseChangedSaysSo() throws {
    let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 8, height: 3)))
    let source = CollectionViewDiffableDataSource<Int, String>(collectionView: view) { _, _, item in ElementContent(title: item) }
    var snapshot = DiffableSnapshot<Int, String>()
    snapshot.appendSections([0])
    try snapshot.appendItems(["a", "b"])
    try source.apply(snapshot, animatingDifferences: false)
    // Something else inserts into the view behind the source's back.
    let other = IDModel([[1, 2, 3]])
    view.dataSource = other
    view.reloadData()
    view.dataSource = source
    try snapshot.appendItems(["c"])
    do {
      try source.apply(snapshot, animatingDifferences: false)
      Issue.record("applied to a view out of step")
    } catch {
      guard case .viewOutOfStep(let refusal) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(refusal == .invalidNumberOfItems(section: 0, before: 3, after: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))
      #expect(error.description.hasPrefix("Invalid snapshot: the collection view does not show the data source's last snapshot"))
    }
    #expect(source.snapshot().numberOfItems == 2, "the source's data stays as it was")
  }

  @Test func theErrorReadsLikeUIKitsAndNamesTheSection() throws {
    let (view, model, _) = makeIDView([[1, 2], [3, 4, 5, 6]])
    do {
      try view.performBatchUpdates {
        model.sections[1].append(7)  // inserted, but not said
      }
      Issue.record("no error")
    } catch let error as BatchUpdateError {
      #expect(
        error.description.hasPrefix(
          "Invalid update: invalid number of items in section 1. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted)"
        ))
    }
  }

  @Test func nestedBatchesMergeAndEveryCompletionRuns() throws {
    let (view, model, clock) = makeIDView([[1, 2, 3]])
    var calls: [String] = []
    try view.performBatchUpdates(
      {
        model.sections[0].remove(at: 0)
        try view.deleteItems(at: [IndexPath(item: 0, section: 0)])
        try view.performBatchUpdates(
          {
            model.sections[0].append(4)
            try view.insertItems(at: [IndexPath(item: 2, section: 0)])
          }, completion: { _ in calls.append("inner") })
      }, completion: { _ in calls.append("outer") })
    #expect(view.numberOfItems(inSection: 0) == 3)
    var s = Surface(width: 60, height: 16)
    clock.advance(by: 1)
    view.draw(into: &s)
    #expect(calls.sorted() == ["inner", "outer"])
  }

  @Test func deletingTheFocusedItemFocusesItsNeighbourThenTheNearestSection() throws {
    let (view, model, _) = makeIDView([[1, 2, 3], [4], [5, 6]])
    view.focusItem(at: IndexPath(item: 1, section: 0))
    try view.performBatchUpdates(
      {
        model.sections[0].remove(at: 1)
        try view.deleteItems(at: [IndexPath(item: 1, section: 0)])
      }, animated: false)
    #expect(model.id(at: view.focusedIndexPath) == 3)
    view.focusItem(at: IndexPath(item: 0, section: 1))
    try view.performBatchUpdates(
      {
        model.sections.remove(at: 1)
        try view.deleteSections([1])
      }, animated: false)
    #expect(model.id(at: view.focusedIndexPath) == 5)
  }
}
