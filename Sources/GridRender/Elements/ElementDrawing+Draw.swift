/// What drawing an element gave back: where its text starts (when asked
/// for: where the terminal's cursor rests on the focused item) and what
/// it showed a picture's placeholder for while the picture is being made.
package struct ElementDrawn {
  /// The first cell of the element's text (see ``ElementDrawing/textStart(in:)``); nil when not asked for.
  package var textStart: CellPoint?
  /// The picture source whose picture is awaited (nil when none).
  package var awaitedPicture: AnyObject?
}

extension ElementDrawing {
  /// Draws the element into `frame` on `surface` (whose clip the caller
  /// set): its fill, border, marks, picture, text and badge, then its
  /// state's selection mark and ``afterDraw``. With `findingTextStart`, the
  /// result says where its text starts.
  package func draw(in frame: CellRect, on surface: inout Surface, findingTextStart: Bool = false) -> ElementDrawn {
    let textStart = findingTextStart ? self.textStart(in: frame) : nil
    if let custom {
      if fill != .space || fillStyle != nil { surface.fill(frame, with: fill, style: fillStyle ?? style) }
      custom(&surface, frame)
      drawState(over: frame, on: &surface)
      afterDraw?(&surface, frame)
      return ElementDrawn(textStart: textStart)
    }
    let style = self.style.adding(stateAttributes)
    // An ASCII-only theme fills with ASCII (a header's rule, a list's separator: `-`).
    let fill = asciiOnly && !self.fill.isASCII ? Grapheme(ascii: self.fill.asciiFallback) : self.fill
    surface.fill(frame, with: fill, style: fillStyle?.adding(stateAttributes) ?? style)
    var inner = frame
    let hasBorder = drawsBorder(in: frame)
    if let border, hasBorder {
      surface.drawBorder(frame, border: border, style: style)
      inner = frame.insetBy(1)
    }
    // (A card without marks or an indentation has its whole inner area for its text and picture.)
    let body = hasAccessories ? drawMarks(in: inner, style: style, on: &surface) : inner
    var awaited: AnyObject?
    if let picture {
      let (pictureArea, textArea) = split(body, for: picture.placement)
      if !pictureArea.isEmpty {
        awaited = picture.draw(&surface, pictureArea, picture.placement == .fill && !hasBorder ? stateAttributes : [])
      }
      if !textArea.isEmpty { drawText(inner: textArea, style: style, on: &surface) }
    } else {
      drawText(inner: body, style: style, on: &surface)
    }
    if let badge { drawBadge(badge.text, in: badge.corner, frame: frame, inner: inner, hasBorder: hasBorder, style: style, on: &surface) }
    if let selectionMark { drawSelectionMark(selectionMark, frame: frame, hasBorder: hasBorder, style: style, on: &surface) }
    afterDraw?(&surface, frame)
    return ElementDrawn(textStart: textStart, awaitedPicture: awaited)
  }

  /// Over content drawn by a closure: the state's attributes on every cell
  /// of the frame, and the selection mark.
  private func drawState(over frame: CellRect, on surface: inout Surface) {
    let a = stateAttributes
    guard !a.isEmpty else { return }
    surface.withClip(frame) { $0.restyle(frame) { $0.adding(a) } }
    if let selectionMark {
      var style = surface.bounds.contains(x: frame.x, y: frame.y) ? surface[frame.x, frame.y].style : .plain
      style.attributes.formUnion(a)
      drawSelectionMark(selectionMark, frame: frame, hasBorder: false, style: style, on: &surface)
    }
  }

  private func drawSelectionMark(_ mark: Grapheme, frame: CellRect, hasBorder: Bool, style: Style, on surface: inout Surface) {
    surface.put(mark, width: 1, x: frame.x + (hasBorder && frame.width > 2 ? 1 : 0), y: frame.y, style: style)
  }

  /// Where the text of an element goes inside `inner`: the title's lines
  /// (wrapped), how many of the styled lines fit, and the rows they and the
  /// detail start on. Nil when there is no text or no room for it.
  private struct TextPlacement {
    var textX: Int
    var textWidth: Int
    var titleLines: [String]
    var extraLines: Int
    var firstY: Int
    var detailY: Int?
  }

  private func placeText(inner: CellRect) -> TextPlacement? {
    let textX = inner.x + padding
    let textWidth = inner.width - 2 * padding
    guard textWidth > 0, inner.height > 0 else { return nil }
    let hasTitle = !title.isEmpty
    guard hasTitle || detail != nil || !lines.isEmpty else { return nil }
    let detailLines = detail != nil && inner.height >= 2 ? 1 : 0
    let room = inner.height - detailLines
    // The title wrapped (only when it may take more than a line), then the lines, as many as fit.
    let titleLimit = hasTitle ? max(0, min(titleLineLimit, room)) : 0
    let titleLines: [String]
    if titleLimit == 1 {
      titleLines = [title]
    } else if titleLimit > 1 {
      titleLines = TextLayout.wrap(title, width: textWidth, maxLines: titleLimit)
    } else {
      titleLines = []
    }
    let extra = min(lines.count, max(0, room - titleLines.count))
    let used = titleLines.count + extra
    // Top: the title at the top, the detail on the last line. Bottom: all
    // of it against the bottom (the detail last). Centre: the title, the
    // lines and the detail centred together, the detail right under them.
    var y = inner.y
    var detailY = inner.maxY - 1
    switch verticalAlignment {
    case .top: break
    case .center:
      y += (inner.height - used - detailLines) / 2
      detailY = y + used
    case .bottom: y += room - used
    }
    return TextPlacement(
      textX: textX, textWidth: textWidth, titleLines: titleLines, extraLines: extra, firstY: y,
      detailY: detailLines == 1 ? detailY : nil)
  }

