import BookCatalogueModel
import Foundation
import TermGrid

/// The catalogue shared with other viewers: this viewer registers when its
/// run loop starts, and each time the shared catalogue wakes the loop
/// (another viewer's edit, a save, a viewer coming or going) pulls what
/// changed, on this thread, and animates it with its own grouping, order
/// and filter; the focused book keeps its place on the screen.
extension CatalogueController {
  /// What a read-only viewer is told when a key would change the catalogue.
  static let readOnlyMessage = "read-only: this catalogue can be browsed, not changed"

  /// Runs `edit` unless this viewer is read-only (then says so).
  func ifEditable(_ edit: () -> Void) {
    guard !isReadOnly else {
      message = Self.readOnlyMessage
      return
    }
    edit()
  }

  /// Shows the shared catalogue as it is now, if it changed since last
  /// pulled; `announcing` the focused book's deletion (not after a refusal,
  /// whose message says more).
  func pullChanges(announcing: Bool = true) {
    show(shared.state, sort: library.sort, message: nil, as: .remote, announcing: announcing)
  }

  /// Shows `state` with this viewer's grouping and the order `sort`,
  /// animated (nothing to do when it is the one shown, in that order).
  /// When another viewer deleted the focused book, the status line says so
  /// (the focus is on its neighbour).
  func show(_ state: CatalogueState, sort: BookOrder, message text: String?, as kind: ChangeKind, announcing: Bool = true) {
    if takeInChanges(upTo: state, sort: sort, message: text, as: kind, announcing: announcing) { return }
    let (next, changed) = adopt(state, sort: sort)
    guard let next else {
      if let text { message = text }
      return
    }
    let focused = kind == .remote && announcing ? focusedBook : nil
    change(to: next, message: text, as: kind, changed: changed)
    if let focused, !state.books.contains(where: { $0.id == focused.id }) {
      message = "“\(focused.title)” was deleted by another viewer"
    }
  }

  /// Takes `state` as the one seen: the title and the status line follow
  /// the file and the viewers; returns the library to show (nil when the
  /// books and the order are those shown) and the ids of the books whose
  /// content changed (their search text forgotten).
  func adopt(_ state: CatalogueState, sort: BookOrder) -> (library: Catalogue?, changed: Set<Int>) {
    let before = seen
    takeBars(of: state)
    guard state.revision != before.revision || sort != library.sort else { return (nil, []) }
    let changed = state.revision == before.revision ? [] : Self.changedBooks(from: library.books, to: state.books)
    for id in changed { search.forget(id) }
    return (Catalogue(books: state.books, grouping: library.grouping, sort: sort), changed)
  }

  /// Takes `state` as the one seen: the title and the status line follow the file and the viewers.
  func takeBars(of state: CatalogueState) {
    let before = seen
    seen = state
    if state.isModified != before.isModified || state.path != before.path {
      if let path = state.path, path != before.path { sourceName = (path as NSString).lastPathComponent }
      setNeedsTitleUpdate()
    }
    if state.viewerCount != before.viewerCount { setNeedsStatusUpdate() }
  }

  /// The ids of the books in both lists whose content differs.
  static func changedBooks(from old: [Book], to new: [Book]) -> Set<Int> {
    var byID = [Int: Book](minimumCapacity: old.count)
    for book in old { byID[book.id] = book }
    var changed: Set<Int> = []
    for book in new { if let was = byID[book.id], was != book { changed.insert(book.id) } }
    return changed
  }

  /// The focused book, if any.
  var focusedBook: Book? {
    guard let f = collectionView.focusedIndexPath, f.section < shown.groups.count, f.item < shown.groups[f.section].books.count
    else { return nil }
    return shown.groups[f.section].books[f.item]
  }

  /// The focused book's id, if any.
  var focusedBookID: Int? { focusedBook?.id }

  /// The focused book and how far below the top of the view its card is.
  func focusAnchor() -> (id: Int, offset: Double)? {
    guard let id = focusedBookID, let f = collectionView.focusedIndexPath,
      let frame = collectionView.layoutAttributesForItem(at: f)?.frame
    else { return nil }
    return (id, frame.minY - collectionView.contentOffset.y)
  }

  /// Scrolls so the anchor's book (where it still is) is as far below the top as it was.
  func keep(_ anchor: (id: Int, offset: Double)) {
    guard let p = collectionView.focusedIndexPath, p.section < shown.groups.count, p.item < shown.groups[p.section].books.count,
      shown.groups[p.section].books[p.item].id == anchor.id, let frame = collectionView.layoutAttributesForItem(at: p)?.frame
    else { return }
    collectionView.setContentOffset(Point(x: collectionView.contentOffset.x, y: frame.minY - anchor.offset))
  }
}
