import GridLayout
import GridRender
import SuiteSupport
import TermGrid
import TermGridTesting

// Outlines (issue 26): a parent of 10,000 children among 100 root items,
// expanded and collapsed:
// - the snapshot's work: expand (or collapse), the visible rows, and the
//   batch update from the rows before (BatchUpdate(section:from:to:));
// - through a diffable data source and a 200x60 collection view of one-row
//   items: apply the expanded (then the collapsed) section snapshot,
//   animated: the rows' difference, the batch checked and planned, the
//   layout prepared, the animation begun from what is on screen;
// - one frame drawn half way through the expanding animation.

private func outline() -> DiffableSectionSnapshot<Int> {
  var s = DiffableSectionSnapshot<Int>()
  do {
    try s.append(Array(0..<100))
    try s.append(Array(1_000..<11_000), to: 50)
  } catch {
    preconditionFailure("\(error)")
  }
  return s
}

private func expanded(_ s: DiffableSectionSnapshot<Int>) -> DiffableSectionSnapshot<Int> {
  var e = s
  do { try e.expand([50]) } catch { preconditionFailure("\(error)") }
  return e
}

/// Registers the outline benchmarks.
func registerOutlineBenchmarks() {
  let collapsed = { outline() }
  let both = { (collapsed: outline(), open: expanded(outline())) }

  measure("Outline snapshot: expand a parent of 10,000 children (rows + update)", setup: collapsed()) { collapsed in
    let next = expanded(collapsed)
    let update = next.batchUpdate(from: collapsed, inSection: 0)
    precondition(update.insertedItems.count == 10_000)
  }
  measure("Outline snapshot: collapse a parent of 10,000 children (rows + update)", setup: both()) { snapshots in
    var next = snapshots.open
    try next.collapse([50])
    let update = next.batchUpdate(from: snapshots.open, inSection: 0)
    precondition(update.deletedItems.count == 10_000)
  }

  measure(
    "Outline view: expand then collapse 10,000 children, animated (apply x2)",
    setup: { () -> (OutlineView, DiffableSectionSnapshot<Int>, DiffableSectionSnapshot<Int>) in
      let (collapsed, open) = both()
      return (OutlineView(collapsed), collapsed, open)
    }()
  ) { state in
    let (outline, collapsed, open) = state
    try outline.source.apply(open, to: 0)
    precondition(outline.view.numberOfItems(inSection: 0) == 10_100)
    try outline.source.apply(collapsed, to: 0)
  }

  // A view held half way through expanding (its clock does not move).
  measure(
    "Outline view: one 200x60 frame half way through expanding 10,000 children",
    setup: { () -> OutlineView in
      let (collapsed, open) = both()
      let outline = OutlineView(collapsed)
      outline.apply(open)
      outline.clock.advance(by: outline.view.animationDuration / 2)
      return outline
    }()
  ) { outline in
    precondition(outline.view.isAnimating)
    outline.view.draw(into: &outline.surface)
  }
}

/// A 200x60 view of one-row items showing an outline (collapsed), focused
/// on the parent; its data source, its clock and a surface to draw into.
final class OutlineView {
  let clock = ManualAnimationClock()
  let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 198, height: 1)))
  let source: CollectionViewDiffableDataSource<Int, Int>
  var surface = Surface(width: 200, height: 60)

  init(_ outline: DiffableSectionSnapshot<Int>) {
    view.clock = clock
    view.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
    source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, id in
      ElementContent(title: "Item \(id)")
    }
    var sections = DiffableSnapshot<Int, Int>()
    sections.appendSections([0])
    do {
      try source.apply(sections, animatingDifferences: false)
      try source.apply(outline, to: 0, animatingDifferences: false)
    } catch {
      preconditionFailure("the outline does not apply: \(error)")
    }
    view.focusItem(at: IndexPath(item: 50, section: 0))
  }

  /// Applies `snapshot` animated (the benchmark stops if it does not apply).
  func apply(_ snapshot: DiffableSectionSnapshot<Int>) {
    do { try source.apply(snapshot, to: 0) } catch { preconditionFailure("the outline does not apply: \(error)") }
  }
}
