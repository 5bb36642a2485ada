import BookCatalogueModel
import TermGrid

/// Another viewer's change (or this viewer's own, as the shared catalogue
/// made it) taken in book by book: the shared catalogue hands over what the
/// requests since the revision shown did (``SharedCatalogue/changes(from:to:)``),
/// and this viewer puts each book in or out of its own grouped, ordered,
/// filtered copy (``Catalogue/takeIn(_:books:filter:)``) and animates the
/// batch of those books only, the focus and the selection following their
/// books. A change costs the books it touches, not the catalogue; a viewer
/// too far behind (or after a reorder of the file) groups every book again.
extension CatalogueController {
  /// Shows `state` by taking in the changes since the revision shown, in
  /// the order shown; false (nothing done) when the shared catalogue no
  /// longer has them, or the order changes: then every book is grouped again.
  func takeInChanges(upTo state: CatalogueState, sort: BookOrder, message text: String?, as kind: ChangeKind, announcing: Bool)
    -> Bool
  {
    guard sort == library.sort, state.revision > seen.revision,
      let changes = shared.changes(from: seen.revision, to: state.revision)
    else { return false }
    takeBars(of: state)
    var gone: Set<Int> = []
    for change in changes {
      switch change {
      case .updated(let book, _):
        search.forget(book.id)
        gone.remove(book.id)
      case .removed(let book): gone.insert(book.id)
      case .inserted(let book), .moved(let book): gone.remove(book.id)
      }
    }
    let focused = kind == .remote && announcing ? focusedBook : nil
    let anchor = kind == .remote ? focusAnchor() : nil
    // The copies change in place: nothing else holds their groups meanwhile.
    var nextLibrary = library
    var nextShown = shown
    library = Catalogue(groups: [], grouping: nextLibrary.grouping, sort: nextLibrary.sort, books: [])
    shown = library
    var batch = nextLibrary.takeIn(changes, books: state.books) { _ in true }
    if query.isEmpty {
      nextShown = nextLibrary
    } else if batch != nil {
      let folded = BookSearch.fold(query)
      batch = nextShown.takeIn(changes) {
        search.forget($0.id)  // (a book changed twice is asked about twice)
        return search.matches($0, folded: folded)
      }
    }
    let focusedID = anchor?.id ?? focusedBookID
    do {
      // (Ambiguous places, a bug: shown anew, below.)
      guard let batch else { throw CatalogueEditError.catalogueChanged }
      try collectionView.performBatchUpdates {
        library = nextLibrary
        shown = nextShown
        try collectionView.apply(batch)
      }
    } catch {
      library = Catalogue(books: state.books, grouping: library.grouping, sort: sort)
      shown = filteredView(of: library)
      collectionView.reloadData()
      if let focusedID, let p = shown.indexPath(ofBookWithID: focusedID) { collectionView.focusItem(at: p) }
    }
    if let anchor { keep(anchor) }
    if kind == .edit || kind == .undo { collectionView.selectItem(at: nil) }
    if let text { message = text }
    if let focused, gone.contains(focused.id) { message = "“\(focused.title)” was deleted by another viewer" }
    return true
  }
}
