/// Shifts rows `r` (within the grid) of a grid `width` wide up by `dy`
/// (down when negative), as a terminal scrolls a region; the rows that
/// come in hold `blank`. One routine for every grid kept in step with the
/// terminal's scrolls: a surface's cells, a screen's replay of them, and
/// the picture writer's placeholder ids. (Inlinable, so that each grid's
/// element type gets its own specialised loop.)
@inlinable package func shiftRows<Element>(
  of c: UnsafeMutableBufferPointer<Element>, width w: Int, rows r: Range<Int>, by dy: Int, blank: Element
) {
  if abs(dy) < r.count {
    if dy > 0 {
      for y in r.lowerBound..<(r.upperBound - dy) {
        for x in 0..<w { c[y * w + x] = c[(y + dy) * w + x] }
      }
    } else {
      for y in stride(from: r.upperBound - 1, through: r.lowerBound - dy, by: -1) {
        for x in 0..<w { c[y * w + x] = c[(y + dy) * w + x] }
      }
    }
  }
  let blankRows =
    dy > 0 ? max(r.lowerBound, r.upperBound - dy)..<r.upperBound : r.lowerBound..<min(r.upperBound, r.lowerBound - dy)
  for y in blankRows {
    for x in 0..<w { c[y * w + x] = blank }
  }
}
