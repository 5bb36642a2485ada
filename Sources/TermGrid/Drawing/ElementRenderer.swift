import GridRender

/// Turns ``ElementContent`` and an element's state into what GridRender
/// draws (an `ElementDrawing`): the theme's decisions for the state (the
/// border, the attributes, the selection mark, ASCII) made once, here, so
/// that the surface draws the element whole in one call and TermGrid is
/// not asked again while it does.
struct ElementRenderer {
  var theme: Theme
  /// The terminal's colours, which pictures are made for.
  var colors: ColorSupport = .trueColor
  /// False on a terminal set to show no pictures: their placeholders show.
  var showsPictures = true

  /// What GridRender draws for `content` in `state`. (What TermGrid
  /// works out is worked out before the description is made, so that
  /// making it is the first step of the one descent into GridRender.)
  func drawing(of content: ElementContent, state: ElementState) -> ElementDrawing {
    let stateAttributes = attributes(for: state)
    let after = content.afterDraw.map { after in { (surface: inout Surface, frame: CellRect) in after(&surface, frame, state) } }
    var selectionMark: Grapheme? = state.isSelected ? (theme.asciiOnly ? "*" : theme.selectionMark) : nil
    if let custom = content.draw {
      var d = ElementDrawing()
      d.stateAttributes = stateAttributes
      d.style = content.style
      d.fill = content.fill
      d.fillStyle = content.fillStyle
      d.asciiOnly = theme.asciiOnly
      d.selectionMark = selectionMark
      d.afterDraw = after
      d.custom = { custom(&$0, $1, state) }
      return d
    }
    var border = content.border
    if border != nil {
      if state.isSelected { border = theme.selectedBorder }
      if state.isLifted { border = theme.liftedBorder }
      if theme.asciiOnly { border = state.isLifted ? Border.asciiDouble : .ascii }
    }
    let hasAccessories = content.hasAccessories
    var marks: [ElementDrawing.Mark] = []
    if hasAccessories {
      marks = content.accessories.map {
        ElementDrawing.Mark(text: $0.text(asciiOnly: theme.asciiOnly), color: $0.color, isLeading: $0.placement == .leading)
      }
      // A row that shows a checkmark says it is selected with it: no second mark.
      if content.accessories.contains(where: { $0.kind == .checkmark }) { selectionMark = nil }
    }
    let picture = content.picture.map { slot(for: $0, title: content.title) }
    var d = ElementDrawing()
    d.stateAttributes = stateAttributes
    d.style = content.style
    d.fill = content.fill
    d.fillStyle = content.fillStyle
    d.asciiOnly = theme.asciiOnly
    d.selectionMark = selectionMark
    d.afterDraw = after
    d.title = content.title
    d.titleLineLimit = content.titleLineLimit
    d.titleAttributes = content.titleAttributes
    d.titleColor = content.titleColor
    d.lines = content.lines
    d.detail = content.detail
    d.padding = content.padding
    d.dimsDetail = !state.isFocused
    d.border = border
    switch content.alignment {
    case .leading: d.alignment = .leading
    case .center: d.alignment = .center
    case .trailing: d.alignment = .trailing
    }
    switch content.verticalAlignment {
    case .top: d.verticalAlignment = .top
    case .center: d.verticalAlignment = .center
    case .bottom: d.verticalAlignment = .bottom
    }
    if let badge = content.badge {
      switch badge.corner {
      case .topLeading: d.badge = (badge.text, .topLeading)
      case .topTrailing: d.badge = (badge.text, .topTrailing)
      case .bottomLeading: d.badge = (badge.text, .bottomLeading)
      case .bottomTrailing: d.badge = (badge.text, .bottomTrailing)
      }
    }
    d.hasAccessories = hasAccessories
    d.indentation = hasAccessories ? max(0, content.indentationLevel) * max(0, content.indentationWidth) : 0
    d.marks = marks
    d.picture = picture
    return d
  }

  /// Where `picture` sits and what draws it (the source asked there).
  private func slot(for picture: CellPicture, title: String) -> ElementDrawing.PictureSlot {
    let placement: ElementDrawing.PicturePlacement
    switch picture.placement {
    case .fill: placement = .fill
    case .top: placement = .top
    case .leading(let width): placement = .leading(width: width)
    }
    let (colors, showsPictures, asciiOnly) = (colors, showsPictures, theme.asciiOnly)
    return ElementDrawing.PictureSlot(placement: placement) { surface, area, attributes in
      surface.draw(
        picture, in: area, title: title, colors: colors, adding: attributes, showsPicture: showsPictures, asciiOnly: asciiOnly)
    }
  }

  /// Draws `content`; returns the picture source it showed a placeholder
  /// for while its picture is being made (nil when none is awaited).
  @discardableResult
  func draw(_ content: ElementContent, in frame: CellRect, state: ElementState, on surface: inout Surface) -> (any PictureSource)? {
    drawing(of: content, state: state).draw(in: frame, on: &surface).awaitedPicture as? any PictureSource
  }

  /// The first cell of `content`'s text when drawn in `frame`: where its
  /// title starts (else its first line, else its detail), or the frame's
  /// first cell inside its border for content drawn by a closure, a picture
  /// alone or no text. Where the terminal's cursor rests on the focused item.
  func textStart(of content: ElementContent, in frame: CellRect) -> CellPoint {
    drawing(of: content, state: ElementState()).textStart(in: frame)
  }

  /// The accessory of `content` drawn at `point` when it is drawn in
  /// `frame` (nil for none): where a click on a row's disclosure lands.
  func accessory(of content: ElementContent, in frame: CellRect, at point: CellPoint) -> CellAccessory? {
    guard content.draw == nil else { return nil }
    return drawing(of: content, state: ElementState()).markIndex(in: frame, at: point).map { content.accessories[$0] }
  }

  /// The theme's attributes for a state.
  private func attributes(for state: ElementState) -> TextAttributes {
    var a: TextAttributes = []
    if state.isSelected { a.formUnion(theme.selected) }
    if state.isFocused { a.formUnion(theme.focused) }
    if state.isLifted { a.formUnion(theme.lifted) }
    return a
  }
}
