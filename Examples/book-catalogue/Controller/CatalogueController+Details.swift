import BookCatalogueModel
import Foundation
import TermGrid
import TermGridImages

extension CatalogueController {
  /// A book's fields for the detail panel: title, author, year, shelves,
  /// then the file's other columns that have a value.
  static func detailRows(for book: Book) -> [PanelOverlay.Row] {
    var rows: [PanelOverlay.Row] = [.init("Title", book.title), .init("Author", book.author)]
    if !book.yearText.isEmpty { rows.append(.init("Year", book.yearText)) }
    if !book.shelves.isEmpty { rows.append(.init("Shelves", book.shelves.joined(separator: ", "))) }
    if !book.status.isEmpty { rows.append(.init("Status", book.status)) }
    if book.rating > 0 { rows.append(.init("My rating", "\(stars(book.rating)) (\(book.rating) of 5)")) }
    let shown: Set<String> = [
      "title", "author", "year published", "original publication year", "year", "bookshelves", "shelf", "shelves", "exclusive shelf",
      "my rating",
    ]
    for field in book.fields where !shown.contains(field.name.lowercased()) && !field.value.isEmpty {
      // Goodreads' ="0060935464" as the ISBN it wraps.
      let isISBN = field.name.lowercased().hasPrefix("isbn")
      let value = isISBN ? ISBN.unwrap(field.value) : field.value
      if !value.isEmpty { rows.append(.init(field.name, value)) }
    }
    if book.year != nil, let original = book.editionYear,
      !original.isEmpty, original != book.yearText
    {
      rows.insert(.init("Edition", original), at: min(rows.count, 3))
    }
    return rows
  }
}
