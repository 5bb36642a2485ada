import GridLayout
import GridRender
import SuiteSupport
import TermGrid

// Arrow keys (issue 32): what a focus move costs in a 200x60 view of
// 1,000,000 items in 100 sections, by rows (the grid layouts' navigation)
// and by the cone (geometric, what they did before), side by side: Down
// then Up from the middle of a section, Right then Left, and Down then Up
// across a section's end into the next; the same down a compositional grid
// and across shelves that scroll sideways (scrolled far along).
// Each iteration comes back to where it started, so every one does the same.

/// Items with no content: the moves ask the layout only, never the data.
final class Blank: CollectionViewDataSource {
  let counts: [Int]
  init(_ counts: [Int]) { self.counts = counts }
  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: "")
  }
}

/// A 200x60 view of a million blank items on `layout`, focused at `focus`,
/// and its data source (which it holds weakly).
final class FocusView {
  let blank = Blank([Int](repeating: 10_000, count: 100))
  let view: CollectionView

  init(_ layout: any CollectionLayout, focus: IndexPath) {
    view = CollectionView(layout: layout)
    view.dataSource = blank
    view.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
    view.reloadData()
    view.focusItem(at: focus)
  }
}

/// `first` then `second` from `focus`, which must come back to it.
private func registerMoves(
  _ name: String, _ layout: @escaping () -> any CollectionLayout, focus: IndexPath, _ first: FocusDirection,
  _ second: FocusDirection
) {
  measure(name, iterations: 100, setup: FocusView(layout(), focus: focus)) { v in
    precondition(v.view.moveFocus(first) && v.view.moveFocus(second) && v.view.focusedIndexPath == focus)
  }
}

func registerFocusBenchmarks() {
  for navigation in [FocusNavigation.rows, .geometric] {
    let label = navigation == .rows ? "rows" : "cone"
    let flow = { () -> any CollectionLayout in
      let layout = makeFlow()
      layout.focusNavigation = navigation
      return layout
    }
    // 7 items a row (197 columns less the insets): 5,002 is in the middle of section 50.
    registerMoves("focus Down+Up, flow 1M, \(label)", flow, focus: IndexPath(item: 5_002, section: 50), .down, .up)
    registerMoves("focus Right+Left, flow 1M, \(label)", flow, focus: IndexPath(item: 5_002, section: 50), .right, .left)
    // Section 50's last row (9,996...9,999), to section 51's first.
    registerMoves(
      "focus Down+Up across sections, flow 1M, \(label)", flow, focus: IndexPath(item: 9_997, section: 50), .down, .up)
    let grid = { () -> any CollectionLayout in
      let layout = makeGrid()
      layout.focusNavigation = navigation
      return layout
    }
    registerMoves("focus Down+Up, compositional grid 1M, \(label)", grid, focus: IndexPath(item: 5_004, section: 50), .down, .up)
    let focus = IndexPath(item: 5_000, section: 50)
    measure(
      "focus Down+Up, compositional shelves 1M, \(label)", iterations: 100,
      setup: { () -> FocusView in
        let shelves = makeShelves()
        shelves.focusNavigation = navigation
        let v = FocusView(shelves, focus: focus)
        // The shelves near the focus scrolled alike, to a group's edge (where
        // paging shelves rest), 4,995 first: 5,000 at 126...150 on every one.
        for s in 40..<60 { shelves.setHorizontalOffset(4_995 * 25, ofSection: s) }
        return v
      }()
    ) { v in
      precondition(v.view.moveFocus(.down) && v.view.moveFocus(.up) && v.view.focusedIndexPath == focus)
    }
  }
}
