import GridRender

/// Draws ``ElementContent`` into a frame on a surface, with the state (focus,
/// selection, lifted) drawn from the theme whatever drew the content.
struct ElementRenderer {
  var theme: Theme
  /// The terminal's colours, which pictures are made for.
  var colors: ColorSupport = .trueColor
  /// False on a terminal set to show no pictures: their placeholders show.
  var showsPictures = true

  /// Draws `content`; returns the picture source it showed a placeholder
  /// for while its picture is being made (nil when none is awaited).
  @discardableResult
  func draw(_ content: ElementContent, in frame: CellRect, state: ElementState, on surface: inout Surface) -> (any PictureSource)? {
    if let custom = content.draw {
      if content.fill != .space || content.fillStyle != nil {
        surface.fill(frame, with: content.fill, style: content.fillStyle ?? content.style)
      }
      custom(&surface, frame, state)
      drawState(state, over: frame, hasBorder: false, on: &surface)
      content.afterDraw?(&surface, frame, state)
      return nil
    }
    var style = content.style
    let stateAttributes = attributes(for: state)
    style.attributes.formUnion(stateAttributes)
    // An ASCII-only theme fills with ASCII (a header's rule, a list's separator: `-`).
    let fill = theme.asciiOnly && !content.fill.isASCII ? Grapheme(ascii: content.fill.asciiFallback) : content.fill
    if let fillStyle = content.fillStyle {
      surface.fill(frame, with: fill, style: fillStyle.adding(stateAttributes))
    } else {
      surface.fill(frame, with: fill, style: style)
    }
    var inner = frame
    let hasBorder = content.drawsBorder(in: frame)
    if var border = content.border, hasBorder {
      if state.isSelected { border = theme.selectedBorder }
      if state.isLifted { border = theme.liftedBorder }
      if theme.asciiOnly { border = state.isLifted ? Border.asciiDouble : .ascii }
      surface.drawBorder(frame, border: border, style: style)
      inner = frame.insetBy(1)
    }
    let body = drawAccessories(of: content, in: inner, style: style, on: &surface)
    var awaited: (any PictureSource)?
    if let picture = content.picture {
      let (pictureArea, textArea) = content.split(body, for: picture.placement)
      awaited = draw(
        picture, in: pictureArea, title: content.title,
        adding: picture.placement == .fill && !hasBorder ? stateAttributes : [], on: &surface)
      if !textArea.isEmpty { drawText(content, inner: textArea, style: style, state: state, on: &surface) }
    } else {
      drawText(content, inner: body, style: style, state: state, on: &surface)
    }
    if let badge = content.badge { drawBadge(badge, frame: frame, inner: inner, hasBorder: hasBorder, style: style, on: &surface) }
    // A row that shows a checkmark says it is selected with it: no second mark.
    if state.isSelected, !content.accessories.contains(where: { $0.kind == .checkmark }) {
      drawSelectionMark(frame: frame, hasBorder: hasBorder, style: style, on: &surface)
    }
    content.afterDraw?(&surface, frame, state)
    return awaited
  }

  /// The picture centred in `area`, or its stand-in or placeholder;
  /// returns the source when its picture is still to come.
  private func draw(
    _ picture: CellPicture, in area: CellRect, title: String, adding attributes: TextAttributes, on surface: inout Surface
  ) -> (any PictureSource)? {
    surface.draw(
      picture, in: area, title: title, colors: colors, adding: attributes, showsPicture: showsPictures, asciiOnly: theme.asciiOnly)
  }

  /// The theme's attributes for a state.
  private func attributes(for state: ElementState) -> TextAttributes {
    var a: TextAttributes = []
    if state.isSelected { a.formUnion(theme.selected) }
    if state.isFocused { a.formUnion(theme.focused) }
    if state.isLifted { a.formUnion(theme.lifted) }
    return a
  }

