import Foundation

/// Finds books by what a person types: the text is looked for in the
/// title, the author and the shelves, ignoring case, accents and the width
/// of characters (so "etranger" finds "L'Étranger", "ｔｏｌｓｔｏｙ" finds
/// "Tolstoy", and "漱石" finds "夏目漱石").
public struct BookSearch {
  /// Each book's searchable text, folded, by id (made when first asked).
  private var folded: [Int: String] = [:]

  /// A search that has folded no book's text yet.
  public init() {}

  /// The text as searches compare it: case, accents and width folded away.
  public static func fold(_ s: String) -> String {
    s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// True when `book` contains `query` (already folded with ``fold(_:)``).
  public mutating func matches(_ book: Book, folded query: String) -> Bool {
    if query.isEmpty { return true }
    let text: String
    if let known = folded[book.id] {
      text = known
    } else {
      text = Self.fold(([book.title, book.author] + book.shelves).joined(separator: "\n"))
      folded[book.id] = text
    }
    return text.contains(query)
  }

  /// Forgets a book's text (after it changed).
  public mutating func forget(_ id: Int) { folded[id] = nil }
}
