extension Surface {
  /// Draws a status line across row `y` in `style` (reverse video by
  /// default): `left` from the left edge, `right` (key hints separated by
  /// two spaces, `"Enter details  ? help  q quit"`) against the right edge.
  /// The hints are of standard priority, as in
  /// ``drawStatusLine(_:hints:y:minimumLeft:style:)``: those that do not fit
  /// beside at least `minimumLeft` cells of `left` are left out from the
  /// last on, keeping the first; with none left, `left` gets the whole row.
  /// A space always parts the two; text too long is cut with "…".
  public mutating func drawStatusLine(
    _ left: String, right: String, y: Int, minimumLeft: Int = 16, style: Style = Style(attributes: [.reverse])
  ) {
    drawStatusLine(left, hints: StatusHint.hints(in: right), y: y, minimumLeft: minimumLeft, style: style)
  }

  /// Draws a status line across row `y` in `style` (reverse video by
  /// default): `left` from the left edge, the `hints` against the right
  /// edge, in their order, parted by two spaces. Hints that do not fit
  /// beside at least `minimumLeft` cells of `left` are left out, the lowest
  /// ``StatusHint/visibilityPriority`` first and, of equal
  /// priority, the last in the list first (so hints of one priority go from
  /// the last on, keeping the first); with none left, `left` gets the whole
  /// row. A space always parts the two; text too long is cut with "…".
  public mutating func drawStatusLine(
    _ left: String, hints: [StatusHint], y: Int, minimumLeft: Int = 16, style: Style = Style(attributes: [.reverse])
  ) {
    guard y >= 0, y < height else { return }
    fill(CellRect(x: 0, y: y, width: width, height: 1), style: style)
    let leftNeeds = min(minimumLeft, DisplayWidth.of(left))
    let shown = StatusHint.fitting(hints, width: width, leftWidth: leftNeeds)
    guard !shown.isEmpty else {
      draw(left, x: 0, y: y, maxWidth: width, style: style)
      return
    }
    let right = " " + shown.map(\.text).joined(separator: "  ") + " "
    let rightWidth = DisplayWidth.of(right)
    draw(left, x: 0, y: y, maxWidth: width - rightWidth - 1, style: style)
    draw(right, x: width - rightWidth, y: y, style: style)
  }
}
