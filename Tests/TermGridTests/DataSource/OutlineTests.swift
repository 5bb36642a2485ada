import GridLayout
import GridPlatform
import GridRender
import PropertyBased
import TermGridTesting
import Testing

@testable import TermGrid

/// Outline sections of a diffable data source: expansion through `apply`,
/// Left and Right as in tree views, and children loaded off the main thread.
@Suite struct OutlineTests {
  struct LoadFailed: Error, CustomStringConvertible {
    var description: String { "the disk is gone" }
  }

  /// A list (one row per item) fed by a diffable data source, one section "s".
  func makeList() throws -> (CollectionView, CollectionViewDiffableDataSource<String, String>, ManualAnimationClock) {
    let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 30, height: 1)))
    let clock = ManualAnimationClock()
    view.clock = clock
    view.showsScrollIndicator = false
    view.setFrame(CellRect(x: 0, y: 0, width: 32, height: 20))
    let source = CollectionViewDiffableDataSource<String, String>(collectionView: view) { _, _, id in
      ElementContent(title: id.hasSuffix("…") ? "Loading…" : id)
    }
    var flat = DiffableSnapshot<String, String>()
    flat.appendSections(["s"])
    try source.apply(flat, animatingDifferences: false)
    return (view, source, clock)
  }

  /// The tree A (a1, a2 (a21)), B (b1), C.
  func tree() throws -> DiffableSectionSnapshot<String> {
    var s = DiffableSectionSnapshot<String>()
    try s.append(["A", "B", "C"])
    try s.append(["a1", "a2"], to: "A")
    try s.append(["a21"], to: "a2")
    try s.append(["b1"], to: "B")
    return s
  }

  func rows(_ view: CollectionView, _ source: CollectionViewDiffableDataSource<String, String>) -> [String] {
    (0..<view.numberOfItems(inSection: 0)).compactMap { source.itemIdentifier(for: IndexPath(item: $0, section: 0)) }
  }

  func focused(_ view: CollectionView, _ source: CollectionViewDiffableDataSource<String, String>) -> String? {
    view.focusedIndexPath.flatMap { source.itemIdentifier(for: $0) }
  }

  /// Runs the run loop's part: takes finished loads in until none is pending.
  /// Takes the loads' results as the run loop does until none is pending (at most 60 s).
  func waitForLoads(_ source: CollectionViewDiffableDataSource<String, String>) {
    let deadline = ContinuousClock.now + .seconds(60)
    while source.childLoadingTasks.pendingCount > 0 && ContinuousClock.now < deadline {
      usleep(2_000)
      _ = source.childLoadingTasks.takeFinishedSources()
    }
  }

  @Test func aSectionSnapshotShowsItsVisibleItemsAndExpansionSurvivesApply() throws {
    let (view, source, _) = try makeList()
    var s = try tree()
    try s.expand(["A"])
    try source.apply(s, to: "s", animatingDifferences: false)
    #expect(rows(view, source) == ["A", "a1", "a2", "B", "C"])
    // A snapshot rebuilt from the model, with an item more and nothing expanded: A stays open.
    var rebuilt = try tree()
    try rebuilt.append(["a3"], to: "A")
    try source.apply(rebuilt, to: "s")
    #expect(view.isAnimating)
    #expect(rows(view, source) == ["A", "a1", "a2", "a3", "B", "C"])
    #expect(source.snapshot(for: "s").isExpanded("A"))
    // Collapsed on purpose, it closes.
    var closed = source.snapshot(for: "s")
    try closed.collapse(["A"])
    try source.apply(closed, to: "s")
    #expect(rows(view, source) == ["A", "B", "C"])
    // An unknown section and a row shown twice are refused, and nothing changes.
    #expect(throws: SnapshotError.sectionNotFound("t")) { try source.apply(rebuilt, to: "t") }
    var flat = source.snapshot()
    flat.appendSections(["t"])
    try flat.appendItems(["x"], toSection: "t")
    try source.apply(flat, animatingDifferences: false)
    var twice = source.snapshot(for: "s")
    try twice.append(["x"])
    #expect(throws: SnapshotError.duplicateItem("x")) { try source.apply(twice, to: "s") }
    #expect(rows(view, source) == ["A", "B", "C"] && source.snapshot(for: "s") == closed)
  }

  @Test func rightAndLeftExpandCollapseAndMoveLikeATreeView() throws {
    let (view, source, clock) = try makeList()
    var told: [String] = []
    source.sectionSnapshotHandlers.willExpandItem = { told.append("expand \($0)") }
    source.sectionSnapshotHandlers.willCollapseItem = { told.append("collapse \($0)") }
    source.sectionSnapshotHandlers.shouldCollapseItem = { $0 != "B" }
    try source.apply(try tree(), to: "s", animatingDifferences: false)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(Key(.right)))  // expands A, animated as inserts
    #expect(rows(view, source) == ["A", "a1", "a2", "B", "C"] && focused(view, source) == "A" && view.isAnimating)
    // Frames drawn between keys, as a run loop draws them (keys before a
    // frame complete the animation and hold the next ones: see the storm tests).
    var surface = Surface(width: 32, height: 20)
    func frame() {
      clock.advance(by: 1)
      view.draw(into: &surface)
    }
    frame()
    view.handle(.key(Key(.right)))  // to the first child
    #expect(focused(view, source) == "a1")
    view.handle(.key(Key(.right)))  // a leaf: nothing (a list has nothing to the right)
    #expect(focused(view, source) == "a1" && rows(view, source).count == 5)
    view.handle(.key(Key(.down)))
    view.handle(.key(Key(.right)))  // a2 expands
    view.handle(.key(Key(.right)))
    #expect(focused(view, source) == "a21")
    view.handle(.key(Key(.left)))  // to its parent
    view.handle(.key(Key(.left)))  // a2 collapses
    view.handle(.key(Key(.left)))  // to A
    #expect(focused(view, source) == "A" && rows(view, source) == ["A", "a1", "a2", "B", "C"])
    frame()
    view.handle(.key(Key(.left)))  // A collapses, animated as deletes
    #expect(rows(view, source) == ["A", "B", "C"] && view.isAnimating)
    #expect(source.snapshot(for: "s").isExpanded("a2") == false)
    view.handle(.key(.char("j")))
    view.handle(.key(.char("l")))  // B expands (h and l too)
    view.handle(.key(.char("h")))  // the handler keeps B open
    #expect(rows(view, source) == ["A", "B", "b1", "C"])
    #expect(told == ["expand A", "expand a2", "collapse a2", "collapse A", "expand B"])
  }

  @Test func leftAndRightKeepTheirMeaningOutsideOutlines() throws {
    let (grid, _) = makeGrid([6])
    grid.handle(.key(Key(.right)))
    #expect(grid.focusedIndexPath == IndexPath(item: 1, section: 0))
    // A diffable data source whose sections are flat is no outline either.
    let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 8, height: 1), minimumInteritemSpacing: 1))
    view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 5))
    let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, id in ElementContent(title: "\(id)") }
    var s = DiffableSnapshot<Int, Int>()
    s.appendSections([0])
    try s.appendItems([1, 2, 3])
    try source.apply(s, animatingDifferences: false)
    view.handle(.key(Key(.right)))
    #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
    view.handle(.key(Key(.left)))
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
  }

  @Test func childrenLoadOffTheMainThreadWithAPlaceholderAndAFailureLosesNothing() throws {
    let (view, source, clock) = try makeList()
    var failures: [ChildrenLoadingError] = []
    source.sectionSnapshotHandlers.placeholderForLoadingChildren = { $0.hasPrefix("dir") ? "\($0)/…" : nil }
    source.sectionSnapshotHandlers.loadChildren = { @Sendable parent in
      usleep(20_000)  // slow
      guard parent != "dir-bad" else { throw LoadFailed() }
      var children = DiffableSectionSnapshot<String>()
      try children.append(["\(parent)/1", "\(parent)/2"])
      return children
    }
    source.sectionSnapshotHandlers.didFailToLoadChildren = { failures.append($1) }
    var s = DiffableSectionSnapshot<String>()
    try s.append(["dir", "dir-bad", "file"])
    try source.apply(s, to: "s", animatingDifferences: false)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(Key(.right)))
    #expect(rows(view, source) == ["dir", "dir/…", "dir-bad", "file"])
    #expect(view.backgroundWork.contains { $0 === source.childLoadingTasks })
    clock.advance(by: 1)  // the placeholder has faded in
    var surface = Surface(width: 32, height: 20)
    view.draw(into: &surface)
    #expect(surface.text.contains("Loading…"))
    // Something else changes while it loads: it stays.
    var meanwhile = source.snapshot(for: "s")
    try meanwhile.append(["new"])
    try source.apply(meanwhile, to: "s", animatingDifferences: false)
    waitForLoads(source)
    #expect(rows(view, source) == ["dir", "dir/1", "dir/2", "dir-bad", "file", "new"])
    // A failure: the placeholder goes, the parent closes, the app is told, and the next Right tries again.
    view.focusItem(at: IndexPath(item: 3, section: 0))
    view.handle(.key(Key(.right)))
    #expect(rows(view, source) == ["dir", "dir/1", "dir/2", "dir-bad", "dir-bad/…", "file", "new"])
    waitForLoads(source)
    #expect(rows(view, source) == ["dir", "dir/1", "dir/2", "dir-bad", "file", "new"])
    #expect(failures == [.loaderFailed(parent: "dir-bad", reason: "the disk is gone")])
    #expect(!source.snapshot(for: "s").isExpanded("dir-bad") && focused(view, source) == "dir-bad")
    view.handle(.key(Key(.right)))
    #expect(rows(view, source).contains("dir-bad/…"))
    waitForLoads(source)
    #expect(failures.count == 2)
    // A file has nothing to load: Right does nothing.
    view.focusItem(at: IndexPath(item: 4, section: 0))
    view.handle(.key(Key(.right)))
    #expect(rows(view, source).count == 6)
  }

  @Test func inScreenReaderModeTheFirstRowsExpandingCollapsingAndLoadingAreSaid() throws {
    let (view, source, _) = try makeList()
    view.accessibility = AccessibilitySettings(isScreenReaderModeOn: true)
    source.sectionSnapshotHandlers.placeholderForLoadingChildren = { $0 == "dir" ? "\($0)/…" : nil }
    source.sectionSnapshotHandlers.loadChildren = { @Sendable parent in
      var children = DiffableSectionSnapshot<String>()
      try children.append(["\(parent)/1"])
      return children
    }
    var outline = try tree()
    try outline.append(["dir"])
    try source.apply(outline, to: "s", animatingDifferences: false)
    // The first rows: how many, not "4 added".
    let first = view.accessibilityAnnouncement ?? ""
    #expect(first.hasPrefix("4 items") && !first.contains("added"), "\(first)")
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(Key(.right)))
    #expect(view.accessibilityAnnouncement == "1 of 6: A, expanded; 2 items")
    view.handle(.key(Key(.left)))
    #expect(view.accessibilityAnnouncement == "1 of 4: A, collapsed")
    view.focusItem(at: IndexPath(item: 3, section: 0))
    #expect(view.accessibilityAnnouncement == "4 of 4: dir, collapsed")
    view.handle(.key(Key(.right)))
    #expect(view.accessibilityAnnouncement == "4 of 5: dir, expanded; loading")
    waitForLoads(source)
    #expect(view.accessibilityAnnouncement == "4 of 5: dir, expanded; 1 item")
    // A leaf says no expansion, and its level.
    view.handle(.key(Key(.down)))
    #expect(view.accessibilityAnnouncement == "5 of 5: dir/1, level 2")
  }

  @Test func theFocusOnALoadingRowGoesToTheFirstChildLoaded() throws {
    let (view, source, _) = try makeList()
    source.sectionSnapshotHandlers.placeholderForLoadingChildren = { $0 == "dir" ? "dir/…" : nil }
    source.sectionSnapshotHandlers.loadChildren = { @Sendable parent in
      usleep(20_000)
      var children = DiffableSectionSnapshot<String>()
      try children.append(["\(parent)/1", "\(parent)/2"])
      return children
    }
    var outline = DiffableSectionSnapshot<String>()
    try outline.append(["dir", "file"])
    try source.apply(outline, to: "s", animatingDifferences: false)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(Key(.right)))
    view.handle(.key(Key(.down)))
    #expect(focused(view, source) == "dir/…")
    waitForLoads(source)
    #expect(rows(view, source) == ["dir", "dir/1", "dir/2", "file"])
    #expect(focused(view, source) == "dir/1")
  }

  @Test func snapshotForExpandingParentReplacesTheChildren() throws {
    let (view, source, _) = try makeList()
    source.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
      var fresh = DiffableSectionSnapshot<String>()
      try? fresh.append(children.rootItems.reversed() + ["\(parent)-new"])
      return fresh
    }
    source.sectionSnapshotHandlers.shouldExpandItem = { $0 != "B" }
    try source.apply(try tree(), to: "s", animatingDifferences: false)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(Key(.right)))
    #expect(rows(view, source) == ["A", "a2", "a1", "A-new", "B", "C"])
    view.focusItem(at: IndexPath(item: 4, section: 0))
    view.handle(.key(Key(.right)))
    #expect(rows(view, source) == ["A", "a2", "a1", "A-new", "B", "C"])
  }

  /// The same whether the cell provider adds an outline disclosure to every
  /// row, to none (the data source adds them) or to the parents only.
  @Test(arguments: ["every row", "none", "parents"])
  func rowsAreIndentedByLevelAndTheirDisclosureShowsTheExpansion(disclosures: String) throws {
    let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 20, height: 1)))
    view.showsScrollIndicator = false
    view.animationDuration = 0
    view.setFrame(CellRect(x: 0, y: 0, width: 20, height: 6))
    let source = CollectionViewDiffableDataSource<String, String>(collectionView: view) { _, _, id in
      var row = ElementContent(title: id)
      if disclosures == "every row" || (disclosures == "parents" && ["A", "a2", "B"].contains(id)) {
        row.accessories = [.outlineDisclosure(isExpanded: false)]
      }
      return row
    }
    var flat = DiffableSnapshot<String, String>()
    flat.appendSections(["s"])
    try source.apply(flat, animatingDifferences: false)
    try source.apply(try tree(), to: "s", animatingDifferences: false)
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(Key(.right)))
    var surface = Surface(width: 20, height: 6)
    view.draw(into: &surface)
    let lines = surface.text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    // (A row's text starts a cell in; a leaf keeps the disclosure's column blank.)
    #expect(Array(lines.prefix(5)) == [" ▾ A", "     a1", "   ▸ a2", " ▸ B", "   C"])
  }

  @Test func aClickOnADisclosureExpandsOrCollapsesItsRowAndAClickElsewhereDoesNot() throws {
    let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 20, height: 1)))
    view.showsScrollIndicator = false
    view.animationDuration = 0
    view.setFrame(CellRect(x: 0, y: 0, width: 20, height: 8))
    let source = CollectionViewDiffableDataSource<String, String>(collectionView: view) { _, _, id in ElementContent(title: id) }
    var flat = DiffableSnapshot<String, String>()
    flat.appendSections(["s"])
    try source.apply(flat, animatingDifferences: false)
    try source.apply(try tree(), to: "s", animatingDifferences: false)
    func press(_ x: Int, _ y: Int) {
      view.handle(.mouse(MouseEvent(.press, x: x, y: y)))
      view.handle(.mouse(MouseEvent(.release, x: x, y: y)))
    }
    // " ▸ A": the disclosure is in column 1 (after the padding).
    press(1, 0)
    #expect(rows(view, source) == ["A", "a1", "a2", "B", "C"])
    press(3, 0)  // the title: a click as anywhere else on the row
    #expect(rows(view, source) == ["A", "a1", "a2", "B", "C"])
    press(3, 1)  // a leaf's blank column
    #expect(rows(view, source) == ["A", "a1", "a2", "B", "C"])
    press(3, 2)  // "   ▸ a2"
    #expect(rows(view, source) == ["A", "a1", "a2", "a21", "B", "C"])
    #expect(focused(view, source) == "a2")
    view.handle(.mouse(MouseEvent(.click, x: 1, y: 0)))  // a terminal that reports clicks whole
    #expect(rows(view, source) == ["A", "B", "C"])
    #expect(focused(view, source) == "A")
  }

  @Test func randomExpandsAndCollapsesShowTheVisibleItemsAndTheFocusFollowsItsItem() async {
    await propertyCheck(count: 60, input: Gen.int(in: 0...1_000_000)) { seed in
      var rng = SplitMix64(seed: seed)
      guard let (view, source, clock) = try? makeList() else { return }
      var tree = DiffableSectionSnapshot<String>()
      for i in 0..<40 {
        let parent = i == 0 || Int.random(in: 0..<4, using: &rng) == 0 ? nil : "\(Int.random(in: 0..<i, using: &rng))"
        try? tree.append(["\(i)"], to: parent)
      }
      try? source.apply(tree, to: "s", animatingDifferences: false)
      for step in 0..<30 {
        let shown = rows(view, source)
        let focus = shown[Int.random(in: 0..<shown.count, using: &rng)]
        view.focusItem(at: source.indexPath(for: focus))
        var next = source.snapshot(for: "s")
        let item = "\(Int.random(in: 0..<40, using: &rng))"
        if next.isExpanded(item) { try? next.collapse([item]) } else { try? next.expand([item]) }
        try? source.apply(next, to: "s", animatingDifferences: Bool.random(using: &rng))
        clock.advance(by: Double.random(in: 0...0.3, using: &rng))
        #expect(rows(view, source) == next.visibleItems, "seed \(seed) step \(step)")
        #expect(view.numberOfItems(inSection: 0) == next.visibleItems.count)
        if next.isVisible(focus) { #expect(focused(view, source) == focus, "seed \(seed) step \(step)") }
      }
    }
  }
}
