/// What a card shows of a book.
public struct CalibreBook: Equatable, Sendable {
  /// The book's id in the library (`books.id`).
  public var id: Int64
  /// The title.
  public var title: String
  /// The authors, in Calibre's order.
  public var authors: [String]
  /// The publication year (nil when Calibre has none).
  public var year: Int?
  /// Stars x 2, as Calibre stores them (0: none).
  public var rating: Int
  /// The cover file, when the book has one.
  public var coverPath: String?
}
