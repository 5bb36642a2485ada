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

  /// Calls `body` with the index of every item whose frame intersects `rect`,
  /// in index order, visiting O(log n + k) items.
  func forEachItem(in rect: Rect, axis: Axis, _ body: (Int, Rect) -> Void) {
    guard itemCount > 0 else { return }
    let a0 = axis.alongMin(rect)
    let a1 = axis.alongMax(rect)
    let c0 = axis.acrossMin(rect)
    if let g = grid {
      guard g.itemAlong > 0, g.itemAcross > 0, g.stride > 0 else { return }
      var first = Int(((a0 - itemsStart - g.itemAlong) / g.stride).rounded(.down)) + 1
      var last = Int(((a1 - itemsStart) / g.stride).rounded(.up)) - 1
      first = max(0, first - 1)
      last = min(g.lineCount - 1, last + 1)
      guard first <= last else { return }
      for line in first...last {
        let cols = line == g.lineCount - 1 ? g.lastColumns : g.columns
        let base = line * g.perLine
        var c = lowerBound(cols.count) { cols[$0] + g.itemAcross > c0 }
        while c < cols.count {
          let f = frame(ofItem: base + c, axis: axis)
          if axis.acrossMin(f) >= axis.acrossMax(rect) { break }
          if f.intersects(rect) { body(base + c, f) }
          c += 1
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
