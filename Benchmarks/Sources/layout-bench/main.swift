import Benchmark
import GridLayout
import GridRender
import TermGrid

// FlowLayout.prepare for 1,000,000 uniform items in 100 sections, rect
// queries of a 200x60 screen at the top, middle and end of that content, and
// one full frame of a catalogue-like grid (layout query, content, rasterize
// into a reused 200x60 Surface).

let counts = [Int](repeating: 10_000, count: 100)
let bounds = Size(width: 200, height: 60)

func makeFlow() -> FlowLayout {
  let layout = FlowLayout(
    itemSize: Size(width: 24, height: 5), minimumInteritemSpacing: 1,
    sectionInset: EdgeInsets(left: 1, right: 1), headerReferenceSize: Size(width: 0, height: 1),
    footerReferenceSize: Size(width: 0, height: 1))
  return layout
}

let prepared: FlowLayout = {
  let l = makeFlow()
  l.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
  return l
}()

benchmark("FlowLayout.prepare 1M uniform items, 100 sections") {
  let l = makeFlow()
  l.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
  precondition(l.contentSize.height > 0)
}

for (name, fraction) in [("top", 0.0), ("middle", 0.5), ("end", 1.0)] {
  benchmark("layoutAttributesForElements 200x60 at the \(name)") {
    let y = (prepared.contentSize.height - 60) * fraction
    let a = prepared.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 200, height: 60))
    precondition(!a.isEmpty)
  }
}

// WaterfallLayout: 1,000,000 items of varied heights (3 to 10 rows, from
// the item's index) in 100 sections, 8 columns of at least 24 cells.
final class VariedHeights: WaterfallLayoutDelegate, Sendable {
  static let shared = VariedHeights()
  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    Double(3 + (indexPath.item &* 2_654_435_761) % 8)
  }
}
func makeWaterfall() -> WaterfallLayout {
  let l = WaterfallLayout(
    columns: .minimumWidth(24), interColumnSpacing: 1, sectionInset: EdgeInsets(left: 1, right: 1), headerHeight: 1,
    footerHeight: 1)
  l.delegate = VariedHeights.shared
  return l
}
let preparedWaterfall: WaterfallLayout = {
  let l = makeWaterfall()
  l.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
  return l
}()

benchmark("WaterfallLayout.prepare 1M varied heights, 100 sections") {
  let l = makeWaterfall()
  l.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
  precondition(l.contentSize.height > 0)
}

for (name, fraction) in [("top", 0.0), ("middle", 0.5), ("end", 1.0)] {
  benchmark("WaterfallLayout rect query 200x60 at the \(name)") {
    let y = (preparedWaterfall.contentSize.height - 60) * fraction
    let a = preparedWaterfall.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 200, height: 60))
    precondition(!a.isEmpty)
  }
}

final class Books: CollectionViewDataSource {
  let titles = ["Pride and Prejudice", "源氏物語", "The Brothers Karamazov", "吾輩は猫である", "Middlemarch",
    "Cien años de soledad", "One Hundred Years of Solitude", "紅樓夢"]
  func numberOfSections(in collectionView: CollectionView) -> Int { 100 }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10_000 }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellContent {
    CellContent(title: titles[indexPath.item % titles.count], titleLineLimit: 2, detail: "1813", border: .rounded)
  }
  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> CellContent {
    CellContent(title: kind == .header ? "Author \(indexPath.section)" : "Author has 10000 books")
  }
}

let books = Books()
let catalogueView: CollectionView = {
  let v = CollectionView(layout: makeFlow())
  v.dataSource = books
  v.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
  v.reloadData()
  v.focusItem(at: IndexPath(item: 5000, section: 50))
  return v
}()
var surface = Surface(width: 200, height: 60)

benchmark("one catalogue frame: query + content + rasterize 200x60") {
  catalogueView.setNeedsDisplay()
  catalogueView.draw(into: &surface)
}

Benchmark.main()
