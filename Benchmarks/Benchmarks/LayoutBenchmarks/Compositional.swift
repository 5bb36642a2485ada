import GridLayout
import SuiteSupport

// CompositionalLayout beside FlowLayout (issue 25), at 10,000 and 1,000,000
// items in 100 sections, on a 200x60 screen:
// - uniform sections: a grid, a horizontal group of 8 items 5 rows tall in
//   the 198 cells between the section's insets, a header and a footer per section;
// - orthogonal sections: each one row of 24x5 groups that scrolls sideways
//   (`.continuous` and `.groupPaging` alternating) under a header, unscrolled
//   and with the sections scrolled sideways by 0, 1/4, 1/2, 3/4 and all of
//   their rows in turn;
// - estimated heights (10,000 items only, as preparing measures every item):
//   the grid's items and groups of estimated height, measured by a formula.
// Each layout: prepare (a new layout), and a 200x60 rect query at the top,
// middle and end of the content.

/// Heights from the item's index, as content would measure (3 to 10 rows).
final class FormulaMeasurer: LayoutItemMeasuring {
  func layoutHeight(forItemAt indexPath: IndexPath, width: Double, estimatedHeight: Double, in layout: CompositionalLayout) -> Double {
    Double(3 + (indexPath.item &* 2_654_435_761) % 8)
  }
}

private func size(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutSize {
  LayoutSize(widthDimension: width, heightDimension: height)
}

private let header = LayoutBoundarySupplementaryItem(
  layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top)
private let footer = LayoutBoundarySupplementaryItem(
  layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .footer, alignment: .bottom)

/// The grid: 8 columns (23-24 cells and a cell apart) of 5 rows, or of an
/// estimated 5 rows measured from content.
func makeGrid(estimated: Bool = false) -> CompositionalLayout {
  let height: LayoutDimension = estimated ? .estimated(5) : .fractionalHeight(1)
  let item = LayoutItem(layoutSize: size(.fractionalWidth(1), height))
  var group = LayoutGroup.horizontal(
    layoutSize: size(.fractionalWidth(1), estimated ? .estimated(5) : .absolute(5)), repeatingSubitem: .item(item), count: 8)
  group.interItemSpacing = 1
  return CompositionalLayout(
    section: LayoutSection(
      group: group, contentInsets: EdgeInsets(left: 1, right: 1), boundarySupplementaryItems: [header, footer]))
}

/// Rows of 24x5 groups a cell apart that scroll sideways, `.continuous` and
/// `.groupPaging` in turn, each under a header.
func makeShelves() -> CompositionalLayout {
  let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
  let group = LayoutGroup.horizontal(layoutSize: size(.absolute(24), .absolute(5)), subitems: [.item(item)])
  let sections = [OrthogonalScrollingBehavior.continuous, .groupPaging].map { behavior in
    LayoutSection(
      group: group, contentInsets: EdgeInsets(left: 1, right: 1), interGroupSpacing: 1, boundarySupplementaryItems: [header],
      orthogonalScrollingBehavior: behavior)
  }
  return CompositionalLayout { s, _ in sections[s % 2] }
}

/// Queries of a 200x60 screen at the top, middle and end of the content of
/// the layout `prepared` makes (in the benchmark's process, before it is measured).
func registerQueries<Layout: CollectionLayout>(_ name: String, _ prepared: @escaping () -> Layout) {
  registerQueries(name, setup: prepared, layout: \.self)
}

/// Queries of the layout at `layout` in the state `setup` makes (which keeps
/// alive what the layout holds weakly).
func registerQueries<State, Layout: CollectionLayout>(
  _ name: String, setup: @escaping () -> State, layout: KeyPath<State, Layout>
) {
  for (place, fraction) in [("top", 0.0), ("middle", 0.5), ("end", 1.0)] {
    measure("\(name) rect query 200x60 at the \(place)", setup: setup()) { state in
      let l = state[keyPath: layout]
      let rect = Rect(x: 0, y: ((l.contentSize.height - 60) * fraction).rounded(), width: 200, height: 60)
      let a = l.layoutAttributesForElements(in: rect)
      precondition(!a.isEmpty)
    }
  }
}

/// Registers the benchmarks for `sizes` (a label and the item counts of
/// each section) in a view of `bounds`; measured heights for the first size only.
func registerCompositionalBenchmarks(sizes: [(String, [Int])], bounds: Size) {
  for (label, counts) in sizes {
    let context = LayoutContext(itemCounts: counts, boundsSize: bounds)

    measure("CompositionalLayout.prepare \(label) uniform items, 100 sections") {
      let l = makeGrid()
      l.prepare(for: context)
      precondition(l.contentSize.height > 0)
    }
    registerQueries("CompositionalLayout \(label) uniform") {
      let grid = makeGrid()
      grid.prepare(for: context)
      return grid
    }

    measure("CompositionalLayout.prepare \(label) orthogonal items, 100 sections") {
      let l = makeShelves()
      l.prepare(for: context)
      precondition(l.contentSize.height > 0)
    }
    registerQueries("CompositionalLayout \(label) orthogonal") {
      let shelves = makeShelves()
      shelves.prepare(for: context)
      return shelves
    }

    let scrolled = {
      let l = makeShelves()
      l.prepare(for: context)
      for s in 0..<counts.count {
        l.setHorizontalOffset(l.maximumHorizontalOffset(ofSection: s) * Double(s % 5) / 4, ofSection: s)
      }
      return l
    }
    measure("CompositionalLayout.prepare \(label) orthogonal items, scrolled sideways, again", setup: scrolled()) { l in
      l.prepare(for: context)
      precondition(l.horizontalOffset(ofSection: 4) > 0)
    }
    registerQueries("CompositionalLayout \(label) orthogonal scrolled", scrolled)
  }

  // Estimated heights, measured: preparing asks for every item's height.
  let (label, counts) = sizes[0]
  let context = LayoutContext(itemCounts: counts, boundsSize: bounds)
  measure(
    "CompositionalLayout.prepare \(label) estimated heights (measured), 100 sections", setup: FormulaMeasurer()
  ) { measurer in
    let l = makeGrid(estimated: true)
    l.itemMeasurer = measurer
    l.prepare(for: context)
    precondition(l.contentSize.height > 0)
  }
  registerQueries(
    "CompositionalLayout \(label) estimated",
    setup: {
      let measured = Measured()
      measured.layout.prepare(for: context)
      return measured
    }, layout: \.layout)
}

/// An estimated grid and its measurer.
final class Measured {
  let measurer = FormulaMeasurer()
  let layout = makeGrid(estimated: true)
  init() { layout.itemMeasurer = measurer }
}
