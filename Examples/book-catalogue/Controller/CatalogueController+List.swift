import BookCatalogueModel
import Foundation
import TermGrid

/// The list (L, after the grid): the library's list layout, as UIKit's
/// list configuration shows a table of books. One inset grouped section
/// per group, its name over it; a row per book, separators between rows.
extension CatalogueController {
  /// An inset grouped list: each group's rows in a rounded box under a
  /// header with the group's name, a separator between two rows.
  static func listLayout() -> CompositionalLayout {
    var configuration = LayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    // Every row is one line (its title limited to one): nothing to measure, so
    // switching to the list of 100,000 books asks for no row's content up front.
    configuration.rowHeight = 1
    return CompositionalLayout.list(using: configuration)
  }

  /// A book's row, one line: the title, then the year (the author when not
  /// grouped by author) as a label, a checkmark when selected, and a
  /// disclosure indicator (Enter shows the details).
  func listRow(for book: Book, at indexPath: IndexPath) -> ElementContent {
    var row = ElementContent(title: book.title, titleLineLimit: 1)
    let label = shown.grouping == .author ? book.yearText : book.author
    if !label.isEmpty { row.accessories.append(.label(text: label)) }
    let selected = collectionView.isSelected(indexPath)
    if selected { row.accessories.append(.checkmark()) }
    row.accessories.append(.disclosureIndicator())
    return row
  }

  /// A group's header over its box: the name in bold, how many books it
  /// holds at the trailing edge (the list has no footers).
  func listHeader(for group: BookGroup) -> ElementContent {
    var header = ElementContent(title: group.name, titleAttributes: [.bold], titleColor: .cyan)
    let count = group.books.count
    header.accessories = [.label(text: count == 1 ? "1 book" : "\(count) books")]
    return header
  }
}
