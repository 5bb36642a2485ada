import Foundation
import NameOrdering

/// Books grouped into sections, in a stable order.
public struct Catalogue: Sendable {
  /// The sections, in order.
  public var groups: [BookGroup]
  /// How the books are grouped.
  public var grouping: Grouping
  /// The order within a group.
  public var sort: BookOrder
  /// Every book, in the file's order (added books at the end).
  public var books: [Book]

  /// The group a book belongs to, and where that group sorts (for decades).
  static func group(of book: Book, by grouping: Grouping) -> (name: String, order: Double) {
    switch grouping {
    case .author:
      return (book.author, 0)
    case .shelf:
      return (book.shelves.first ?? Self.noShelf, 0)
    case .decade:
      guard let y = book.year else { return ("Unknown year", .infinity) }
      let decade = Int((Double(y) / 10).rounded(.down)) * 10
      return (decade < 0 ? "\(-decade)s BC" : "\(decade)s", Double(decade))
    case .status:
      let status = book.status
      return (status.isEmpty ? Self.noStatus : status, Self.statusOrder[status] ?? 3)
    }
  }

  /// The book without an exclusive shelf.
  static let noStatus = "(no status)"
  /// Goodreads' shelves in the order a reader goes through them; other names after, by name.
  static let statusOrder = ["currently-reading": 0.0, "to-read": 1, "read": 2, "": 4]

  /// The group of books without a shelf.
  public static let noShelf = "(no shelf)"

  /// Groups `books` (kept in their order) into sections sorted by name (decades by time), each sorted by `sort`.
  public init(books: [Book], grouping: Grouping, sort: BookOrder = .file) {
    self.grouping = grouping
    self.sort = sort
    self.books = books
    // One lookup per book, giving its group's number (groups numbered in
    // the order they first appear); then the books' places laid out group
    // after group (a counting sort, which keeps the file's order within a
    // group), and each group a range of them.
    var index: [String: Int32] = [:]
    var names: [String] = []
    var orders: [Double] = []
    var counts: [Int] = []
    func number(ofGroupOf book: Book) -> Int32 {
      let (key, order) = Self.group(of: book, by: grouping)
      if let known = index[key] { return known }
      let g = Int32(names.count)
      index[key] = g
      names.append(key)
      orders.append(order)
      counts.append(0)
      return g
    }
    // Shortcuts, the group each key already found: books as read from one
    // table by their author's or shelves' number there; decades by number.
    let table = books.first?.place?.table
    var byNumber = [Int32](
      repeating: -1,
      count: table.map {
        switch grouping {
        case .author: $0.authors.count
        case .shelf: $0.shelfLists.count
        case .status: $0.statuses.count
        case .decade: 0
        }
      } ?? 0)
    var byDecade: [Int: Int32] = [:]
    var groupOf = [Int32](repeating: 0, count: books.count)
    for (i, book) in books.enumerated() {
      let g: Int32
      if grouping == .decade {
        let decade = book.year.map { Int((Double($0) / 10).rounded(.down)) } ?? .max
        if let known = byDecade[decade] {
          g = known
        } else {
          g = number(ofGroupOf: book)
          byDecade[decade] = g
        }
      } else if let (t, row) = book.place, t === table {
        let n = Int(grouping == .author ? t.authorNumbers[row] : grouping == .shelf ? t.shelfNumbers[row] : t.statusNumbers[row])
        if byNumber[n] >= 0 {
          g = byNumber[n]
        } else {
          g = number(ofGroupOf: book)
          byNumber[n] = g
        }
      } else {
        g = number(ofGroupOf: book)
      }
      groupOf[i] = g
      counts[Int(g)] += 1
    }
    let sortedGroups: [Int]
    if grouping == .decade {
      sortedGroups = names.indices.sorted { orders[$0] < orders[$1] }
    } else if grouping == .status {
      let byName = NameOrder.sortedIndices(of: names)
      var place = [Int](repeating: 0, count: names.count)
      for (i, g) in byName.enumerated() { place[g] = i }
      sortedGroups = names.indices.sorted { orders[$0] != orders[$1] ? orders[$0] < orders[$1] : place[$0] < place[$1] }
    } else {
      sortedGroups = NameOrder.sortedIndices(of: names)
    }
    var start = [Int](repeating: 0, count: names.count)
    var next = 0
    for g in sortedGroups {
      start[g] = next
      next += counts[g]
    }
    var order = [Int32](repeating: 0, count: books.count)
    var fill = start
    for (i, g) in groupOf.enumerated() {
      order[fill[Int(g)]] = Int32(i)
      fill[Int(g)] += 1
    }
    groups = sortedGroups.map { g in
      let list = BookList(all: books, order: order, range: start[g]..<start[g] + counts[g])
      return BookGroup(name: names[g], books: sort == .file ? list : BookList(Self.sorted(Array(list), by: sort)))
    }
  }

