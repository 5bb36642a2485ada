import Foundation

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

  init(books: [Book], grouping: Grouping) {
    self.grouping = grouping
    var byKey: [String: [Book]] = [:]
    var sortKey: [String: Double] = [:]
    for book in books {
      let key: String
      switch grouping {
      case .author:
        key = book.author
      case .shelf:
        key = book.shelves.first ?? "(no shelf)"
      case .decade:
        if let y = book.year {
          let decade = Int((Double(y) / 10).rounded(.down)) * 10
          key = decade < 0 ? "\(-decade)s BC" : "\(decade)s"
          sortKey[key] = Double(decade)
        } else {
          key = "Unknown year"
          sortKey[key] = .infinity
        }
      }
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

  var bookCount: Int { groups.reduce(0) { $0 + $1.books.count } }

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
