import GridRender

/// One line of text being typed (the filter, a file name): printable
/// characters append, Backspace removes the last, Enter submits, Esc cancels.
struct LineInput: Equatable {
  /// What a key did.
  enum Outcome: Equatable {
    case editing, submitted, cancelled
  }

  var text: String
  static let maxLength = 500

  init(_ text: String = "") { self.text = text }

  mutating func handle(_ key: Key) -> Outcome {
    switch key.code {
    case .escape: return .cancelled
    case .enter: return .submitted
    case .backspace, .delete: if !text.isEmpty { text.removeLast() }
    case .character(let c) where !key.modifiers.contains(.control) && !c.isNewline
      && !(c.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false):
      if text.count < Self.maxLength { text.append(c) }
    default: break
    }
    return .editing
  }

  /// Draws `label` and the text (its end, where the typing happens) with a cursor, in `style`.
  func draw(label: String, x: Int, y: Int, width: Int, style: Style, on surface: inout Surface) -> Int {
    var used = surface.draw(label, x: x, y: y, maxWidth: width, style: style)
    let room = width - used - 1
    guard room > 0 else { return used }
    var shown = text
    while DisplayWidth.of(shown) > room { shown.removeFirst() }
    used += surface.draw(shown, x: x + used, y: y, maxWidth: room, style: style, ellipsis: false)
    var cursor = style
    cursor.attributes.formSymmetricDifference([.reverse])
    surface.draw(" ", x: x + used, y: y, style: cursor)
    return used + 1
  }
}
