extension Surface {
  /// Draws a status line across row `y` in `style` (reverse video by
  /// default): `left` from the left edge, `right` (key hints separated by
  /// two spaces, `"Enter details  ? help  q quit"`) against the right edge.
  /// Hints that do not fit beside at least `minimumLeft` cells of `left`
  /// are left out from the first on, keeping the last (help, quit); with
  /// none left, `left` gets the whole row. A space always parts the two;
  /// text too long is cut with "…".
  public mutating func drawStatusLine(
    _ left: String, right: String, y: Int, minimumLeft: Int = 16, style: Style = Style(attributes: [.reverse])
  ) {
    guard y >= 0, y < height else { return }
    fill(CellRect(x: 0, y: y, width: width, height: 1), style: style)
    let hints = right.split(separator: "  ").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    let leftNeeds = min(minimumLeft, DisplayWidth.of(left))
    for first in hints.indices {
      let shown = " " + hints[first...].joined(separator: "  ") + " "
      let rightWidth = DisplayWidth.of(shown)
      guard width - rightWidth - 1 >= leftNeeds else { continue }
      draw(left, x: 0, y: y, maxWidth: width - rightWidth - 1, style: style)
      draw(shown, x: width - rightWidth, y: y, style: style)
      return
    }
    draw(left, x: 0, y: y, maxWidth: width, style: style)
  }
}

extension Substring {
  /// Without spaces at either end.
  fileprivate var trimmingSpaces: String {
    var s = self
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
