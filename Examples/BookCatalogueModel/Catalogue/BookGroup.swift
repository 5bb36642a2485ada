/// A group of books: one section of the grid.
public struct BookGroup: Sendable {
  /// The group's name: an author, a shelf, a decade, a status.
  public var name: String
  /// The group's books, in order.
  public var books: BookList

  /// A group named `name` of `books`.
  public init(name: String, books: BookList) {
    self.name = name
    self.books = books
  }
}
