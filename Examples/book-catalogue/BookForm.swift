import BookCatalogueModel
import TermGrid

/// The add-a-book form: the texts of its fields (title, author, year)
/// become a book (``Book/init(title:author:yearText:)`` has the rules), or
/// are refused with a reason and the field to fix.
enum BookForm {
  /// A book from the form's texts; a missing title or a year that is not a
  /// whole number (negative for BC) is refused.
  static func book(from values: [String]) throws(FormOverlay.Rejection) -> Book {
    let texts = values + ["", "", ""]
    do {
      return try Book(title: texts[0], author: texts[1], yearText: texts[2])
    } catch {
      switch error {
      case .missingTitle: throw FormOverlay.Rejection("a book needs a title", field: 0)
      case .invalidYear: throw FormOverlay.Rejection("the year must be a whole number (negative for BC)", field: 2)
      }
    }
  }
}
