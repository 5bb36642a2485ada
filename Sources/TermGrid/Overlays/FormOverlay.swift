import GridRender

/// A box of labelled text fields (add a record): Tab or Down goes to the
/// next field, Shift-Tab or Up to the previous, editing keys edit the
/// field (see ``TextField``), Enter submits on any field, Esc cancels.
///
/// `onSubmit` gets the texts in field order; to refuse them, throw
/// ``Rejection`` with a message (and the field to go back to): the form
/// stays open and shows it.
public final class FormOverlay: Overlay {
  /// A labelled field.
  public struct Field: Hashable, Sendable {
    /// The label, left of the text.
    public var label: String
    /// The text and its cursor.
    public var field: TextField
    /// Creates a field holding `text`.
    public init(_ label: String, text: String = "", maxLength: Int = 200) {
      self.label = label
      field = TextField(text, maxLength: maxLength)
    }
  }

  /// Thrown by `onSubmit` to keep the form open with a message.
  public struct Rejection: Error, Hashable, Sendable {
    /// Why, shown in the form.
    public var message: String
    /// The field to go back to.
    public var field: Int?
    /// Creates a rejection.
    public init(_ message: String, field: Int? = nil) {
      self.message = message
      self.field = field
    }
  }

  /// The title, on the top border.
  public var title: String
  /// The fields, top to bottom; their texts are what ``onSubmit`` gets.
  public var fields: [Field]
  /// The field being typed in.
  public var focusedField = 0
  /// Why the last submission was refused, shown under the fields.
  public private(set) var errorMessage: String?
  /// Enter: the texts, in field order.
  public var onSubmit: ([String]) throws -> Void
  /// Esc.
  public var onCancel: (() throws -> Void)?

  /// Creates a form.
  public init(
    title: String, fields: [Field], onCancel: (() throws -> Void)? = nil, onSubmit: @escaping ([String]) throws -> Void
  ) {
    self.title = title
    self.fields = fields
    self.onCancel = onCancel
    self.onSubmit = onSubmit
  }

  /// The texts, in field order.
  public var values: [String] { fields.map(\.field.text) }

  public func handle(_ key: Key) throws -> OverlayResponse {
    guard !fields.isEmpty else { return .dismiss }
    switch key.code {
    case .escape:
      try onCancel?()
      return .dismiss
    case .enter:
      do {
        try onSubmit(values)
        return .dismiss
      } catch let rejection as Rejection {
        errorMessage = rejection.message
        if let f = rejection.field, fields.indices.contains(f) { focusedField = f }
        return .handled
      }
    case .tab, .down: focusedField = (focusedField + 1) % fields.count
    case .backTab, .up: focusedField = (focusedField + fields.count - 1) % fields.count
    default: fields[focusedField].field.handle(key)
    }
    return .handled
  }

  /// Puts the pasted text in the field being typed in, at its cursor (a
  /// line break as a space: see ``TextField/paste(_:)``). A line break in
  /// a paste never submits the form nor moves to another field.
  public func paste(_ text: String) throws -> OverlayResponse {
    guard fields.indices.contains(focusedField) else { return .handled }
    fields[focusedField].field.paste(text)
    return .handled
  }

  /// Esc cancels the edits and field changes before it; Enter is ordinary.
  public func role(ofQueued key: Key) -> QueuedInputRole {
    guard !fields.isEmpty else { return .cancelling }
    switch key.code {
    case .enter: return .ordinary
    case .escape: return .cancelling
    default: return .droppable
    }
  }

  public func draw(into surface: inout Surface, theme: Theme) {
    let labelWidth = min(20, fields.map { DisplayWidth.of($0.label) }.max() ?? 0)
    let height = fields.count + 4 + (errorMessage == nil ? 0 : 2)
    let box = surface.bounds.centered(width: 60, height: height)
    guard box.width >= 12, box.height >= 3 else { return }
    surface.drawOverlayBox(box, title: title, footer: "Enter submits · Tab next field · Esc cancels", theme: theme)
    for (i, field) in fields.enumerated() {
      let y = box.y + 2 + i
      guard y < box.maxY - 1 else { break }
      surface.draw(field.label, x: box.x + 2, y: y, maxWidth: labelWidth, style: theme.secondaryText)
      let x = box.x + 2 + labelWidth + 1
      let room = box.maxX - 2 - x
      guard room > 1 else { continue }
      let focused = i == focusedField
      let style = focused ? Style(attributes: [.underline]) : .plain
      surface.fill(CellRect(x: x, y: y, width: room, height: 1), style: style)
      field.field.draw(on: &surface, x: x, y: y, width: room, style: style, showsCursor: focused)
    }
    if let errorMessage, box.height >= fields.count + 6 {
      surface.draw(errorMessage, x: box.x + 2, y: box.maxY - 3, maxWidth: box.width - 4, style: theme.overlayTitle)
    }
  }
}
