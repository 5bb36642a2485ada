/// How books are grouped into sections.
public enum Grouping: String, CaseIterable, Sendable {
  /// By the book's author.
  case author
  /// By the book's first shelf.
  case shelf
  /// By the decade of the book's year.
  case decade
  /// Goodreads' Exclusive Shelf: currently-reading, to-read, read.
  case status
}
