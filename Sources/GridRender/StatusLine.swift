extension Surface {
  /// Draws a status line across row `y` in `style` (reverse video by
  /// default): `left` from the left edge, `right` (key hints) against the
  /// right edge. When both do not fit with at least `minimumLeft` cells of
  /// `left` showing, `right` is left out and `left` gets the whole row; text
  /// too long is cut with "…".
  public mutating func drawStatusLine(
    _ left: String, right: String, y: Int, minimumLeft: Int = 16, style: Style = Style(attributes: [.reverse])
  ) {
    guard y >= 0, y < height else { return }
    fill(CellRect(x: 0, y: y, width: width, height: 1), style: style)
    let rightWidth = DisplayWidth.of(right)
    if width - rightWidth - 1 >= min(minimumLeft, DisplayWidth.of(left)) {
      draw(left, x: 0, y: y, maxWidth: width - rightWidth - 1, style: style)
      draw(right, x: width - rightWidth, y: y, style: style)
    } else {
      draw(left, x: 0, y: y, maxWidth: width, style: style)
    }
  }
}
