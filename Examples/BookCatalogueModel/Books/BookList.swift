/// The books of one group, in order.
///
/// Made by grouping, a list holds places in one array of every book that
/// all groups share, so grouping a million books copies none of them (and
/// allocates nothing per group). Changed, it holds its own books.
public struct BookList: RandomAccessCollection, Sendable {
  private enum Storage: Sendable {
    /// `all[order[range]]`.
    case places(all: [Book], order: [Int32], range: Range<Int>)
    case own([Book])
  }

  private var storage: Storage

  /// A list of `books`.
  public init(_ books: [Book]) { storage = .own(books) }

  /// The books `all[order[i]]` for `i` in `range`.
  init(all: [Book], order: [Int32], range: Range<Int>) {
    storage = .places(all: all, order: order, range: range)
  }

  /// 0.
  public var startIndex: Int { 0 }

  /// The number of books.
  public var endIndex: Int {
    switch storage {
    case .places(_, _, let range): return range.count
    case .own(let books): return books.count
    }
  }

  /// The book at `position`.
  public subscript(position: Int) -> Book {
    switch storage {
    case .places(let all, let order, let range):
      precondition(position >= 0 && position < range.count, "BookList index out of range")
      return all[Int(order[range.lowerBound + position])]
    case .own(let books): return books[position]
    }
  }

  /// The list's own array of its books (made on the first change).
  private mutating func owned(_ change: (inout [Book]) -> Void) {
    var books: [Book]
    switch storage {
    case .places: books = Array(self)
    case .own(let own): books = own
    }
    storage = .own([])  // (so `books` is not shared while it changes)
    change(&books)
    storage = .own(books)
  }

  /// Takes the book at `position` out of the list.
  @discardableResult
  public mutating func remove(at position: Int) -> Book {
    var removed: Book?
    owned { removed = $0.remove(at: position) }
    return removed!
  }

  /// Puts `book` at `position`.
  public mutating func insert(_ book: Book, at position: Int) {
    owned { $0.insert(book, at: position) }
  }
}
