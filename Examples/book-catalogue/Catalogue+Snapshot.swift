import BookCatalogueModel
import TermGrid

extension Catalogue {
  /// The catalogue as identifiers: groups by name, books by id. The
  /// difference of two snapshots is the batch update between them.
  var snapshot: DiffableSnapshot<String, Int> {
    var s = DiffableSnapshot<String, Int>()
    s.appendSections(groups.map(\.name))
    for group in groups { try? s.appendItems(group.books.map(\.id), toSection: group.name) }
    return s
  }
}