  /// A catalogue of groups exactly as given (what a collection view shows mid-change).
  public init(groups: [BookGroup], grouping: Grouping, sort: BookOrder, books: [Book]) {
    self.groups = groups
    self.grouping = grouping
    self.sort = sort
    self.books = books
  }

  /// The catalogue with `book` (new, or moved: matched by id) placed in the
  /// file just before the book `next`, else just after `previous` (its
  /// neighbours as shown), so that the file's order and what is shown agree.
  /// With another order than the file's, the order shown becomes the file's first.
  public func placing(_ book: Book, before next: Int?, after previous: Int?) -> Catalogue {
    var order = sort == .file ? books : booksAsShown
    let old = order.firstIndex { $0.id == book.id }
    if let old { order.remove(at: old) }
    var at = old.map { min($0, order.count) } ?? order.endIndex
    if let next, let i = order.firstIndex(where: { $0.id == next }) {
      at = i
    } else if let previous, let i = order.firstIndex(where: { $0.id == previous }) {
      at = i + 1
    }
    order.insert(book, at: at)
    return Catalogue(books: order, grouping: grouping, sort: .file)
  }

  /// Books in an order (`file` keeps theirs; the others break ties by title, then by the file's order).
  static func sorted(_ books: [Book], by sort: BookOrder) -> [Book] {
    guard sort != .file else { return books }
    // Keys made once per book, not once per comparison.
    let keyed = books.enumerated().map { SortKey($0.element, file: $0.offset, sort: sort) }
    return keyed.sorted { precedes($0, $1, by: sort) }.map(\.book)
  }

  /// A book with what ordering it compares: its place in the file (any
  /// number that increases with the file's order) and its names' keys.
  struct SortKey {
    var book: Book
    var file: Int
    var title: NameOrder.Key
    var author: NameOrder.Key

    init(_ book: Book, file: Int, sort: BookOrder) {
      self.book = book
      self.file = file
      title = sort == .file ? NameOrder.Key() : NameOrder.key(book.title)
      author = sort == .author ? NameOrder.key(book.author) : NameOrder.Key()
    }
  }

  /// Whether `x` comes before `y` within a group in the order `sort`: the
  /// file's, or by year or author, then by title, then by the file's order
  /// (a total order: no two books tie).
  static func precedes(_ x: SortKey, _ y: SortKey, by sort: BookOrder) -> Bool {
    let (a, b) = (x.book, y.book)
    switch sort {
    case .file: return x.file < y.file
    case .year where a.year != b.year: return (a.year ?? .max) < (b.year ?? .max)
    case .author where a.author != b.author:
      // (Two authors written differently that compare the same go by title.)
      if NameOrder.precedes(a.author, b.author, keys: (x.author, y.author)) { return true }
      if NameOrder.precedes(b.author, a.author, keys: (y.author, x.author)) { return false }
    default: break
    }
    if NameOrder.keysAgreeWithTheLocale, let o = NameOrder.order(x.title, y.title) { return o == .orderedAscending }
    let t = a.title.localizedStandardCompare(b.title)
    return t == .orderedSame ? x.file < y.file : t == .orderedAscending
  }

  /// The books in the order shown: group after group.
  public var booksAsShown: [Book] { groups.flatMap(\.books) }

  /// The same books, grouped and sorted another way.
  public func regrouped(by grouping: Grouping, sort: BookOrder) -> Catalogue {
    Catalogue(books: books, grouping: grouping, sort: sort)
  }

  /// The catalogue of the books `keep` accepts, grouped again (emptied groups go).
  public func keeping(_ keep: (Book) -> Bool) -> Catalogue {
    Catalogue(books: books.filter(keep), grouping: grouping, sort: sort)
  }

  /// Only the books `keep` accepts, in the same groups and order.
  public func filtered(_ keep: (Book) -> Bool) -> Catalogue {
    var c = self
    c.books = books.filter(keep)
    c.groups = groups.compactMap { g in
      let kept = g.books.filter(keep)
      return kept.isEmpty ? nil : BookGroup(name: g.name, books: BookList(kept))
    }
    return c
  }

  /// How many books there are (in every group).
  public var bookCount: Int { books.count }

  /// The footer of a group, after the seed: "Jane Austen has 6 books".
  public func footer(for group: BookGroup) -> String {
    let n = group.books.count
    let books = n == 1 ? "1 book" : "\(n) books"
    switch grouping {
    case .author: return "\(group.name) has \(books)"
    case .shelf: return "\(books) on \(group.name)"
    case .decade: return "\(books) from the \(group.name)"
    case .status: return group.name == Self.noStatus ? "\(books) without a status" : "\(books) \(group.name)"
    }
  }
}
