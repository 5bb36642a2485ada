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

  /// The books of a file just read.
  init(books: [Book], format: CatalogueFormat) {
    self.books = books
    self.format = format
    nextID = (books.map(\.id).max() ?? 0) + 1
  }

  /// Applies `edits` in order, all or none, and counts one revision.
  mutating func apply(_ edits: [CatalogueEdit]) throws(CatalogueEditError) -> (inverse: [CatalogueEdit], added: [Book]) {
    var work = self
    var inverse: [CatalogueEdit] = []
    var added: [Book] = []
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
        added.append(book)
        inverse.append(.delete(book))
      case .delete(let book):
        guard let i = work.books.firstIndex(where: { $0.id == book.id }) else { throw .bookGone(title: book.title) }
        let (next, previous) = work.neighbours(ofBookAt: i)
        inverse.append(.add(work.books.remove(at: i), before: next, after: previous))
      case .edit(let book, let was):
        guard let i = work.books.firstIndex(where: { $0.id == book.id }) else { throw .bookGone(title: was.title) }
        let current = work.books[i]
        guard current == was else { throw .bookChanged(title: was.title) }
        var new = book
        new.id = current.id
        work.books[i] = new
        inverse.append(.edit(current, was: new))
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
        inverse.append(.move(moving, before: oldNext, after: oldPrevious))
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
      }
    }
    work.revision += 1
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
