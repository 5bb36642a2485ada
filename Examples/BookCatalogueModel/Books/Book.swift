/// One book of the catalogue, with every column of its row kept.
///
/// A value. A book as read from a file is a place in that file's
/// `BookTable` (a pointer and a number: grouping, sorting and filtering a
/// million of them copies no strings); a book made or changed here keeps its
/// properties in a box of its own, copied only when a copy is changed.
public struct Book: Equatable, Sendable {
  private final class Storage: @unchecked Sendable {
    // (Changed only through `Book`, and only while this box is not shared.)
    var title: String
    var author: String
    var year: Int?
    var shelves: [String]
    var storedFields: [(name: String, value: String)]?
    var id: Int
    var source: SourceRow?
    var isEdited = false

    init(
      title: String, author: String, year: Int?, shelves: [String], storedFields: [(name: String, value: String)]?, id: Int,
      source: SourceRow?
    ) {
      self.title = title
      self.author = author
      self.year = year
      self.shelves = shelves
      self.storedFields = storedFields
      self.id = id
      self.source = source
    }

    func copy() -> Storage {
      let s = Storage(title: title, author: author, year: year, shelves: shelves, storedFields: storedFields, id: id, source: source)
      s.isEdited = isEdited
      return s
    }
  }

  private enum Content: @unchecked Sendable {
    /// Row `row` of a table, as read.
    case read(BookTable, Int32)
    case made(Storage)
  }

  private var content: Content

  /// The box, made this book's own before a change (a book as read gets one then).
  private var unique: Storage {
    mutating get {
      switch content {
      case .read(let table, let row):
        let i = Int(row)
        let s = Storage(
          title: table.title(i), author: table.author(i), year: table.year(i), shelves: table.shelves(i), storedFields: nil,
          id: table.line(i), source: table.source(i))
        content = .made(s)
        return s
      case .made(var s):
        if !isKnownUniquelyReferenced(&s) {
          s = s.copy()
          content = .made(s)
        }
        return s
      }
    }
  }

  /// A book made here (not read from a file): its title, author, year
  /// (negative for BC), shelves, every column of its row (nil: none yet;
  /// ``fields``), and its ``id``.
  public init(
    title: String, author: String, year: Int?, shelves: [String], fields: [(name: String, value: String)]? = nil, id: Int = 0
  ) {
    content = .made(Storage(title: title, author: author, year: year, shelves: shelves, storedFields: fields, id: id, source: nil))
  }

  /// The book in row `row` of `table`, as read; its id is its line.
  init(table: BookTable, row: Int) {
    content = .read(table, Int32(row))
  }

  /// The title, trimmed of white space.
  public var title: String {
    get { value(read: { $0.title($1) }, made: \.title) }
    set { edit { $0.title = newValue } }
  }

  /// The author ("Unknown author" when the file gives none).
  public var author: String {
    get { value(read: { $0.author($1) }, made: \.author) }
    set { edit { $0.author = newValue } }
  }

  /// The year the book was first published (negative for BC), or nil when unknown.
  public var year: Int? {
    get { value(read: { $0.year($1) }, made: \.year) }
    set { edit { $0.year = newValue } }
  }

  /// The shelves it is on (Goodreads' Bookshelves), in the file's order.
  public var shelves: [String] {
    get { value(read: { $0.shelves($1) }, made: \.shelves) }
    set { edit { $0.shelves = newValue } }
  }

  /// Identifies the book while the program runs (its line in the file;
  /// added books get new numbers), so edits can be diffed and undone.
  public var id: Int {
    get { value(read: { $0.line($1) }, made: \.id) }
    set { unique.id = newValue }
  }

  /// The row it was read from, written back as it was while the book's
  /// fields are unchanged (nil for a book added here).
  var source: SourceRow? { value(read: { $0.source($1) }, made: \.source) }

