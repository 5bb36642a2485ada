import BookCatalogueModel
import Foundation
import TermGrid
import TermGridImages

extension CatalogueController {
  // MARK: editing

  /// The books that d deletes: the selected ones, else the focused one.
  var booksToDelete: [IndexPath] {
    let selected = collectionView.indexPathsForSelectedItems
    if !selected.isEmpty { return selected }
    return collectionView.focusedIndexPath.map { [$0] } ?? []
  }

  /// Deletes the selected books (or the focused one), animated; u undoes.
  func deleteBooks() {
    let paths = booksToDelete
    guard !paths.isEmpty else { return }
    let gone = Set(paths.map { shown.groups[$0.section].books[$0.item].id })
    let first = shown.groups[paths[0].section].books[paths[0].item]
    let what = gone.count == 1 ? "“\(first.title)”" : "\(gone.count) books"
    change(to: library.keeping { !gone.contains($0.id) }, message: "deleted \(what) · u undoes")
  }

  /// Adds a book into its group (creating the group when new), animated,
  /// and focuses it; its row gets the file's columns.
  func add(_ book: Book) {
    var book = book
    book.id = (library.books.map(\.id).max() ?? 0) + 1
    book.fields = document.format.fields(title: book.title, author: book.author, year: book.year, shelves: book.shelves)
    let next = Catalogue(books: library.books + [book], grouping: library.grouping, sort: library.sort)
    let hidden = !matchesQuery(book)
    guard change(to: next, message: "added “\(book.title)”\(hidden ? " (hidden by the filter)" : "") · u undoes") else {
      return
    }
    if let p = shown.snapshot.indexPath(of: book.id) { collectionView.focusItem(at: p) }
  }

  /// Goes back to the library before the last edit.
  func undo() {
    guard let previous = undoStack.popLast() else {
      message = "nothing to undo"
      return
    }
    search = BookSearch()  // an undone move may give a book its old shelf back
    change(to: previous, message: "undone", as: .undo)
  }

  /// How a change of the library is treated.
  enum ChangeKind {
    /// An edit: undoable, and the selection is cleared.
    case edit
    /// An undo: the selection is cleared.
    case undo
    /// Another view of the same books (a filter, an order): the selection stays.
    case view
  }

  /// Shows `next` in place of the library: the difference of what is shown
  /// before and after is one animated batch. Returns false (keeping
  /// everything as it was) when the batch is refused.
  @discardableResult
  func change(to next: Catalogue, message text: String?, as kind: ChangeKind = .edit) -> Bool {
    let previous = document.library
    let previousShown = shown
    let nextShown = filteredView(of: next)
    do {
      let update = try nextShown.snapshot.batchUpdate(from: previousShown.snapshot)
      try collectionView.performBatchUpdates {
        document.library = next
        shown = nextShown
        try collectionView.apply(update)
      }
    } catch {
      document.library = previous
      shown = previousShown
      message = "\(error)"
      return false
    }
    if kind == .edit {
      undoStack.append(previous)
      if undoStack.count > 100 { undoStack.removeFirst() }
    }
    if kind != .view { collectionView.selectItem(at: nil) }
    if let text { message = text }
    return true
  }

  /// Goes to the next arrangement (grid, list, waterfall, shelves), animated.
  func switchArrangement() {
    if let before = beforeHome {
      leaveHome(to: before.arrangement.next)
      return
    }
    arrangement = arrangement.next
    collectionView.setLayout(layout(for: arrangement), animated: true)
    message = "layout: \(arrangement.rawValue)"
  }

  /// The next order within groups (o): file, title, year, author.
  func cycleSort() {
    let next = library.sort.next
    change(to: library.regrouped(by: library.grouping, sort: next), message: "order: \(next.rawValue)", as: .view)
  }

  // MARK: moving

}
