import BookCatalogueModel
import TermGrid

extension Catalogue {
  /// The catalogue as identifiers: groups by name, books by id. The
  /// difference of two snapshots is the batch update between them.
  var snapshot: DiffableSnapshot<String, Int> {
    var s = DiffableSnapshot<String, Int>()
    for group in groups {
      // Each group's books to the section just added (naming it would look
      // it up among all the sections: quadratic in the groups).
      s.appendSections([group.name])
      try? s.appendItems(group.books.map(\.id))
    }
    return s
  }
}
