import Foundation
import GridLayout

/// How books are grouped into sections.
enum Grouping: String, CaseIterable, Sendable {
  case author, shelf, decade
}

/// A group of books: one section of the grid.
struct BookGroup: Sendable {
  var name: String
  var books: [Book]
}

/// Books grouped into sections, in a stable order.
struct Catalogue: Sendable {
  var groups: [BookGroup]
  var grouping: Grouping
  /// Every book, in the order read (and added).
  var books: [Book]

  /// The group a book belongs to, and where that group sorts (for decades).
  static func group(of book: Book, by grouping: Grouping) -> (name: String, order: Double) {
    switch grouping {
    case .author:
      return (book.author, 0)
    case .shelf:
      return (book.shelves.first ?? "(no shelf)", 0)
    case .decade:
      guard let y = book.year else { return ("Unknown year", .infinity) }
      let decade = Int((Double(y) / 10).rounded(.down)) * 10
      return (decade < 0 ? "\(-decade)s BC" : "\(decade)s", Double(decade))
    }
  }

  init(books: [Book], grouping: Grouping) {
    self.grouping = grouping
    self.books = books
    var byKey: [String: [Book]] = [:]
    var sortKey: [String: Double] = [:]
    for book in books {
      let (key, order) = Self.group(of: book, by: grouping)
      sortKey[key] = order
      byKey[key, default: []].append(book)
    }
    let names = byKey.keys.sorted { a, b in
      if grouping == .decade { return sortKey[a]! < sortKey[b]! }
      return a.localizedStandardCompare(b) == .orderedAscending
    }
    groups = names.map { name in
      BookGroup(name: name, books: byKey[name]!.sorted { a, b in
        if a.year != b.year { return (a.year ?? .max) < (b.year ?? .max) }
        return a.title.localizedStandardCompare(b.title) == .orderedAscending
      })
    }
  }

  var bookCount: Int { books.count }

  /// The catalogue as identifiers: groups by name, books by id. The
  /// difference of two snapshots is the batch update between them.
  var snapshot: DiffableSnapshot<String, Int> {
    var s = DiffableSnapshot<String, Int>()
    s.appendSections(groups.map(\.name))
    for group in groups { try? s.appendItems(group.books.map(\.id), toSection: group.name) }
    return s
  }

  /// The footer of a group, after the seed: "Jane Austen has 6 books".
  func footer(for group: BookGroup) -> String {
    let n = group.books.count
    let books = n == 1 ? "1 book" : "\(n) books"
    switch grouping {
    case .author: return "\(group.name) has \(books)"
    case .shelf: return "\(books) on \(group.name)"
    case .decade: return "\(books) from the \(group.name)"
    }
  }
}
