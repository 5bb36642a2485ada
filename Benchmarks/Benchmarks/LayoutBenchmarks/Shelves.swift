import GridLayout
import SuiteSupport

// ShelfLayout: 1,000,000 items in 100 shelves of 10,000, uniform and
// self-sized (widths 12 to 35 from the index), each shelf scrolled to its middle.

/// Widths from the item's index. The layout holds its delegate weakly: each
/// benchmark's state keeps its own.
final class VariedWidths: ShelfLayoutDelegate {
  func shelfLayout(_ layout: ShelfLayout, widthForItemAt indexPath: IndexPath) -> Double {
    Double(12 + (indexPath.item &* 2_654_435_761) % 24)
  }
}

/// Shelves of 24x5 items, self-sized when `widths` is given, and what they need alive.
struct Shelves {
  let layout = ShelfLayout(itemWidth: 24, itemHeight: 5)
  let widths: VariedWidths?

  init(sized: Bool) {
    widths = sized ? VariedWidths() : nil
    layout.delegate = widths
  }

  /// Prepared for a million items, every shelf scrolled half way.
  static func prepared(sized: Bool) -> Shelves {
    let s = Shelves(sized: sized)
    s.layout.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
    for section in 0..<counts.count {
      s.layout.setHorizontalOffset(s.layout.maximumHorizontalOffset(ofSection: section) / 2, ofSection: section)
    }
    return s
  }
}

func registerShelfBenchmarks() {
  for (name, sized) in [("uniform", false), ("self-sized", true)] {
    measure("ShelfLayout.prepare 1M \(name) items, 100 shelves", setup: sized ? VariedWidths() : nil) { widths in
      let l = ShelfLayout(itemWidth: 24, itemHeight: 5)
      l.delegate = widths
      l.prepare(for: LayoutContext(itemCounts: counts, boundsSize: bounds))
      precondition(l.contentSize.height > 0)
    }
    measure("ShelfLayout \(name) rect query 200x60 in the middle", setup: Shelves.prepared(sized: sized)) { s in
      let y = (s.layout.contentSize.height - 60) * 0.5
      let a = s.layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 200, height: 60))
      precondition(!a.isEmpty)
    }
  }
}
