import GridLayout
import SuiteSupport

// CircleLayout: 1,000,000 items on one ring in 200x60. Every item lies on
// the ring, so a rect on it returns thousands (k is the cost); the centre
// of the ring returns none without looking at any.

private func circle(_ items: Int) -> CircleLayout {
  let l = CircleLayout()
  l.prepare(for: LayoutContext(itemCounts: [items], boundsSize: bounds))
  return l
}

func registerCircleBenchmarks() {
  measure("CircleLayout.prepare 1M items") {
    let l = CircleLayout()
    l.prepare(for: LayoutContext(itemCounts: [1_000_000], boundsSize: bounds))
    precondition(l.itemSize.width > 0)
  }
  measure("CircleLayout rect query inside the ring (k = 0)", setup: circle(1_000_000)) { l in
    let a = l.layoutAttributesForElements(in: Rect(x: 80, y: 25, width: 40, height: 10))
    precondition(a.isEmpty)
  }
  measure("CircleLayout rect query 1x1 on the ring (k in the thousands)", setup: circle(1_000_000)) { l in
    let a = l.layoutAttributesForElements(in: Rect(x: l.center.x + l.radiusX, y: l.center.y, width: 1, height: 1))
    precondition(a.count > 1_000)
  }
  measure("CircleLayout rect query 200x60, 64 items", setup: circle(64)) { l in
    let a = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 200, height: 60))
    precondition(a.count == 64)
  }
}