  /// A field of the book: from its table's row, or from its own storage.
  private func value<T>(read: (BookTable, Int) -> T, made: (Storage) -> T) -> T {
    switch content {
    case .read(let table, let row): return read(table, Int(row))
    case .made(let s): return made(s)
    }
  }

  /// Changes the book's own storage (made unique first) and marks it edited.
  private mutating func edit(_ change: (Storage) -> Void) {
    let s = unique
    change(s)
    s.isEdited = true
  }

  /// Whether the title, author, year, shelves or fields were set since the
  /// book was made (perhaps to what they were: then its row still decides).
  var isEdited: Bool {
    switch content {
    case .read: return false
    case .made(let s): return s.isEdited
    }
  }

  /// The table and row of a book as read (for grouping by its numbers).
  var place: (table: BookTable, row: Int)? {
    if case .read(let table, let row) = content { return (table, Int(row)) }
    return nil
  }

  /// Fields given or edited here; nil while they are the source row's.
  private var storedFields: [(name: String, value: String)]? {
    if case .made(let s) = content { return s.storedFields }
    return nil
  }

  /// Every column of the row, in file order (for the detail view and for
  /// saving an edited row). A book read from a file decodes them from its
  /// row when asked (a catalogue of a million books keeps no copy of
  /// columns nobody looks at). Replacing them lets go of the row's source.
  public var fields: [(name: String, value: String)] {
    get { storedFields ?? source?.fields ?? [] }
    set {
      edit {
        $0.storedFields = newValue
        $0.source = nil
      }
    }
  }

  /// Equal content (the id and the source are not compared).
  public static func == (a: Book, b: Book) -> Bool {
    switch (a.content, b.content) {
    case (.read(let t, let r), .read(let u, let q)) where t === u && r == q: return true
    case (.made(let s), .made(let t)) where s === t: return true
    default: break
    }
    guard a.title == b.title && a.author == b.author && a.year == b.year && a.shelves == b.shelves else { return false }
    // Two rows as read: the same bytes are the same fields (no decoding).
    if a.storedFields == nil, b.storedFields == nil, let x = a.source, let y = b.source,
      x.file.header == y.file.header, x.bytes.elementsEqual(y.bytes)
    {
      return true
    }
    let (f, g) = (a.fields, b.fields)
    return f.map(\.name) == g.map(\.name) && f.map(\.value) == g.map(\.value)
  }

  /// Goodreads' Exclusive Shelf (read, currently-reading, to-read), or "".
  public var status: String {
    if case .read(let table, let row) = content { return table.status(Int(row)) }
    return field(named: CatalogueLoader.statusNames)?.trimmedOfSpaces ?? ""
  }

  /// The reader's rating in stars, 0 (none) to 5 (Goodreads' My Rating).
  public var rating: Int {
    if case .read(let table, let row) = content { return table.rating(Int(row)) }
    return Int(field(named: CatalogueLoader.ratingNames).map(CatalogueLoader.rating) ?? 0)
  }

  /// The book's ISBNs (ISBN-13 first), unwrapped from the `="..."` that
  /// Goodreads writes around them, digits (and a final X) only.
  public var isbns: [String] {
    var found: [String] = []
    for name in ["isbn13", "isbn"] {
      if let value = field(named: [name]).map(ISBN.unwrap), !value.isEmpty, !found.contains(value) { found.append(value) }
    }
    return found
  }

  /// The value of the first column named one of `names` (lower case).
  private func field(named names: [String]) -> String? {
    let all = fields
    for n in names { if let f = all.first(where: { $0.name.lowercased() == n }) { return f.value } }
    return nil
  }

  /// The edition's year as the file gives it (Goodreads' Year Published,
  /// beside its Original Publication Year), trimmed; nil without that column.
  public var editionYear: String? { field(named: ["year published"])?.trimmedOfSpaces }

  /// The year as people write it: "1813", "479 BC", or "" when unknown.
  public var yearText: String {
    guard let year else { return "" }
    return year < 0 ? "\(-year) BC" : "\(year)"
  }
}
