import GridLayout
import SuiteSupport

// WaterfallLayout: 10,000 and 1,000,000 items of varied heights (3 to 10
// rows, from the item's index) in 100 sections, columns of at least 24 cells.

/// Heights from the item's index. The layout holds its delegate weakly: each
/// benchmark's state keeps its own.
final class VariedHeights: WaterfallLayoutDelegate {
  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    Double(3 + (indexPath.item &* 2_654_435_761) % 8)
  }
}

/// A prepared (or not) waterfall and the delegate it needs alive.
struct Waterfall {
  let layout: WaterfallLayout
  let heights: VariedHeights

  init(prepared itemCounts: [Int]?) {
    heights = VariedHeights()
    layout = WaterfallLayout(
      columns: .minimumWidth(24), interColumnSpacing: 1, sectionInset: EdgeInsets(left: 1, right: 1), headerHeight: 1,
      footerHeight: 1)
    layout.delegate = heights
    if let itemCounts { layout.prepare(for: LayoutContext(itemCounts: itemCounts, boundsSize: bounds)) }
  }
}

func registerWaterfallBenchmarks() {
  for (label, itemCounts) in sizes {
    let context = LayoutContext(itemCounts: itemCounts, boundsSize: bounds)
    measure("WaterfallLayout.prepare \(label) varied heights, 100 sections", setup: VariedHeights()) { heights in
      let l = WaterfallLayout(
        columns: .minimumWidth(24), interColumnSpacing: 1, sectionInset: EdgeInsets(left: 1, right: 1), headerHeight: 1,
        footerHeight: 1)
      l.delegate = heights
      l.prepare(for: context)
      precondition(l.contentSize.height > 0)
    }
    for (place, fraction) in [("top", 0.0), ("middle", 0.5), ("end", 1.0)] {
      measure("WaterfallLayout \(label) rect query 200x60 at the \(place)", setup: Waterfall(prepared: itemCounts)) { w in
        let y = (w.layout.contentSize.height - 60) * fraction
        let a = w.layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 200, height: 60))
        precondition(!a.isEmpty)
      }
    }
  }
}
