import GridRender

/// A scroll bar: a dim track with a thumb whose size and position show the
/// visible part of the content; down the right column, or along the bottom
/// row for content that scrolls sideways.
struct ScrollIndicator {
  var theme: Theme
  var isHorizontal = false

  /// Draws the bar in column (or row) `line`, from `start` for `length` cells.
  func draw(
    on surface: inout Surface, at line: Int, start: Int, length: Int, contentLength: Double, offset: Double,
    visibleLength: Double
  ) {
    guard length > 0 else { return }
    let track: Grapheme = theme.asciiOnly ? (isHorizontal ? "-" : "|") : (isHorizontal ? "─" : "│")
    let thumb: Grapheme = theme.asciiOnly ? "#" : (isHorizontal ? "▀" : "█")
    func cell(_ i: Int) -> (x: Int, y: Int) { isHorizontal ? (start + i, line) : (line, start + i) }
    guard contentLength > visibleLength, contentLength > 0 else {
      let (x, y) = cell(0)
      surface.fill(CellRect(x: x, y: y, width: isHorizontal ? length : 1, height: isHorizontal ? 1 : length))
      return
    }
    let n = Double(length)
    let size = max(1, min(length, Int((n * visibleLength / contentLength).rounded())))
    let maxOffset = contentLength - visibleLength
    let first = Int(((n - Double(size)) * min(1, max(0, offset / maxOffset))).rounded())
    for i in 0..<length {
      let inThumb = i >= first && i < first + size
      let (x, y) = cell(i)
      surface.put(inThumb ? thumb : track, width: 1, x: x, y: y, style: inThumb ? theme.scrollThumb : theme.scrollTrack)
    }
  }
}
