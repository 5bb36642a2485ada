import GridRender

/// A line of text typed on the bottom line: a filter, a file name. Editing
/// keys edit (see ``TextField``); Enter submits, Esc cancels. `onChange`
/// runs after every change, so a filter can narrow the view as the person
/// types; `hint` is shown after the text (a count of matches, what Enter does).
public final class TextInputOverlay: Overlay {
  /// The label before the text (" / ", " Save as: ").
  public var label: String
  /// The text and its cursor.
  public var field: TextField
  /// What follows the text on the line, given the text.
  public var hint: ((String) -> String)?
  /// After each change of the text.
  public var onChange: ((String) throws -> Void)?
  /// Enter: the text.
  public var onSubmit: (String) throws -> Void
  /// Esc.
  public var onCancel: (() throws -> Void)?

  /// Creates a text input showing `label` and `text` (the cursor at its
  /// end); `hint` is drawn after the text, `onChange` runs after each
  /// change, `onCancel` on Esc and `onSubmit` on Enter (the overlay then closes).
  public init(
    label: String, text: String = "", hint: ((String) -> String)? = nil, onChange: ((String) throws -> Void)? = nil,
    onCancel: (() throws -> Void)? = nil, onSubmit: @escaping (String) throws -> Void
  ) {
    self.label = label
    field = TextField(text)
    self.hint = hint
    self.onChange = onChange
    self.onCancel = onCancel
    self.onSubmit = onSubmit
  }

  /// The text typed so far.
  public var text: String { field.text }

  public func handle(_ key: Key) throws -> OverlayResponse {
    switch key.code {
    case .enter:
      try onSubmit(field.text)
      return .dismiss
    case .escape:
      try onCancel?()
      return .dismiss
    default:
      let before = field.text
      field.handle(key)
      if field.text != before { try onChange?(field.text) }
      return .handled
    }
  }

  /// Puts the pasted text in the field at the cursor (a line break as a
  /// space: see ``TextField/paste(_:)``); `onChange` runs when it changed
  /// the text. The overlay stays: a line break in a paste never submits.
  public func paste(_ text: String) throws -> OverlayResponse {
    if field.paste(text) { try onChange?(field.text) }
    return .handled
  }

  /// Esc cancels what was typed before it (``onCancel`` is called, not
  /// ``onChange`` for the keys it drops); an edit is droppable; Enter is ordinary.
  public func role(ofQueued key: Key) -> QueuedInputRole {
    switch key.code {
    case .enter: .ordinary
    case .escape: .cancelling
    default: .droppable
    }
  }

  public func draw(into surface: inout Surface, theme: Theme) {
    guard surface.height > 0 else { return }
    let y = surface.height - 1
    let width = surface.width
    let style = theme.statusBar
    surface.fill(CellRect(x: 0, y: y, width: width, height: 1), style: style)
    var x = surface.draw(label, x: 0, y: y, maxWidth: width, style: style)
    let hintText = hint?(field.text) ?? ""
    let hintWidth = DisplayWidth.of(hintText)
    // The text gets what the hint leaves, and at least half the line.
    let room = max(min(width - x, width / 2), width - x - hintWidth)
    x += field.draw(on: &surface, x: x, y: y, width: room, style: style)
    if !hintText.isEmpty, x < width {
      surface.draw(hintText, x: x, y: y, maxWidth: width - x, style: style)
    }
  }
}
