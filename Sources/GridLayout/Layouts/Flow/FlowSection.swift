/// The prepared geometry of one section of a ``FlowLayout``, in content
/// coordinates. Uniform sections keep only their column positions and
/// compute every item's frame arithmetically; sized sections keep their
/// lines and frames.
struct FlowSection: Sendable {
  /// One line of a sized section.
  struct Line: Sendable {
    var firstItem: Int
    var count: Int
    var along: Double
    var thickness: Double
  }

  /// The grid of a section whose items all have the same size.
  struct Grid: Sendable {
    var itemAlong: Double
    var itemAcross: Double
    var perLine: Int
    var lineCount: Int
    var stride: Double
    var columns: [Double]
    var lastColumns: [Double]
  }

  var start: Double
  var end: Double
  var itemCount: Int
  var itemsStart: Double
  var itemsEnd: Double
  var headerFrame: Rect?
  var footerFrame: Rect?
  /// The section's background decoration (its items and insets, full width), when the layout has one.
  var backgroundFrame: Rect?
  var grid: Grid?
  var lines: [Line] = []
  var frames: [Rect] = []

  /// The frame of item `i` (0 ..< itemCount).
  @inline(__always) func frame(ofItem i: Int, axis: Axis) -> Rect {
    if let g = grid {
      let line = i / g.perLine
      let col = i - line * g.perLine
      let across = line == g.lineCount - 1 ? g.lastColumns[col] : g.columns[col]
      return axis.rect(
        along: itemsStart + Double(line) * g.stride, across: across,
        alongLength: g.itemAlong, acrossLength: g.itemAcross)
    }
    return frames[i]
  }

  /// Where item `i` (0 ..< itemCount) lies on each axis, as ``frame(ofItem:axis:)``
  /// says, without making the rect: where it starts along (across lines)
  /// and across, and its lengths.
  func span(ofItem i: Int, axis: Axis) -> (along: Double, alongLength: Double, across: Double, acrossLength: Double) {
    if let g = grid {
      let line = i / g.perLine
      let across = line == g.lineCount - 1 ? g.lastColumns[i - line * g.perLine] : g.columns[i - line * g.perLine]
      let along = itemsStart + Double(line) * g.stride
      return (along, g.itemAlong, across, g.itemAcross)
    }
    let f = frames[i]
    let (x, y, w, h) = (f.origin.x, f.origin.y, f.size.width, f.size.height)
    return axis.isVertical ? (y, h, x, w) : (x, w, y, h)
  }

  /// The items of the line item `i` (0 ..< itemCount) stands in, found
  /// arithmetically in a uniform section and by a binary search of the
  /// lines in a sized one.
  func itemsInLine(ofItem i: Int) -> Range<Int> {
    if let g = grid {
      let first = i / g.perLine * g.perLine
      return first..<min(first + g.perLine, itemCount)
    }
    let l = lowerBound(lines.count) { lines[$0].firstItem + lines[$0].count > i }
    guard l < lines.count else { return i..<(i + 1) }
    return lines[l].firstItem..<(lines[l].firstItem + lines[l].count)
  }

  /// Calls `body` with the index of every item whose frame intersects `rect`,
  /// in index order, visiting O(log n + k) items.
  @inline(__always) func forEachItem(in rect: Rect, axis: Axis, _ body: (Int, Rect) -> Void) {
    guard itemCount > 0 else { return }
    let a0 = axis.alongMin(rect)
    let a1 = axis.alongMax(rect)
    let c0 = axis.acrossMin(rect)
    let c1 = axis.acrossMax(rect)
    if let g = grid {
      guard g.itemAlong > 0, g.itemAcross > 0, g.stride > 0 else { return }
      // Lines whose extent [start, start + itemAlong) meets [a0, a1), widened by
      // one on each side against rounding; the intersects test below is exact.
      let first = max(0, Int(((a0 - itemsStart - g.itemAlong) / g.stride).rounded(.down)))
      let last = min(g.lineCount - 1, Int(((a1 - itemsStart) / g.stride).rounded(.up)))
      guard first <= last else { return }
      for line in first...last {
        let along = itemsStart + Double(line) * g.stride
        if along >= a1 || along + g.itemAlong <= a0 { continue }
        let base = line * g.perLine
        let columns = line == g.lineCount - 1 ? g.lastColumns : g.columns
        columns.withUnsafeBufferPointer { cols in
          var c = lowerBound(cols.count) { cols[$0] + g.itemAcross > c0 }
          while c < cols.count, cols[c] < c1 {
            let f = axis.rect(along: along, across: cols[c], alongLength: g.itemAlong, acrossLength: g.itemAcross)
            if f.intersects(rect) { body(base + c, f) }
            c += 1
          }
        }
      }
      return
    }
    var l = lowerBound(lines.count) { lines[$0].along + lines[$0].thickness > a0 }
    while l < lines.count, lines[l].along < a1 {
      let line = lines[l]
      for i in line.firstItem..<(line.firstItem + line.count) where frames[i].intersects(rect) {
        body(i, frames[i])
      }
      l += 1
    }
  }
}

/// The first index in 0..<count for which `isAfter` holds, given that it holds
/// for a suffix of the range (binary search); `count` when it never does.
@inline(__always) func lowerBound(_ count: Int, _ isAfter: (Int) -> Bool) -> Int {
  var lo = 0
  var hi = count
  while lo < hi {
    let mid = (lo + hi) >> 1
    if isAfter(mid) { hi = mid } else { lo = mid + 1 }
  }
  return lo
}
