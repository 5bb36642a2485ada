import GridRender

/// Draws ``CellContent`` into a frame on a surface.
struct CellRenderer {
  var theme: Theme

  func draw(_ content: CellContent, in frame: CellRect, state: CellState, on surface: inout Surface) {
    if let custom = content.draw {
      custom(&surface, frame, state)
      return
    }
    var style = content.style
    if state.isSelected { style.attributes.formUnion(theme.selected) }
    if state.isFocused { style.attributes.formUnion(theme.focused) }
    if state.isLifted { style.attributes.formUnion(theme.lifted) }
    surface.fill(frame, style: style)
    var inner = frame
    if var border = content.border, frame.width >= 2, frame.height >= 2 {
      if state.isSelected { border = theme.selectedBorder }
      if state.isLifted { border = theme.liftedBorder }
      if theme.asciiOnly { border = state.isLifted ? Border.asciiDouble : .ascii }
      surface.drawBorder(frame, border: border, style: style)
      inner = frame.insetBy(1)
    }
    if state.isSelected {
      let mark: Grapheme = theme.asciiOnly ? "*" : theme.selectionMark
      surface.put(mark, width: 1, x: frame.x + (content.border != nil && frame.width > 2 ? 1 : 0), y: frame.y, style: style)
    }
    let textX = inner.x + content.padding
    let textWidth = inner.width - 2 * content.padding
    guard textWidth > 0, inner.height > 0, !(content.title.isEmpty && content.detail == nil) else { return }
    let detailLines = content.detail != nil && inner.height >= 2 ? 1 : 0
    let titleLines = max(0, min(content.titleLineLimit, inner.height - detailLines))
    let titleStyle = style.adding(content.titleAttributes)
    var y = inner.y
    if titleLines == 1 {
      line(content.title, y: y, x: textX, width: textWidth, style: titleStyle, alignment: content.alignment, on: &surface)
    } else if titleLines > 1 {
      for text in TextLayout.wrap(content.title, width: textWidth, maxLines: titleLines) {
        line(text, y: y, x: textX, width: textWidth, style: titleStyle, alignment: content.alignment, on: &surface)
        y += 1
      }
    }
    if detailLines == 1, let detail = content.detail {
      var detailStyle = style
      if !state.isFocused { detailStyle.attributes.insert(.dim) }
      line(detail, y: inner.maxY - 1, x: textX, width: textWidth, style: detailStyle, alignment: content.alignment, on: &surface)
    }
  }

  private func line(
    _ text: String, y: Int, x: Int, width: Int, style: Style, alignment: CellContent.Alignment, on surface: inout Surface
  ) {
    var start = x
    if alignment != .leading {
      let w = min(width, DisplayWidth.of(text))
      start = alignment == .center ? x + (width - w) / 2 : x + width - w
    }
    surface.draw(text, x: start, y: y, maxWidth: width - (start - x), style: style)
  }
}
