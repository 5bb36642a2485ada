import Foundation

/// Why what a person typed is not a book.
public enum BookEntryError: Error, Equatable, Sendable {
  /// The title is empty, or only spaces.
  case missingTitle
  /// The year is not a whole number in ``Book/enteredYears``.
  case invalidYear
}

extension Book {
  /// The years a book typed in may have: 5000 BC (-5000) to 9999.
  public static let enteredYears = -5000...9999

  /// A new book from the texts a person typed: its title (required), its
  /// author ("Unknown author" when empty) and its year (empty for none, a
  /// whole number, negative for BC), each trimmed of spaces. Its fields are
  /// Title, Author and, with a year, Year Published.
  public init(title: String, author: String, yearText: String) throws(BookEntryError) {
    let title = title.trimmingCharacters(in: .whitespaces)
    let author = author.trimmingCharacters(in: .whitespaces)
    let yearText = yearText.trimmingCharacters(in: .whitespaces)
    guard !title.isEmpty else { throw .missingTitle }
    var year: Int?
    if !yearText.isEmpty {
      guard let y = Int(yearText), Self.enteredYears.contains(y) else { throw .invalidYear }
      year = y
    }
    let who = author.isEmpty ? "Unknown author" : author
    var fields: [(name: String, value: String)] = [("Title", title), ("Author", who)]
    if let year { fields.append(("Year Published", "\(year)")) }
    self.init(title: title, author: who, year: year, shelves: [], fields: fields)
  }
}
