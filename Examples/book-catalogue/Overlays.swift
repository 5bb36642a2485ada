import GridRender

/// A bordered box centred on the screen with lines of text; clipped to the
/// screen on tiny terminals.
struct Panel {
  var title: String
  var lines: [(label: String, value: String)]
  var footer: String

  func draw(on surface: inout Surface) {
    let labelWidth = lines.map { DisplayWidth.of($0.label) }.max() ?? 0
    let contentWidth = lines.map { labelWidth + 2 + DisplayWidth.of($0.value) }.max() ?? 0
    let width = min(surface.width, max(contentWidth + 4, DisplayWidth.of(title) + 6, DisplayWidth.of(footer) + 4, 30))
    let height = min(surface.height, lines.count + 4)
    guard width >= 3, height >= 3 else { return }
    let box = CellRect(x: (surface.width - width) / 2, y: (surface.height - height) / 2, width: width, height: height)
    surface.fill(box)
    surface.drawBorder(box, border: .double, style: Style(attributes: [.bold]))
    surface.draw(" \(title) ", x: box.x + 2, y: box.y, maxWidth: box.width - 4, style: Style(attributes: [.bold]))
    for (i, line) in lines.enumerated() where box.y + 2 + i < box.maxY - 1 {
      let y = box.y + 2 + i
      surface.draw(line.label, x: box.x + 2, y: y, maxWidth: box.width - 4, style: Style(attributes: [.dim]))
      let x = box.x + 2 + labelWidth + 2
      surface.draw(line.value, x: x, y: y, maxWidth: box.maxX - 2 - x)
    }
    surface.draw(" \(footer) ", x: box.x + 2, y: box.maxY - 1, maxWidth: box.width - 4, style: Style(attributes: [.dim]))
  }
}

/// Every field of one book.
struct DetailOverlay {
  var book: Book

  func draw(on surface: inout Surface) {
    var lines: [(label: String, value: String)] = [("Title", book.title), ("Author", book.author)]
    if !book.yearText.isEmpty { lines.append(("Year", book.yearText)) }
    if !book.shelves.isEmpty { lines.append(("Shelves", book.shelves.joined(separator: ", "))) }
    let shown: Set<String> = ["title", "author", "year published", "year", "bookshelves", "shelf", "shelves"]
    for field in book.fields where !shown.contains(field.name.lowercased()) && !field.value.isEmpty {
      lines.append((field.name, field.value))
    }
    Panel(title: "Book", lines: lines, footer: "Esc or q to return").draw(on: &surface)
  }
}

/// The key bindings.
struct HelpOverlay {
  static let bindings: [(String, String)] = [
    ("arrows, h j k l", "move to the nearest book in that direction"),
    ("PgUp / PgDn", "page up / down"),
    ("Home / End, g / G", "first / last book"),
    ("Tab / Shift-Tab", "next / previous section"),
    ("Enter", "show the book's details"),
    ("Space", "select or deselect the book"),
    ("Shift+arrows", "select a range"),
    ("d, Delete", "delete the selected books, or this one"),
    ("a, Insert", "add a book (title, author, year)"),
    ("m", "move the book: arrows, Enter drops, Esc puts back"),
    ("/", "filter by title, author or shelf"),
    ("o", "order: file, title, year, author"),
    ("s / S", "save / save under another name"),
    ("u", "undo the last delete, add or move"),
    ("L", "next layout: grid, list, waterfall, shelves"),
    ("Esc", "clear the selection, then the filter"),
    ("mouse", "click selects, double click opens, drag moves"),
    ("?", "this help"),
    ("q", "quit"),
  ]

  func draw(on surface: inout Surface) {
    Panel(title: "Keys", lines: Self.bindings.map { (label: $0.0, value: $0.1) }, footer: "any key to close")
      .draw(on: &surface)
  }
}
