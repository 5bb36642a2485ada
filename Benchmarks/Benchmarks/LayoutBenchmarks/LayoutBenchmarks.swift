import Benchmark
import GridLayout
import GridRender
import SuiteSupport
import TermGrid

// Layout: FlowLayout.prepare for 10,000 and 1,000,000 uniform items in 100
// sections, rect queries of a 200x60 screen at the top, middle and end of
// that content, the same for CompositionalLayout (Compositional.swift),
// WaterfallLayout at 10,000 and 1,000,000 items, the other stock layouts at
// 1,000,000 (Shelves.swift, Circle.swift), one full frame of a
// catalogue-like grid (CatalogueFrame.swift), outlines (Outline.swift) and
// focus moves (Focus.swift).

/// The suite (the benchmark plugin calls it in each benchmark's process).
let benchmarks: @Sendable () -> Void = {
  registerFlowBenchmarks()
  registerCompositionalBenchmarks(sizes: sizes, bounds: bounds)
  registerWaterfallBenchmarks()
  registerShelfBenchmarks()
  registerCircleBenchmarks()
  registerCatalogueFrameBenchmark()
  registerOutlineBenchmarks()
  registerFocusBenchmarks()
}

/// 100 sections of 10,000 items: a million.
let counts = [Int](repeating: 10_000, count: 100)
/// The two sizes measured: 10,000 and 1,000,000 items, in 100 sections.
let sizes = [("10k", [Int](repeating: 100, count: 100)), ("1M", counts)]
/// The screen.
let bounds = Size(width: 200, height: 60)

/// Cards of 24x5 a cell apart, a header and a footer row per section.
func makeFlow() -> FlowLayout {
  FlowLayout(
    itemSize: Size(width: 24, height: 5), minimumInteritemSpacing: 1,
    sectionInset: EdgeInsets(left: 1, right: 1), headerReferenceSize: Size(width: 0, height: 1),
    footerReferenceSize: Size(width: 0, height: 1))
}

func registerFlowBenchmarks() {
  for (label, itemCounts) in sizes {
    let context = LayoutContext(itemCounts: itemCounts, boundsSize: bounds)
    measure("FlowLayout.prepare \(label) uniform items, 100 sections") {
      let l = makeFlow()
      l.prepare(for: context)
      precondition(l.contentSize.height > 0)
    }
    registerQueries("FlowLayout \(label)") {
      let flow = makeFlow()
      flow.prepare(for: context)
      return flow
    }
  }

  // Scrolling horizontally: the same 1,000,000 items in columns.
  measure(
    "FlowLayout (horizontal) rect query 200x60 in the middle",
    setup: { () -> FlowLayout in
      let l = makeFlow()
      l.scrollDirection = .horizontal
      l.headerReferenceSize = Size(width: 1, height: 0)
      l.footerReferenceSize = Size(width: 1, height: 0)
      l.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
      return l
    }()
  ) { l in
    let x = (l.contentSize.width - 200) * 0.5
    let a = l.layoutAttributesForElements(in: Rect(x: x, y: 0, width: 200, height: 60))
    precondition(!a.isEmpty)
  }
}
