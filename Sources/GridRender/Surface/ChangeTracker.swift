/// What a surface's drawing changed since it was last presented: the
/// columns drawn into in each row, and the row scrolls made, which a
/// ``Screen``-like diff reads to compare only those cells and replay the
/// scrolls. Part of a ``Surface``, which marks what it draws here.
@usableFromInline struct ChangeTracker: Sendable {
  /// `changedColumns[y]`: the columns of row `y` drawn into (empty when none).
  @usableFromInline private(set) var changedColumns: [Range<Int>]
  /// The row scrolls made, in order.
  @usableFromInline private(set) var scrollHints: [ScrollHint] = []

  /// A tracker for `height` rows `width` wide, all of them changed (nothing is presented yet).
  init(width: Int, height: Int) {
    changedColumns = [Range<Int>](repeating: 0..<max(0, width), count: max(0, height))
  }

  /// Everything presented: no row changed, no scroll.
  mutating func markPresented() {
    scrollHints.removeAll(keepingCapacity: true)
    changedColumns.withUnsafeMutableBufferPointer { d in
      for y in d.indices { d[y] = 0..<0 }
    }
  }

  /// A new size: every row changed, no scroll.
  mutating func reset(width: Int, height: Int) {
    scrollHints.removeAll()
    changedColumns = [Range<Int>](repeating: 0..<max(0, width), count: max(0, height))
  }

  /// Marks columns `columns` of rows `rows` as drawn into.
  @inline(__always) mutating func markChanged(_ rows: Range<Int>, columns: Range<Int>) {
    changedColumns.withUnsafeMutableBufferPointer { d in
      for y in rows { d[y] = Self.union(d[y], columns) }
    }
  }

  /// Marks columns `lo..<hi` of row `y` as drawn into.
  @inline(__always) mutating func markChanged(row y: Int, from lo: Int, to hi: Int) {
    changedColumns.withUnsafeMutableBufferPointer { d in
      let old = d[y]
      d[y] = old.isEmpty ? lo..<hi : min(old.lowerBound, lo)..<max(old.upperBound, hi)
    }
  }

  /// Records a scroll of rows `rows` by `dy`, whose rows all changed (`width` columns).
  mutating func recordScroll(_ rows: Range<Int>, by dy: Int, width: Int) {
    scrollHints.append(ScrollHint(rows: rows, by: dy))
    markChanged(rows, columns: 0..<width)
  }

  @inline(__always) static func union(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
  }
}
