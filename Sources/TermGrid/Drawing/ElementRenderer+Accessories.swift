import GridRender

extension ElementRenderer {
  /// What is left of `inner` (the frame, less its border) for the picture
  /// and the text of `content`: less the indentation and the leading
  /// accessories, and less the trailing ones, the cell before them and the
  /// padding.
  func body(of content: ElementContent, in inner: CellRect) -> CellRect {
    placeAccessories(of: content, in: inner).body
  }

  /// Draws the accessories of `content` in `inner` on the row's middle
  /// line, and returns what is left for the picture and the text
  /// (``body(of:in:)``). Leading marks sit after the padding and the
  /// indentation; trailing ones end at the padding, right to left, as many
  /// as fit.
  func drawAccessories(of content: ElementContent, in inner: CellRect, style: Style, on surface: inout Surface) -> CellRect {
    let placed = placeAccessories(of: content, in: inner)
    for (accessory, x) in placed.marks {
      var s = style
      if let color = accessory.color { s.foreground = color }
      surface.draw(accessory.text(asciiOnly: theme.asciiOnly), x: x, y: placed.y, style: s)
    }
    return placed.body
  }

  /// The accessory of `content` drawn at `point` when it is drawn in
  /// `frame` (nil for none): where a click on a row's disclosure lands.
  func accessory(of content: ElementContent, in frame: CellRect, at point: CellPoint) -> CellAccessory? {
    guard content.draw == nil else { return nil }
    let inner = content.border != nil && content.drawsBorder(in: frame) ? frame.insetBy(1) : frame
    let placed = placeAccessories(of: content, in: inner)
    guard point.y == placed.y else { return nil }
    let ascii = theme.asciiOnly
    return placed.marks.first { point.x >= $0.1 && point.x < $0.1 + $0.0.width(asciiOnly: ascii) }?.0
  }

  /// Where each accessory that fits starts, on which row, and what is left.
  private func placeAccessories(of content: ElementContent, in inner: CellRect) -> (
    marks: [(CellAccessory, Int)], y: Int, body: CellRect
  ) {
    guard content.hasAccessories, inner.width > 0, inner.height > 0 else { return ([], inner.y, inner) }
    let ascii = theme.asciiOnly
    var marks: [(CellAccessory, Int)] = []
    let low = inner.x + content.padding
    let high = inner.maxX - content.padding
    var x = min(high, low + max(0, content.indentationLevel) * max(0, content.indentationWidth))
    for accessory in content.accessories where accessory.placement == .leading {
      let w = accessory.width(asciiOnly: ascii)
      if x + w <= high { marks.append((accessory, x)) }
      x = min(high, x + w + 1)
    }
    var end = high
    for accessory in content.accessories.reversed() where accessory.placement == .trailing {
      let w = accessory.width(asciiOnly: ascii)
      guard end - w >= x else { break }
      marks.append((accessory, end - w))
      end -= w + 1
    }
    // The text's padding on the right lies before the cell that parts it
    // from the trailing marks, so that padding giving way keeps that cell.
    let left = inner.x + max(0, x - low)
    let right = end == high ? inner.maxX : end
    let body = CellRect(x: left, y: inner.y, width: max(0, right - left), height: inner.height)
    return (marks, inner.y + (inner.height - 1) / 2, body)
  }
}
