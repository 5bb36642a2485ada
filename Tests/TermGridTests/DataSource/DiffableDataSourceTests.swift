import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

@Suite struct DiffableDataSourceTests {
  func make() -> (CollectionView, CollectionViewDiffableDataSource<String, Int>, ManualAnimationClock) {
    let layout = FlowLayout(itemSize: Size(width: 8, height: 3), minimumInteritemSpacing: 1)
    let view = CollectionView(layout: layout)
    let clock = ManualAnimationClock()
    view.clock = clock
    view.showsScrollIndicator = false
    view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 12))
    let source = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, id in
      ElementContent(title: "#\(id)", border: .single)
    }
    return (view, source, clock)
  }

  @Test func applyingSnapshotsAnimatesAndFocusFollowsItsItem() throws {
    let (view, source, clock) = make()
    var s = DiffableSnapshot<String, Int>()
    s.appendSections(["a", "b"])
    try s.appendItems([1, 2, 3], toSection: "a")
    try s.appendItems([4, 5], toSection: "b")
    try source.apply(s, animatingDifferences: false)
    #expect(view.numberOfSections == 2 && view.numberOfItems(inSection: 0) == 3)
    view.focusItem(at: source.indexPath(for: 3))
    var t = source.snapshot()
    try t.moveItem(3, afterItem: 5)
    t.deleteItems([1])
    try t.insertItems([9], beforeItem: 2)
    try source.apply(t)
    #expect(view.isAnimating)
    #expect(source.itemIdentifier(for: view.focusedIndexPath!) == 3)
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 1))
    clock.advance(by: 1)
    var surface = Surface(width: 40, height: 12)
    view.draw(into: &surface)
    #expect(surface.text.contains("#9") && !surface.text.contains("#1 "))
    #expect(source.snapshot() == t)
  }

  @Test func aDuplicateIsRejectedByNameAndNothingChanges() throws {
    let (view, source, _) = make()
    var s = DiffableSnapshot<String, Int>()
    s.appendSections(["a"])
    try s.appendItems([1, 2], toSection: "a")
    try source.apply(s, animatingDifferences: false)
    var bad = s
    try bad.appendItems([2])
    #expect(throws: SnapshotError.duplicateItem("2")) { try source.apply(bad) }
    #expect(source.snapshot() == s && view.numberOfItems(inSection: 0) == 2 && !view.isAnimating)
  }

  @Test func reconfiguringRedrawsWithoutRemovingAndInserting() throws {
    let (view, source, _) = make()
    var s = DiffableSnapshot<String, Int>()
    s.appendSections(["a"])
    try s.appendItems([1, 2], toSection: "a")
    try source.apply(s, animatingDifferences: false)
    var surface = Surface(width: 40, height: 12)
    view.draw(into: &surface)
    var t = source.snapshot()
    try t.reconfigureItems([2])
    try source.apply(t)
    #expect(view.needsDisplay)
    #expect(!view.isAnimating)  // nothing moved: a redraw, no animation
  }
}

/// A board fed by a diffable data source, counting what its cell provider is asked.
private final class DiffableBoard: CollectionViewController {
  var marked: Set<Int> = []
  var asked: [Int] = []
  private(set) var source: CollectionViewDiffableDataSource<String, Int>!

  init() {
    super.init(layout: FlowLayout(itemSize: Size(width: 12, height: 3), minimumInteritemSpacing: 1))
    source = CollectionViewDiffableDataSource(collectionView: collectionView) { [unowned self] _, _, id in
      asked.append(id)
      return ElementContent(title: (marked.contains(id) ? "* " : "") + "#\(id)", border: .rounded)
    }
  }
}

@Suite struct DiffableReconfigureTests {
  @Test func reconfiguringOneItemAsksForThatItemAloneAndSendsOnlyItsCells() throws {
    let app = DiffableBoard()
    var s = DiffableSnapshot<String, Int>()
    s.appendSections(["a"])
    try s.appendItems(Array(1...8), toSection: "a")
    try app.source.apply(s, animatingDifferences: false)
    let session = try HeadlessSession(showing: app, width: 60, height: 12)
    let terminal = session.terminal
    let before = terminal.screen
    #expect(before.text.contains("#6") && !before.text.contains("* #6"))

    app.marked.insert(6)
    app.asked = []
    var t = app.source.snapshot()
    try t.reconfigureItems([6])
    try app.source.apply(t)
    try session.runUntilIdle()
    #expect(terminal.text.contains("* #6"))
    #expect(app.asked == [6], "the cell provider was asked for \(app.asked)")
    #expect(!app.collectionView.isAnimating)
    // What reached the terminal lies within the item's cells.
    let item = try #require(app.collectionView.layoutAttributesForItem(at: IndexPath(item: 5, section: 0)))
    let rect = app.collectionView.scrolling.viewport.surfaceRect(ofContent: item.frame)
    var changed = 0
    for y in 0..<terminal.height {
      for x in 0..<terminal.width where terminal.screen[x, y] != before[x, y] {
        changed += 1
        #expect(rect.contains(x: x, y: y), "cell \(x),\(y) outside the item \(rect) changed")
      }
    }
    #expect(changed > 0 && terminal.lastChangedCells <= rect.width * rect.height)
  }

  @Test func applyingTheSameSnapshotAsksForNothingAndDrawsNothing() throws {
    let app = DiffableBoard()
    let terminal = HeadlessTerminal(width: 60, height: 12)
    var s = DiffableSnapshot<String, Int>()
    s.appendSections(["a"])
    try s.appendItems(Array(1...8), toSection: "a")
    try app.source.apply(s, animatingDifferences: false)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try loop.run(untilIdle: true)
    let screen = terminal.text
    app.asked = []
    var completed: Bool?
    try app.source.apply(app.source.snapshot()) { completed = $0 }
    #expect(completed == true)
    try loop.run(untilIdle: true)
    #expect(app.asked.isEmpty, "the cell provider was asked for \(app.asked)")
    // (Each run begins with a frame; this one changes no cell.)
    #expect(terminal.lastChangedCells == 0 && terminal.text == screen)
  }
}
