import Foundation
import GridRender

/// The small inline form that adds a book: title, author and year. Tab or
/// Down moves to the next field, Shift-Tab or Up to the previous, Enter
/// adds the book (on any field), Esc cancels. Text is sanitised when drawn.
struct BookForm {
  /// What a key did to the form.
  enum Outcome: Equatable {
    case editing
    case cancelled
    case submitted(Book)
  }

  static let labels = ["Title", "Author", "Year"]
  var values: [String]
  var field = 0
  /// Why the last Enter was refused.
  var error: String?

  init(author: String) { values = ["", author, ""] }

  mutating func handle(_ key: Key) -> Outcome {
    switch key.code {
    case .escape: return .cancelled
    case .tab, .down: field = (field + 1) % values.count
    case .backTab, .up: field = (field + values.count - 1) % values.count
    case .backspace, .delete: if !values[field].isEmpty { values[field].removeLast() }
    case .enter: return submit()
    case .character(let c) where !c.isNewline && !(c.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false):
      if values[field].count < 200 { values[field].append(c) }
    default: break
    }
    return .editing
  }

  private mutating func submit() -> Outcome {
    let title = values[0].trimmingCharacters(in: .whitespaces)
    let author = values[1].trimmingCharacters(in: .whitespaces)
    let yearText = values[2].trimmingCharacters(in: .whitespaces)
    guard !title.isEmpty else {
      error = "a book needs a title"
      field = 0
      return .editing
    }
    var year: Int?
    if !yearText.isEmpty {
      guard let y = Int(yearText), (-5000...9999).contains(y) else {
        error = "the year must be a whole number (negative for BC)"
        field = 2
        return .editing
      }
      year = y
    }
    let who = author.isEmpty ? "Unknown author" : author
    var fields: [(name: String, value: String)] = [("Title", title), ("Author", who)]
    if let year { fields.append(("Year Published", "\(year)")) }
    return .submitted(Book(title: title, author: who, year: year, shelves: [], fields: fields))
  }

  func draw(on surface: inout Surface) {
    let width = min(surface.width, 60)
    let height = min(surface.height, 9)
    guard width >= 12, height >= 5 else { return }
    let box = CellRect(x: (surface.width - width) / 2, y: (surface.height - height) / 2, width: width, height: height)
    surface.fill(box)
    surface.drawBorder(box, border: .double, style: Style(attributes: [.bold]))
    surface.draw(" Add a book ", x: box.x + 2, y: box.y, maxWidth: box.width - 4, style: Style(attributes: [.bold]))
    let labelWidth = 7
    for (i, label) in Self.labels.enumerated() where box.y + 2 + i < box.maxY - 1 {
      let y = box.y + 2 + i
      surface.draw(label, x: box.x + 2, y: y, maxWidth: labelWidth, style: Style(attributes: [.dim]))
      let x = box.x + 2 + labelWidth + 1
      let room = box.maxX - 2 - x
      guard room > 1 else { continue }
      let focused = i == field
      let style = focused ? Style(attributes: [.underline]) : .plain
      surface.fill(CellRect(x: x, y: y, width: room, height: 1), style: style)
      // Show the end of a long value, where the typing happens.
      var text = values[i]
      while DisplayWidth.of(text) > room - 1 { text.removeFirst() }
      let used = surface.draw(text, x: x, y: y, maxWidth: room, style: style, ellipsis: false)
      if focused { surface.draw(" ", x: x + used, y: y, style: Style(attributes: [.reverse])) }
    }
    if let error, box.height >= 8 {
      surface.draw(error, x: box.x + 2, y: box.maxY - 3, maxWidth: box.width - 4, style: Style(attributes: [.bold]))
    }
    surface.draw(
      " Enter add · Tab next field · Esc cancel ", x: box.x + 2, y: box.maxY - 1, maxWidth: box.width - 4,
      style: Style(attributes: [.dim]))
  }
}
