import BookCatalogueModel
import Foundation
import TermGrid

/// The add-a-book form's rules: the texts of its fields (title, author,
/// year) become a book, or are refused with a reason and the field to fix.
enum BookForm {
  /// A book from the form's texts; a missing title or a year that is not a
  /// whole number (negative for BC) is refused.
  static func book(from values: [String]) throws(FormOverlay.Rejection) -> Book {
    let texts = values.map { $0.trimmingCharacters(in: .whitespaces) } + ["", "", ""]
    let (title, author, yearText) = (texts[0], texts[1], texts[2])
    guard !title.isEmpty else { throw FormOverlay.Rejection("a book needs a title", field: 0) }
    var year: Int?
    if !yearText.isEmpty {
      guard let y = Int(yearText), (-5000...9999).contains(y) else {
        throw FormOverlay.Rejection("the year must be a whole number (negative for BC)", field: 2)
      }
      year = y
    }
    let who = author.isEmpty ? "Unknown author" : author
    var fields: [(name: String, value: String)] = [("Title", title), ("Author", who)]
    if let year { fields.append(("Year Published", "\(year)")) }
    return Book(title: title, author: who, year: year, shelves: [], fields: fields)
  }
}
