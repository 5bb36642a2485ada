import Benchmark
import GridLayout
import GridRender
import TermGrid

// Arrow keys (issue 32): what a focus move costs in a 200x60 view of
// 1,000,000 items in 100 sections, by rows (the grid layouts' navigation)
// and by the cone (geometric, what they did before), side by side: Down
// then Up from the middle of a section, Right then Left, and Down then Up
// across a section's end into the next; the same down a compositional grid
// and across shelves that scroll sideways (scrolled far along).
// Each iteration comes back to where it started, so every one does the same.

/// Items with no content: the moves ask the layout only, never the data.
private final class Blank: CollectionViewDataSource, Sendable {
  let counts: [Int]
  init(_ counts: [Int]) { self.counts = counts }
  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: "")
  }
}

private let blank = Blank([Int](repeating: 10_000, count: 100))

private func view(_ layout: any CollectionLayout, focus: IndexPath) -> CollectionView {
  let v = CollectionView(layout: layout)
  v.dataSource = blank
  v.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
  v.reloadData()
  v.focusItem(at: focus)
  return v
}

/// `first` then `second` from `focus`, which must come back to it.
private func registerMoves(
  _ name: String, _ layout: any CollectionLayout, focus: IndexPath, _ first: FocusDirection, _ second: FocusDirection
) {
  let v = view(layout, focus: focus)
  benchmark(name) {
    precondition(v.moveFocus(first) && v.moveFocus(second) && v.focusedIndexPath == focus)
  }
}

func registerFocusBenchmarks() {
  for navigation in [FocusNavigation.rows, .geometric] {
    let label = navigation == .rows ? "rows" : "cone"
    func flow() -> FlowLayout {
      let layout = makeFlow()
      layout.focusNavigation = navigation
      return layout
    }
    // 7 items a row (197 columns less the insets): 5,002 is in the middle of section 50.
    registerMoves("focus Down+Up, flow 1M, \(label)", flow(), focus: IndexPath(item: 5_002, section: 50), .down, .up)
    registerMoves("focus Right+Left, flow 1M, \(label)", flow(), focus: IndexPath(item: 5_002, section: 50), .right, .left)
    // Section 50's last row (9,996...9,999), to section 51's first.
    registerMoves(
      "focus Down+Up across sections, flow 1M, \(label)", flow(), focus: IndexPath(item: 9_997, section: 50), .down, .up)
    let grid = makeGrid()
    grid.focusNavigation = navigation
    registerMoves("focus Down+Up, compositional grid 1M, \(label)", grid, focus: IndexPath(item: 5_004, section: 50), .down, .up)
    let shelves = makeShelves()
    shelves.focusNavigation = navigation
    let v = view(shelves, focus: IndexPath(item: 5_000, section: 50))
    // The shelves near the focus scrolled alike, to a group's edge (where
    // paging shelves rest), 4,995 first: 5,000 at 126...150 on every one.
    for s in 40..<60 { shelves.setHorizontalOffset(4_995 * 25, ofSection: s) }
    benchmark("focus Down+Up, compositional shelves 1M, \(label)") {
      precondition(v.moveFocus(.down) && v.moveFocus(.up) && v.focusedIndexPath == IndexPath(item: 5_000, section: 50))
    }
  }
}
