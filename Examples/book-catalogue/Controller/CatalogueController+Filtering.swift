import BookCatalogueModel
import Foundation
import TermGrid
import TermGridImages

extension CatalogueController {
  /// The library as the filter shows it.
  func filteredView(of library: Catalogue) -> Catalogue {
    guard !query.isEmpty else { return library }
    let folded = BookSearch.fold(query)
    return library.filtered { search.matches($0, folded: folded) }
  }

  func matchesQuery(_ book: Book) -> Bool {
    search.matches(book, folded: BookSearch.fold(query))
  }

  /// Narrows the grid to the books matching `text`, animated; the focus stays on its book where it can.
  func setQuery(_ text: String) {
    guard text != query else { return }
    query = text
    change(to: library, message: nil, as: .view)
  }
}
