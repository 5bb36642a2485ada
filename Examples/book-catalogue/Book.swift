/// One book of the catalogue, with every column of its row kept.
struct Book: Equatable, Sendable {
  var title: String
  var author: String
  var year: Int?
  var shelves: [String]
  /// Every column of the row, in file order (for the detail view).
  /// Replacing them lets go of the row's source.
  var fields: [(name: String, value: String)] {
    didSet { source = nil }
  }
  /// Identifies the book while the program runs (its row in the file;
  /// added books get new numbers), so edits can be diffed and undone.
  var id = 0
  /// The row it was read from, written back as it was while the book's
  /// fields are unchanged (nil for a book added here).
  var source: SourceRow?

  /// Equal content (the id and the source are not compared).
  static func == (a: Book, b: Book) -> Bool {
    a.title == b.title && a.author == b.author && a.year == b.year && a.shelves == b.shelves
      && a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.value) == b.fields.map(\.value)
  }

  /// The year as people write it: "1813", "479 BC", or "" when unknown.
  var yearText: String {
    guard let year else { return "" }
    return year < 0 ? "\(-year) BC" : "\(year)"
  }
}
