/// The books of a ``SharedCatalogue`` and the rules of its requests: pure
/// code, applied under the catalogue's lock. Each request is checked and
/// made on a copy, which replaces the books only when every edit of it applied.
struct CatalogueEdits {
  /// Every book, in the file's order.
  var books: [Book]
  /// The id the next new book gets: past every id ever given, so that a
  /// deleted book's id is never another book's.
  var nextID: Int
  /// The requests applied so far.
  var revision = 0
  /// How a new book's columns are laid out.
  let format: CatalogueFormat
  /// True while the file's order is the order of the books' ids (as read,
  /// with books added at the end): a viewer then places a book by its id
  /// where the file's order decides. A request made out of it (after a move
  /// or a reorder that broke it, until one puts it back) is a whole
  /// rebuild for the viewers.
  private(set) var isIDOrdered: Bool
  /// What the latest requests did, book by book, for viewers to take in
  /// (``changes(from:to:)``); at most `logLimit` changes are kept.
  private(set) var log: [LoggedRequest] = []
  /// How many book changes the log keeps (older requests are forgotten:
  /// a viewer that far behind rebuilds).
  let logLimit: Int

  /// One request in the log: the revision it made, and its changes (nil: a
  /// viewer rebuilds, as after a reorder).
  struct LoggedRequest {
    var revision: Int
    var changes: [CatalogueChange]?
  }

  /// The books of a file just read.
  init(books: [Book], format: CatalogueFormat, logLimit: Int = 4_096) {
    self.books = books
    self.format = format
    self.logLimit = logLimit
    nextID = (books.map(\.id).max() ?? 0) + 1
    isIDOrdered = Self.isIDOrdered(books)
  }

  /// Whether the ids of `books` increase.
  private static func isIDOrdered(_ books: [Book]) -> Bool {
    var last = Int.min
    for book in books {
      let id = book.id
      guard id > last else { return false }
      last = id
    }
    return true
  }

  /// Whether the book at `i` is between its neighbours' ids (the file
  /// being in id order around it).
  private func isIDOrdered(around i: Int) -> Bool {
    let id = books[i].id
    return (i == 0 || books[i - 1].id < id) && (i + 1 == books.count || id < books[i + 1].id)
  }

  /// The changes made by the requests after revision `from` up to `to`, in
  /// order; nil when the log no longer reaches back that far, or one of
  /// them must be taken in whole (a reorder, the file out of id order).
  func changes(from: Int, to: Int) -> [CatalogueChange]? {
    guard from <= to, to <= revision else { return nil }
    if from == to { return [] }
    guard let first = log.first, first.revision <= from + 1 else { return nil }
    var all: [CatalogueChange] = []
    for request in log[(from + 1 - first.revision)...(to - first.revision)] {
      guard let changes = request.changes else { return nil }
      all += changes
    }
    return all
  }

  /// Applies `edits` in order, all or none, and counts one revision.
  mutating func apply(_ edits: [CatalogueEdit]) throws(CatalogueEditError) -> (inverse: [CatalogueEdit], added: [Book]) {
    var work = self
    var inverse: [CatalogueEdit] = []
    var added: [Book] = []
    var changes: [CatalogueChange]? = []
    for edit in edits {
      switch edit {
      case .add(var book, let next, let previous):
        if book.id == 0 {
          book.id = work.nextID
          book.fields = format.fields(title: book.title, author: book.author, year: book.year, shelves: book.shelves)
        } else if work.books.contains(where: { $0.id == book.id }) {
          throw .bookExists(title: book.title)
        }
        work.nextID = max(work.nextID, book.id + 1)
        let at = work.index(before: next, after: previous) ?? work.books.endIndex
        work.books.insert(book, at: at)
        if work.isIDOrdered { work.isIDOrdered = work.isIDOrdered(around: at) }
        added.append(book)
        changes?.append(.inserted(book))
        inverse.append(.delete(book))
      case .delete(let book):
        guard let i = work.books.firstIndex(where: { $0.id == book.id }) else { throw .bookGone(title: book.title) }
        let (next, previous) = work.neighbours(ofBookAt: i)
        let removed = work.books.remove(at: i)
        inverse.append(.add(removed, before: next, after: previous))
        changes?.append(.removed(removed))
      case .edit(let book, let was):
        guard let i = work.books.firstIndex(where: { $0.id == book.id }) else { throw .bookGone(title: was.title) }
        let current = work.books[i]
        guard current == was else { throw .bookChanged(title: was.title) }
        var new = book
        new.id = current.id
        work.books[i] = new
        inverse.append(.edit(current, was: new))
        changes?.append(.updated(new, was: current))
      case .move(let book, let next, let previous):
        guard let i = work.books.firstIndex(where: { $0.id == book.id }) else { throw .bookGone(title: book.title) }
        let (oldNext, oldPrevious) = work.neighbours(ofBookAt: i)
        let moving = work.books.remove(at: i)
        let at: Int
        if next == nil && previous == nil {
          at = i
        } else if let found = work.index(before: next, after: previous) {
          at = found
        } else {
          throw .neighbourGone(title: book.title)
        }
        work.books.insert(moving, at: at)
        if work.isIDOrdered { work.isIDOrdered = work.isIDOrdered(around: at) }
        inverse.append(.move(moving, before: oldNext, after: oldPrevious))
        changes?.append(.moved(moving))
      case .reorder(let ids, let seen):
        guard seen == revision, ids.count == work.books.count else { throw .catalogueChanged }
        var byID = [Int: Book](minimumCapacity: work.books.count)
        for book in work.books { byID[book.id] = book }
        var order: [Book] = []
        order.reserveCapacity(ids.count)
        for id in ids {
          guard let book = byID.removeValue(forKey: id) else { throw .catalogueChanged }
          order.append(book)
        }
        inverse.append(.reorder(work.books.map(\.id), revision: revision + 1))
        work.books = order
        work.isIDOrdered = Self.isIDOrdered(order)
        changes = nil
      }
    }
    work.revision += 1
    // (Out of id order, checked whole: a move undone puts it back.)
    if !work.isIDOrdered, changes != nil { work.isIDOrdered = Self.isIDOrdered(work.books) }
    if !isIDOrdered || !work.isIDOrdered { changes = nil }
    work.log.append(LoggedRequest(revision: work.revision, changes: changes))
    var kept = work.log.reduce(0) { $0 + ($1.changes?.count ?? 1) }
    while kept > logLimit, let first = work.log.first {
      kept -= first.changes?.count ?? 1
      work.log.removeFirst()
    }
    self = work
    return (inverse.reversed(), added)
  }

  /// Where a book goes: just before the book `next`, else just after
  /// `previous`; nil when neither is there.
  private func index(before next: Int?, after previous: Int?) -> Int? {
    if let next, let i = books.firstIndex(where: { $0.id == next }) { return i }
    if let previous, let i = books.firstIndex(where: { $0.id == previous }) { return i + 1 }
    return nil
  }

  /// The ids of the books after and before the book at `i` in the file.
  private func neighbours(ofBookAt i: Int) -> (next: Int?, previous: Int?) {
    (i + 1 < books.count ? books[i + 1].id : nil, i > 0 ? books[i - 1].id : nil)
  }
}
