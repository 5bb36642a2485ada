/// One book of the catalogue, with every column of its row kept.
struct Book: Equatable, Sendable {
  var title: String
  var author: String
  var year: Int?
  var shelves: [String]
  /// Fields given or edited here; nil while they are the source row's.
  private var storedFields: [(name: String, value: String)]?
  /// Identifies the book while the program runs (its row in the file;
  /// added books get new numbers), so edits can be diffed and undone.
  var id = 0
  /// The row it was read from, written back as it was while the book's
  /// fields are unchanged (nil for a book added here).
  var source: SourceRow?

  /// A book with its fields (or, with `source`, the fields of its row, read when asked for).
  init(
    title: String, author: String, year: Int?, shelves: [String], fields: [(name: String, value: String)]? = nil,
    id: Int = 0, source: SourceRow? = nil
  ) {
    self.title = title
    self.author = author
    self.year = year
    self.shelves = shelves
    self.storedFields = fields
    self.id = id
    self.source = source
  }

  /// Every column of the row, in file order (for the detail view and for
  /// saving an edited row). A book read from a file decodes them from its
  /// row when asked (a catalogue of a million books keeps no copy of
  /// columns nobody looks at). Replacing them lets go of the row's source.
  var fields: [(name: String, value: String)] {
    get { storedFields ?? source?.fields ?? [] }
    set {
      storedFields = newValue
      source = nil
    }
  }

  /// Equal content (the id and the source are not compared).
  static func == (a: Book, b: Book) -> Bool {
    guard a.title == b.title && a.author == b.author && a.year == b.year && a.shelves == b.shelves else { return false }
    // Two rows as read: the same bytes are the same fields (no decoding).
    if a.storedFields == nil, b.storedFields == nil, let x = a.source, let y = b.source,
      x.header == y.header, x.bytes.elementsEqual(y.bytes)
    {
      return true
    }
    let (f, g) = (a.fields, b.fields)
    return f.map(\.name) == g.map(\.name) && f.map(\.value) == g.map(\.value)
  }

  /// The year as people write it: "1813", "479 BC", or "" when unknown.
  var yearText: String {
    guard let year else { return "" }
    return year < 0 ? "\(-year) BC" : "\(year)"
  }
}
