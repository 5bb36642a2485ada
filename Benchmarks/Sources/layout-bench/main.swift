import Benchmark
import GridLayout
import GridRender
import TermGrid

// FlowLayout.prepare for 10,000 and 1,000,000 uniform items in 100 sections,
// rect queries of a 200x60 screen at the top, middle and end of that
// content, the same for CompositionalLayout (Compositional.swift), other
// layouts at 1,000,000 items, and one full frame of a catalogue-like grid
// (layout query, content, rasterize into a reused 200x60 Surface).

let counts = [Int](repeating: 10_000, count: 100)
let sizes = [("10k", [Int](repeating: 100, count: 100)), ("1M", counts)]
let bounds = Size(width: 200, height: 60)

func makeFlow() -> FlowLayout {
  let layout = FlowLayout(
    itemSize: Size(width: 24, height: 5), minimumInteritemSpacing: 1,
    sectionInset: EdgeInsets(left: 1, right: 1), headerReferenceSize: Size(width: 0, height: 1),
    footerReferenceSize: Size(width: 0, height: 1))
  return layout
}

for (label, itemCounts) in sizes {
  let context = LayoutContext(itemCounts: itemCounts, boundsSize: bounds)
  benchmark("FlowLayout.prepare \(label) uniform items, 100 sections") {
    let l = makeFlow()
    l.prepare(for: context)
    precondition(l.contentSize.height > 0)
  }
  let flow = makeFlow()
  flow.prepare(for: context)
  registerQueries("FlowLayout \(label)", flow)
}

registerCompositionalBenchmarks(sizes: sizes, bounds: bounds)

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

// FlowLayout scrolling horizontally: the same 1,000,000 items in columns.
let preparedHorizontal: FlowLayout = {
  let l = makeFlow()
  l.scrollDirection = .horizontal
  l.headerReferenceSize = Size(width: 1, height: 0)
  l.footerReferenceSize = Size(width: 1, height: 0)
  l.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
  return l
}()

benchmark("FlowLayout (horizontal) rect query 200x60 in the middle") {
  let x = (preparedHorizontal.contentSize.width - 200) * 0.5
  let a = preparedHorizontal.layoutAttributesForElements(in: Rect(x: x, y: 0, width: 200, height: 60))
  precondition(!a.isEmpty)
}

// ShelfLayout: 1,000,000 items in 100 shelves of 10,000, uniform and
// self-sized (widths 12 to 35 from the index), each shelf scrolled to its middle.
final class VariedWidths: ShelfLayoutDelegate, Sendable {
  static let shared = VariedWidths()
  func shelfLayout(_ layout: ShelfLayout, widthForItemAt indexPath: IndexPath) -> Double {
    Double(12 + (indexPath.item &* 2_654_435_761) % 24)
  }
}
func makeShelves(sized: Bool) -> ShelfLayout {
  let l = ShelfLayout(itemWidth: 24, itemHeight: 5)
  if sized { l.delegate = VariedWidths.shared }
  return l
}
let preparedShelves: [ShelfLayout] = [false, true].map { sized in
  let l = makeShelves(sized: sized)
  l.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
  for s in 0..<counts.count { l.setHorizontalOffset(l.maximumHorizontalOffset(ofSection: s) / 2, ofSection: s) }
  return l
}

for (name, sized) in [("uniform", false), ("self-sized", true)] {
  benchmark("ShelfLayout.prepare 1M \(name) items, 100 shelves") {
    let l = makeShelves(sized: sized)
    l.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
    precondition(l.contentSize.height > 0)
  }
  benchmark("ShelfLayout \(name) rect query 200x60 in the middle") {
    let l = preparedShelves[sized ? 1 : 0]
    let y = (l.contentSize.height - 60) * 0.5
    let a = l.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 200, height: 60))
    precondition(!a.isEmpty)
  }
}

// CircleLayout: 1,000,000 items on one ring in 200x60. Every item lies on
// the ring, so a rect on it returns thousands (k is the cost); the centre
// of the ring returns none without looking at any.
let preparedCircle: CircleLayout = {
  let l = CircleLayout()
  l.prepare(for: LayoutContext(itemCounts: [1_000_000], boundsSize: bounds))
  return l
}()

benchmark("CircleLayout.prepare 1M items") {
  let l = CircleLayout()
  l.prepare(for: LayoutContext(itemCounts: [1_000_000], boundsSize: bounds))
  precondition(l.itemSize.width > 0)
}
benchmark("CircleLayout rect query inside the ring (k = 0)") {
  let a = preparedCircle.layoutAttributesForElements(in: Rect(x: 80, y: 25, width: 40, height: 10))
  precondition(a.isEmpty)
}
let onTheRing = Rect(x: preparedCircle.center.x + preparedCircle.radiusX, y: preparedCircle.center.y, width: 1, height: 1)
let ringK = preparedCircle.layoutAttributesForElements(in: onTheRing).count
benchmark("CircleLayout rect query 1x1 on the ring (k = \(ringK))") {
  let a = preparedCircle.layoutAttributesForElements(in: onTheRing)
  precondition(a.count == ringK)
}
let smallCircle: CircleLayout = {
  let l = CircleLayout()
  l.prepare(for: LayoutContext(itemCounts: [64], boundsSize: bounds))
  return l
}()
benchmark("CircleLayout rect query 200x60, 64 items") {
  let a = smallCircle.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 200, height: 60))
  precondition(a.count == 64)
}

final class Books: CollectionViewDataSource {
  let titles = [
    "Pride and Prejudice", "源氏物語", "The Brothers Karamazov", "吾輩は猫である", "Middlemarch",
    "Cien años de soledad", "One Hundred Years of Solitude", "紅樓夢",
  ]
  func numberOfSections(in collectionView: CollectionView) -> Int { 100 }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10_000 }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: titles[indexPath.item % titles.count], titleLineLimit: 2, detail: "1813", border: .rounded)
  }
  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    ElementContent(title: kind == .header ? "Author \(indexPath.section)" : "Author has 10000 books")
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

registerOutlineBenchmarks()
registerFocusBenchmarks()

Benchmark.main()
