extension ElementDrawing {
  /// What is left of `inner` (the frame, less its border) for the picture
  /// and the text: less the indentation and the leading marks, and less
  /// the trailing ones, the cell before them and the padding.
  package func body(in inner: CellRect) -> CellRect {
    placeMarks(in: inner).body
  }

  /// Draws the marks in `inner` on the row's middle line, and returns what
  /// is left for the picture and the text (``body(in:)``). Leading marks
  /// sit after the padding and the indentation; trailing ones end at the
  /// padding, right to left, as many as fit.
  func drawMarks(in inner: CellRect, style: Style, on surface: inout Surface) -> CellRect {
    let placed = placeMarks(in: inner)
    for (index, x) in placed.marks {
      var s = style
      if let color = marks[index].color { s.foreground = color }
      surface.draw(marks[index].text, x: x, y: placed.y, style: s)
    }
    return placed.body
  }

  /// The index in ``marks`` of the mark drawn at `point` when the element
  /// is drawn in `frame` (nil for none): where a click on a row's disclosure lands.
  package func markIndex(in frame: CellRect, at point: CellPoint) -> Int? {
    guard custom == nil else { return nil }
    let inner = drawsBorder(in: frame) ? frame.insetBy(1) : frame
    let placed = placeMarks(in: inner)
    guard point.y == placed.y else { return nil }
    return placed.marks.first { point.x >= $0.x && point.x < $0.x + marks[$0.index].width }?.index
  }

  /// Where each mark that fits starts (by its index in ``marks``), on which row, and what is left.
  private func placeMarks(in inner: CellRect) -> (marks: [(index: Int, x: Int)], y: Int, body: CellRect) {
    guard hasAccessories, inner.width > 0, inner.height > 0 else { return ([], inner.y, inner) }
    var placed: [(index: Int, x: Int)] = []
    let low = inner.x + padding
    let high = inner.maxX - padding
    var x = min(high, low + max(0, indentation))
    for (index, mark) in marks.enumerated() where mark.isLeading {
      let w = mark.width
      if x + w <= high { placed.append((index, x)) }
      x = min(high, x + w + 1)
    }
    var end = high
    for (index, mark) in marks.enumerated().reversed() where !mark.isLeading {
      let w = mark.width
      guard end - w >= x else { break }
      placed.append((index, end - w))
      end -= w + 1
    }
    // The text's padding on the right lies before the cell that parts it
    // from the trailing marks, so that padding giving way keeps that cell.
    let left = inner.x + max(0, x - low)
    let right = end == high ? inner.maxX : end
    let body = CellRect(x: left, y: inner.y, width: max(0, right - left), height: inner.height)
    return (placed, inner.y + (inner.height - 1) / 2, body)
  }
}
