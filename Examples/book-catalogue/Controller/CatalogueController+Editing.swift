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
    let gone = paths.map { shown.groups[$0.section].books[$0.item] }
    let what = gone.count == 1 ? "“\(gone[0].title)”" : "\(gone.count) books"
    request(gone.map { .delete($0) }, message: "deleted \(what) · u undoes", refused: "not deleted")
  }

  /// Adds a book at the file's end, into its group (creating the group
  /// when new), animated, and focuses it; the shared catalogue gives it its
  /// id and the file's columns.
  func add(_ book: Book) {
    var book = book
    book.id = 0  // a new book
    guard let added = request([.add(book, before: nil, after: nil)], message: nil, refused: "not added")?.added.first else {
      return
    }
    let hidden = !matchesQuery(added)
    message = "added “\(added.title)”\(hidden ? " (hidden by the filter)" : "") · u undoes"
    if !hidden, let p = shown.indexPath(ofBookWithID: added.id) { collectionView.focusItem(at: p) }
  }

  /// Undoes this viewer's last edit (and brings back the order shown
  /// before it); refused, with the reason, when another viewer changed
  /// what it would undo.
  func undo() {
    guard let last = undoStack.popLast() else {
      message = "nothing to undo"
      return
    }
    do {
      let result = try shared.apply(last.edits)
      show(result.state, sort: last.sort, message: "undone", as: .undo)
    } catch {
      message = "not undone: \(error)"
      pullChanges(announcing: false)
    }
  }

  /// Asks the shared catalogue for `edits`: applied, the catalogue as it
  /// is now is shown (animated, unless the caller shows it) with `text`
  /// and the order `sort`, and u can undo it; refused, the reason is the
  /// message (after `refused`) and the catalogue as it is now is shown.
  @discardableResult
  func request(
    _ edits: [CatalogueEdit], sort: BookOrder? = nil, message text: String?, refused: String, animated: Bool = true
  ) -> CatalogueEditResult? {
    do {
      let result = try shared.apply(edits)
      undoStack.append((result.inverse, library.sort))
      if undoStack.count > 100 { undoStack.removeFirst() }
      if animated {
        show(result.state, sort: sort ?? library.sort, message: text, as: .edit)
      } else {
        if let next = adopt(result.state, sort: sort ?? library.sort).library { library = next }
        if let text { message = text }
      }
      return result
    } catch {
      message = "\(refused): \(error)"
      if animated {
        pullChanges(announcing: false)
      } else {
        if let next = adopt(shared.state, sort: library.sort).library { library = next }
      }
      return nil
    }
  }

  /// How a change of the library is treated.
  enum ChangeKind {
    /// An edit: undoable, and the selection is cleared.
    case edit
    /// An undo: the selection is cleared.
    case undo
    /// Another view of the same books (a filter, an order): the selection stays.
    case view
    /// Another viewer's change: the selection stays, and so does the focused
    /// book's place on the screen.
    case remote
  }

  /// Shows `next` in place of the library: the difference of what is shown
  /// before and after is one animated batch, in which the cards of the
  /// books `changed` (ids) that stay in place are drawn again. A view
  /// (a filter, an order) the batch refuses is not taken (false); the
  /// shared books are shown anew whatever the batch says.
  @discardableResult
  func change(to next: Catalogue, message text: String?, as kind: ChangeKind = .edit, changed: Set<Int> = []) -> Bool {
    let previous = library
    let previousShown = shown
    let nextShown = filteredView(of: next)
    let anchor = kind == .remote ? focusAnchor() : nil
    do {
      let before = previousShown.snapshot
      var update = try nextShown.snapshot.batchUpdate(from: before)
      if !changed.isEmpty {
        for id in changed {
          if let p = before.indexPath(of: id), update.isKept(p) { update.reloadedItems.insert(p) }
        }
      }
      try collectionView.performBatchUpdates {
        library = next
        shown = nextShown
        try collectionView.apply(update)
      }
    } catch {
      guard kind != .view else {
        library = previous
        shown = previousShown
        message = "\(error)"
        return false
      }
      let focused = anchor?.id ?? focusedBookID
      library = next
      shown = nextShown
      collectionView.reloadData()
      if let focused, let p = shown.snapshot.indexPath(of: focused) { collectionView.focusItem(at: p) }
    }
    if let anchor { keep(anchor) }
    if kind == .edit || kind == .undo { collectionView.selectItem(at: nil) }
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
