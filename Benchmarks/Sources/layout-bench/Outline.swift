import Benchmark
import GridLayout
import GridRender
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
  let collapsed = outline()
  let open = expanded(collapsed)

  benchmark("Outline snapshot: expand a parent of 10,000 children (rows + update)") {
    let next = expanded(collapsed)
    let update = next.batchUpdate(from: collapsed, inSection: 0)
    precondition(update.insertedItems.count == 10_000)
  }
  benchmark("Outline snapshot: collapse a parent of 10,000 children (rows + update)") {
    var next = open
    do { try next.collapse([50]) } catch { preconditionFailure("\(error)") }
    let update = next.batchUpdate(from: open, inSection: 0)
    precondition(update.deletedItems.count == 10_000)
  }

  let (view, source, _) = makeOutlineView(collapsed)
  benchmark("Outline view: expand then collapse 10,000 children, animated (apply x2)") {
    do {
      try source.apply(open, to: 0)
      precondition(view.numberOfItems(inSection: 0) == 10_100)
      try source.apply(collapsed, to: 0)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  // A view held half way through expanding (its clock does not move).
  let (frameView, frameSource, clock) = makeOutlineView(collapsed)
  do { try frameSource.apply(open, to: 0) } catch { preconditionFailure("\(error)") }
  clock.advance(by: frameView.animationDuration / 2)
  var surface = Surface(width: 200, height: 60)
  benchmark("Outline view: one 200x60 frame half way through expanding 10,000 children") {
    precondition(frameView.isAnimating)
    frameView.draw(into: &surface)
  }
}

/// A 200x60 view of one-row items showing `outline` (collapsed), focused on the parent.
private func makeOutlineView(
  _ outline: DiffableSectionSnapshot<Int>
) -> (CollectionView, CollectionViewDiffableDataSource<Int, Int>, ManualAnimationClock) {
  let clock = ManualAnimationClock()
  let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 198, height: 1)))
  view.clock = clock
  view.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
  let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, id in
    ElementContent(title: "Item \(id)")
  }
  var sections = DiffableSnapshot<Int, Int>()
  sections.appendSections([0])
  do {
    try source.apply(sections, animatingDifferences: false)
    try source.apply(outline, to: 0, animatingDifferences: false)
  } catch {
    preconditionFailure("\(error)")
  }
  view.focusItem(at: IndexPath(item: 50, section: 0))
  return (view, source, clock)
}
