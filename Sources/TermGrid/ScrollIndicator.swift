import GridRender

/// A vertical scroll bar: a dim track with a thumb whose size and position
/// show the visible part of the content.
struct ScrollIndicator {
  var theme: Theme

  func draw(
    on surface: inout Surface, column: Int, top: Int, height: Int, contentLength: Double, offset: Double,
    visibleLength: Double
  ) {
    guard height > 0 else { return }
    let track: Grapheme = theme.asciiOnly ? "|" : "│"
    let thumb: Grapheme = theme.asciiOnly ? "#" : "█"
    guard contentLength > visibleLength, contentLength > 0 else {
      surface.fill(CellRect(x: column, y: top, width: 1, height: height))
      return
    }
    let h = Double(height)
    let size = max(1, min(height, Int((h * visibleLength / contentLength).rounded())))
    let maxOffset = contentLength - visibleLength
    let start = Int(((h - Double(size)) * min(1, max(0, offset / maxOffset))).rounded())
    for y in 0..<height {
      let inThumb = y >= start && y < start + size
      surface.put(inThumb ? thumb : track, width: 1, x: column, y: top + y, style: inThumb ? theme.scrollThumb : theme.scrollTrack)
    }
  }
}
