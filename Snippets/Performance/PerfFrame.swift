import TermGrid
// Timing the steps of a frame yourself: a flow layout of 1,000,000 items
// in 100 sections prepared, the rectangle of a 200x60 screen in its middle
// queried, a whole frame drawn into a reused surface, and the cells a focus
// move changes on a headless terminal. Build it in release.
import TermGridTesting

/// The mean time of `body` over `count` runs.
func measure(_ what: String, count: Int, _ body: () -> Void) {
  let elapsed = ContinuousClock().measure {
    for _ in 0..<count { body() }
  }
  print(what, elapsed / count)
}

final class Numbers: CollectionViewDataSource {
  func numberOfSections(in _: CollectionView) -> Int { 100 }
  func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { 10_000 }
  func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: "Item \(indexPath.item)", border: .rounded)
  }
}

let counts = [Int](repeating: 10_000, count: 100)
let screen = Size(width: 200, height: 60)
let layout = FlowLayout(itemSize: Size(width: 24, height: 5), headerHeight: 1)
measure("prepare, 1,000,000 items:", count: 100) {
  layout.prepare(for: LayoutContext(itemCounts: counts, boundsSize: screen))
}

let middle = Rect(x: 0, y: layout.contentSize.height / 2, width: 200, height: 60)
measure("rect query, 200x60:", count: 10_000) {
  _ = layout.layoutAttributesForElements(in: middle)
}

let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 24, height: 5), headerHeight: 1))
view.dataSource = Numbers()
view.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
view.reloadData()
var surface = Surface(width: 200, height: 60)
measure("full frame, 200x60:", count: 1_000) {
  view.setNeedsDisplay()
  view.draw(into: &surface)
}

// The same grid in a run loop, drawn incrementally: a focus move redraws
// two items, and the one diff finds the few cells that changed.
final class Grid: Scene {
  let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 24, height: 5), headerHeight: 1))

  init() {
    view.dataSource = Numbers()
    view.drawsIncrementally = true
    view.reloadData()
  }

  var needsDisplay: Bool { view.needsDisplay }

  func draw(into surface: inout Surface) {
    view.setFrame(surface.bounds)
    view.draw(into: &surface)
  }

  func handle(_ event: InputEvent) -> EventResult {
    view.handle(event)
    return .continue
  }
}

let terminal = HeadlessTerminal(width: 200, height: 60)
let loop = TerminalRunLoop(terminal: terminal, scene: Grid())
try loop.run(untilIdle: true)
terminal.send(keys: Key(.right))
try loop.run(untilIdle: true)
print("cells written for a focus move:", terminal.lastChangedCells, "of", 200 * 60)