  /// The title (wrapped), the styled lines and the detail line inside `inner`.
  private func drawText(inner: CellRect, style: Style, on surface: inout Surface) {
    guard let placed = placeText(inner: inner) else { return }
    let (textX, textWidth) = (placed.textX, placed.textWidth)
    var titleStyle = style.adding(titleAttributes)
    if let titleColor { titleStyle.foreground = titleColor }
    var y = placed.firstY
    for text in placed.titleLines {
      line(text, y: y, x: textX, width: textWidth, inner: inner, style: titleStyle, on: &surface)
      y += 1
    }
    for styled in lines.prefix(placed.extraLines) {
      let start = lineStart(width: styled.displayWidth, x: textX, within: textWidth)
      surface.draw(styled, x: start, y: y, maxWidth: textWidth - (start - textX), style: style)
      y += 1
    }
    if let detailY = placed.detailY, let detail {
      var detailStyle = style
      if dimsDetail { detailStyle.attributes.insert(.dim) }
      line(detail, y: detailY, x: textX, width: textWidth, inner: inner, style: detailStyle, on: &surface)
    }
  }

  /// The first cell of the element's text when drawn in `frame`: where its
  /// title starts (else its first line, else its detail), or the frame's
  /// first cell inside its border for content drawn by a closure, a picture
  /// alone or no text. Where the terminal's cursor rests on the focused item.
  package func textStart(in frame: CellRect) -> CellPoint {
    var inner = frame
    if custom == nil, drawsBorder(in: frame) { inner = frame.insetBy(1) }
    let fallback = CellPoint(x: inner.isEmpty ? frame.x : inner.x, y: inner.isEmpty ? frame.y : inner.y)
    guard custom == nil else { return fallback }
    var textArea = hasAccessories ? body(in: inner) : inner
    if let picture { textArea = split(textArea, for: picture.placement).text }
    guard !textArea.isEmpty, let placed = placeText(inner: textArea) else { return fallback }
    if let title = placed.titleLines.first {
      let (x, width) = lineSpan(DisplayWidth.of(title), x: placed.textX, width: placed.textWidth, inner: textArea)
      return CellPoint(x: lineStart(width: DisplayWidth.of(title), x: x, within: width), y: placed.firstY)
    }
    if placed.extraLines > 0 {
      let start = lineStart(width: lines[0].displayWidth, x: placed.textX, within: placed.textWidth)
      return CellPoint(x: start, y: placed.firstY)
    }
    if let detailY = placed.detailY, let detail {
      let (x, width) = lineSpan(DisplayWidth.of(detail), x: placed.textX, width: placed.textWidth, inner: textArea)
      return CellPoint(x: lineStart(width: DisplayWidth.of(detail), x: x, within: width), y: detailY)
    }
    return fallback
  }

  /// Where a line `width` cells wide starts in `room` cells from `x`.
  private func lineStart(width: Int, x: Int, within room: Int) -> Int {
    guard alignment != .leading else { return x }
    let w = min(room, width)
    return alignment == .center ? x + (room - w) / 2 : x + room - w
  }

  /// The columns a line of `textWidth` cells may take: the padded width,
  /// or more of `inner` when it would not fit (padding gives way before
  /// the text is cut). A row of a list (one with accessories or indented)
  /// whose text starts at its leading edge keeps its leading padding, so
  /// a long title starts where the others do.
  private func lineSpan(_ textWidth: Int, x: Int, width: Int, inner: CellRect?) -> (x: Int, width: Int) {
    guard textWidth > width, let inner, inner.width > width else { return (x, width) }
    let keepsLeading = hasAccessories && alignment == .leading
    let spare = keepsLeading ? inner.maxX - (x + width) : inner.width - width
    let grow = min(spare, textWidth - width)
    guard grow > 0 else { return (x, width) }
    // Grow evenly into the padding on both sides, as far as needed (a list row: the trailing side only).
    let newX = keepsLeading ? x : max(inner.x, x - (grow + 1) / 2)
    return (newX, min(inner.maxX - newX, width + grow))
  }

  /// A badge on the border near its corner, or inside the corner without a border.
  private func drawBadge(
    _ text: StyledText, in corner: Corner, frame: CellRect, inner: CellRect, hasBorder: Bool, style: Style,
    on surface: inout Surface
  ) {
    // On a border, a cell of the border line shows either side of it.
    let area = hasBorder ? CellRect(x: frame.x + 2, y: frame.y, width: frame.width - 4, height: frame.height) : inner
    guard area.width > 0, area.height > 0 else { return }
    let width = min(area.width, text.displayWidth)
    let top = corner == .topLeading || corner == .topTrailing
    let leading = corner == .topLeading || corner == .bottomLeading
    let y = top ? area.y : area.maxY - 1
    let x = leading ? area.x : area.maxX - width
    surface.draw(text, x: x, y: y, maxWidth: width, style: style)
  }

  /// One line of text in the padded width, or in more of the inner width
  /// (`inner`) when it would not fit the padded one: padding gives way
  /// before the text is cut (``lineSpan(_:x:width:inner:)``).
  private func line(_ text: String, y: Int, x: Int, width: Int, inner: CellRect? = nil, style: Style, on surface: inout Surface) {
    let textWidth = DisplayWidth.of(text)
    let (x, width) = lineSpan(textWidth, x: x, width: width, inner: inner)
    let start = lineStart(width: textWidth, x: x, within: width)
    surface.draw(text, x: start, y: y, maxWidth: width - (start - x), style: style)
  }
}
