/// How a catalogue file is laid out (its columns, byte order mark and line
/// ends), so that saving writes it back the way it was read: every column
/// kept, unknown ones included, and a row's other fields untouched.
public struct CatalogueFormat: Sendable, Equatable {
  /// How lines end.
  enum LineEnding: String, Sendable {
    case lf = "\n"
    case crlf = "\r\n"
  }

  /// The header row as read.
  public var header: [String]
  /// The header's bytes as read (written back so), if it was read.
  var headerBytes: [UInt8]?
  var hasByteOrderMark = false
  var lineEnding = LineEnding.lf
  var titleColumn: Int
  var authorColumn: Int?
  var yearColumn: Int?
  var shelfColumn: Int?
  /// The edition's year, read where the year column is empty (Goodreads'
  /// Year Published beside its Original Publication Year).
  var fallbackYearColumn: Int? = nil
  /// Goodreads' Exclusive Shelf (read, currently-reading, to-read).
  var statusColumn: Int? = nil
  /// Goodreads' My Rating (0 to 5 stars).
  var ratingColumn: Int? = nil

  /// What a book's fields are when the file does not give them.
  static let plain = CatalogueFormat(
    header: ["Title", "Author", "Year Published", "Bookshelves"], headerBytes: nil, titleColumn: 0, authorColumn: 1, yearColumn: 2,
    shelfColumn: 3)

  /// The fields of a new book, named after this header (other columns empty).
  public func fields(title: String, author: String, year: Int?, shelves: [String]) -> [(name: String, value: String)] {
    var values = [String](repeating: "", count: header.count)
    values[titleColumn] = title
    if let c = authorColumn { values[c] = author }
    if let c = yearColumn, let year { values[c] = "\(year)" }
    if let c = shelfColumn { values[c] = shelves.joined(separator: ", ") }
    return zip(header, values).map { (name: $0, value: $1) }
  }

  /// The row written for a book: its fields as read, except the title,
  /// author, year and shelves where the book now says otherwise.
  public func row(for book: Book) -> [String] { row(for: book, fields: book.fields) }

  /// The row for `book` whose fields, already read, are `fields`.
  func row(for book: Book, fields: [(name: String, value: String)]) -> [String] {
    var values = fields.count == header.count ? fields.map(\.value) : [String](repeating: "", count: header.count)
    // The plain comparison first: it settles almost every field without parsing it again.
    let title = values[titleColumn]
    if title != book.title, CatalogueLoader.title(title) != book.title { values[titleColumn] = book.title }
    if let c = authorColumn, values[c] != book.author, CatalogueLoader.author(values[c]) != book.author {
      values[c] = book.author
    }
    if let c = yearColumn, values[c] != (book.year.map { "\($0)" } ?? ""),
      (try? CatalogueLoader.year(values[c])) != .some(book.year),
      // An empty year whose edition's year is the book's stays empty.
      !(values[c].trimmedOfSpaces.isEmpty && fallbackYearColumn.map { (try? CatalogueLoader.year(values[$0])) == .some(book.year) } == true)
    {
      values[c] = book.year.map { "\($0)" } ?? ""
    }
    if let c = shelfColumn, values[c] != book.shelves.joined(separator: ", "),
      CatalogueLoader.shelves(values[c]) != book.shelves
    {
      values[c] = book.shelves.joined(separator: ", ")
    }
    return values
  }
}
