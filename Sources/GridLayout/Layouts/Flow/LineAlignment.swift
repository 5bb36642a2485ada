/// How the items of a line share the line's leftover space.
public enum LineAlignment: Hashable, Sendable, CaseIterable {
  /// UIKit's rule: leftover space spread evenly over the gaps, flush at both
  /// edges; a line with a single item centres it (as ``center`` rounds). A
  /// section's only line is spread too, even when it holds only a few items
  /// (use ``leading`` for a grid packed at the left). Each item's leading
  /// edge is rounded to the nearest cell on its own, so gaps may differ by
  /// a cell.
  case justified
  /// Packed at the leading edge with the minimum spacing.
  case leading
  /// Packed with the minimum spacing, centred: half the leftover space goes
  /// before the items, rounded to the nearest cell with a half rounded up,
  /// so an odd cell left over goes before them (7 cells left over: 4 before,
  /// 3 after). Text centred in a cell rounds the other way
  /// (TermGrid's `ElementContent.Alignment.center`).
  case center
  /// Packed at the trailing edge.
  case trailing
}

/// The leading positions of items of `lengths` placed in a line of
/// `available` cells starting at `origin`, rounded to whole cells.
func linePositions(
  _ lengths: [Double], available: Double, origin: Double, spacing: Double, alignment: LineAlignment
) -> [Double] {
  let n = lengths.count
  guard n > 0 else { return [] }
  let total = lengths.reduce(0, +) + spacing * Double(n - 1)
  let leftover = max(0, available - total)
  var lead: Double
  var gap = spacing
  switch alignment {
  case .justified:
    if n == 1 {
      lead = leftover / 2
    } else {
      lead = 0
      gap = spacing + leftover / Double(n - 1)
    }
  case .leading: lead = 0
  case .center: lead = leftover / 2
  case .trailing: lead = leftover
  }
  var result = [Double]()
  result.reserveCapacity(n)
  var x = origin + lead
  for length in lengths {
    result.append(x.rounded())
    x += length + gap
  }
  return result
}