  /// Over content drawn by a closure: the state's attributes on every cell
  /// of the frame, and the selection mark.
  private func drawState(_ state: ElementState, over frame: CellRect, hasBorder: Bool, on surface: inout Surface) {
    let a = attributes(for: state)
    guard !a.isEmpty else { return }
    surface.withClip(frame) { $0.restyle(frame) { $0.adding(a) } }
    if state.isSelected {
      var style = surface.bounds.contains(x: frame.x, y: frame.y) ? surface[frame.x, frame.y].style : .plain
      style.attributes.formUnion(a)
      drawSelectionMark(frame: frame, hasBorder: hasBorder, style: style, on: &surface)
    }
  }

  private func drawSelectionMark(frame: CellRect, hasBorder: Bool, style: Style, on surface: inout Surface) {
    let mark: Grapheme = theme.asciiOnly ? "*" : theme.selectionMark
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

  private func placeText(of content: ElementContent, inner: CellRect) -> TextPlacement? {
    let textX = inner.x + content.padding
    let textWidth = inner.width - 2 * content.padding
    guard textWidth > 0, inner.height > 0 else { return nil }
    let hasTitle = !content.title.isEmpty
    guard hasTitle || content.detail != nil || !content.lines.isEmpty else { return nil }
    let detailLines = content.detail != nil && inner.height >= 2 ? 1 : 0
    let room = inner.height - detailLines
    // The title wrapped (only when it may take more than a line), then the lines, as many as fit.
    let titleLimit = hasTitle ? max(0, min(content.titleLineLimit, room)) : 0
    let titleLines: [String]
    if titleLimit == 1 {
      titleLines = [content.title]
    } else if titleLimit > 1 {
      titleLines = TextLayout.wrap(content.title, width: textWidth, maxLines: titleLimit)
    } else {
      titleLines = []
    }
    let extra = min(content.lines.count, max(0, room - titleLines.count))
    let used = titleLines.count + extra
    // Top: the title at the top, the detail on the last line. Bottom: all
    // of it against the bottom (the detail last). Centre: the title, the
    // lines and the detail centred together, the detail right under them.
    var y = inner.y
    var detailY = inner.maxY - 1
    switch content.verticalAlignment {
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
  private func drawText(_ content: ElementContent, inner: CellRect, style: Style, state: ElementState, on surface: inout Surface) {
    guard let placed = placeText(of: content, inner: inner) else { return }
    let (textX, textWidth) = (placed.textX, placed.textWidth)
    var titleStyle = style.adding(content.titleAttributes)
    if let color = content.titleColor { titleStyle.foreground = color }
    var y = placed.firstY
    for text in placed.titleLines {
      line(text, y: y, x: textX, width: textWidth, inner: inner, style: titleStyle, of: content, on: &surface)
      y += 1
    }
    for styled in content.lines.prefix(placed.extraLines) {
      let start = lineStart(width: styled.displayWidth, x: textX, within: textWidth, alignment: content.alignment)
      surface.draw(styled, x: start, y: y, maxWidth: textWidth - (start - textX), style: style)
      y += 1
    }
    if let detailY = placed.detailY, let detail = content.detail {
      var detailStyle = style
      if !state.isFocused { detailStyle.attributes.insert(.dim) }
      line(detail, y: detailY, x: textX, width: textWidth, inner: inner, style: detailStyle, of: content, on: &surface)
    }
  }

  /// The first cell of `content`'s text when drawn in `frame`: where its
  /// title starts (else its first line, else its detail), or the frame's
  /// first cell inside its border for content drawn by a closure, a picture
  /// alone or no text. Where the terminal's cursor rests on the focused item.
  func textStart(of content: ElementContent, in frame: CellRect) -> CellPoint {
    var inner = frame
    if content.draw == nil, content.border != nil, content.drawsBorder(in: frame) { inner = frame.insetBy(1) }
    let fallback = CellPoint(x: inner.isEmpty ? frame.x : inner.x, y: inner.isEmpty ? frame.y : inner.y)
    guard content.draw == nil else { return fallback }
    var textArea = body(of: content, in: inner)
    if let picture = content.picture { textArea = content.split(textArea, for: picture.placement).1 }
    guard !textArea.isEmpty, let placed = placeText(of: content, inner: textArea) else { return fallback }
    if let title = placed.titleLines.first {
      let (x, width) = lineSpan(
        DisplayWidth.of(title), x: placed.textX, width: placed.textWidth, inner: textArea, of: content)
      return CellPoint(x: lineStart(width: DisplayWidth.of(title), x: x, within: width, alignment: content.alignment), y: placed.firstY)
    }
    if placed.extraLines > 0 {
      let start = lineStart(
        width: content.lines[0].displayWidth, x: placed.textX, within: placed.textWidth, alignment: content.alignment)
      return CellPoint(x: start, y: placed.firstY)
    }
    if let detailY = placed.detailY, let detail = content.detail {
      let (x, width) = lineSpan(
        DisplayWidth.of(detail), x: placed.textX, width: placed.textWidth, inner: textArea, of: content)
      return CellPoint(x: lineStart(width: DisplayWidth.of(detail), x: x, within: width, alignment: content.alignment), y: detailY)
    }
    return fallback
  }

  /// Where a line `width` cells wide starts in `room` cells from `x`.
  private func lineStart(width: Int, x: Int, within room: Int, alignment: ElementContent.Alignment) -> Int {
    guard alignment != .leading else { return x }
    let w = min(room, width)
    return alignment == .center ? x + (room - w) / 2 : x + room - w
  }

  /// The columns a line of `textWidth` cells may take: the padded width,
  /// or more of `inner` when it would not fit (padding gives way before
  /// the text is cut). A row of a list (one with accessories or indented)
  /// whose text starts at its leading edge keeps its leading padding, so
  /// a long title starts where the others do.
  private func lineSpan(_ textWidth: Int, x: Int, width: Int, inner: CellRect?, of content: ElementContent) -> (x: Int, width: Int) {
    guard textWidth > width, let inner, inner.width > width else { return (x, width) }
    let keepsLeading = content.hasAccessories && content.alignment == .leading
    let spare = keepsLeading ? inner.maxX - (x + width) : inner.width - width
    let grow = min(spare, textWidth - width)
    guard grow > 0 else { return (x, width) }
    // Grow evenly into the padding on both sides, as far as needed (a list row: the trailing side only).
    let newX = keepsLeading ? x : max(inner.x, x - (grow + 1) / 2)
    return (newX, min(inner.maxX - newX, width + grow))
  }

  /// A badge on the border near its corner, or inside the corner without a border.
  private func drawBadge(
    _ badge: Badge, frame: CellRect, inner: CellRect, hasBorder: Bool, style: Style, on surface: inout Surface
  ) {
    // On a border, a cell of the border line shows either side of it.
    let area = hasBorder ? CellRect(x: frame.x + 2, y: frame.y, width: frame.width - 4, height: frame.height) : inner
    guard area.width > 0, area.height > 0 else { return }
    let width = min(area.width, badge.text.displayWidth)
    let top = badge.corner == .topLeading || badge.corner == .topTrailing
    let leading = badge.corner == .topLeading || badge.corner == .bottomLeading
    let y = top ? area.y : area.maxY - 1
    let x = leading ? area.x : area.maxX - width
    surface.draw(badge.text, x: x, y: y, maxWidth: width, style: style)
  }

  /// One line of `content`'s text in the padded width, or in more of the
  /// inner width (`inner`) when it would not fit the padded one: padding
  /// gives way before the text is cut (``lineSpan(_:x:width:inner:of:)``).
  private func line(
    _ text: String, y: Int, x: Int, width: Int, inner: CellRect? = nil, style: Style, of content: ElementContent,
    on surface: inout Surface
  ) {
    let textWidth = DisplayWidth.of(text)
    let (x, width) = lineSpan(textWidth, x: x, width: width, inner: inner, of: content)
    let start = lineStart(width: textWidth, x: x, within: width, alignment: content.alignment)
    surface.draw(text, x: start, y: y, maxWidth: width - (start - x), style: style)
  }
}
