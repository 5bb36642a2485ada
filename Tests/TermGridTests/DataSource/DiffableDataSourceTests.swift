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
