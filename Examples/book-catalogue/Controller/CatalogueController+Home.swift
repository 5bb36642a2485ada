import BookCatalogueModel
import Foundation
import TermGrid

/// The home view (H): a compositional layout of shelves, one per reading
/// status (or per the --group-by grouping), each a row of cards that
/// scrolls sideways on its own.
extension CatalogueController {
  /// The grouping the home view shows: --group-by when given; else reading
  /// status when any book has one, else the shelves when any book is on
  /// one, else decade.
  var groupingForHome: Grouping {
    if let homeGrouping { return homeGrouping }
    if library.books.contains(where: { !$0.status.isEmpty }) { return .status }
    return library.books.contains { !$0.shelves.isEmpty } ? .shelf : .decade
  }

  /// H: into the home view, or back to what was shown before it.
  func toggleHome() {
    if let before = beforeHome {
      leaveHome(to: before.arrangement)
    } else {
      enterHome()
    }
  }

  /// Regroups the books for the home view (animated) and lays them out as shelves.
  func enterHome() {
    beforeHome = (arrangement, library.grouping)
    arrangement = .home
    let grouping = groupingForHome
    if grouping != library.grouping {
      change(to: library.regrouped(by: grouping, sort: library.sort), message: nil, as: .view)
    }
    collectionView.setLayout(homeLayout(), animated: true)
    message = "home: shelves by \(grouping.rawValue) · ←→ along a shelf · H leaves"
  }

  /// Back to `next` and the grouping shown before the home view.
  func leaveHome(to next: Arrangement) {
    guard let before = beforeHome else { return }
    beforeHome = nil
    arrangement = next
    if before.grouping != library.grouping {
      change(to: library.regrouped(by: before.grouping, sort: library.sort), message: nil, as: .view)
    }
    collectionView.setLayout(layout(for: next), animated: true)
    message = "layout: \(next.rawValue)"
  }

  /// A home card's size: a cover card with covers, else 22 wide and 5
  /// tall (two lines of title, the year), so a shelf's cards line up.
  var homeCardSize: (width: Double, height: LayoutDimension) {
    covers != nil ? (Self.coverCardSize.width, .absolute(Self.coverCardSize.height)) : (22, .absolute(5))
  }

  /// One section a shelf: a header row, then a row of cards that scrolls
  /// sideways, coming to rest with a card at the left edge.
  func homeLayout() -> CompositionalLayout {
    let card = homeCardSize
    return CompositionalLayout { _, environment in
      // Never wider than the view (less its margins).
      let width = min(card.width, max(1, environment.containerSize.width - 2))
      let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: card.height))
      let group = LayoutGroup.horizontal(
        layoutSize: LayoutSize(widthDimension: .absolute(width), heightDimension: card.height), subitems: [.item(item)])
      let header = LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)), elementKind: .header,
        alignment: .top)
      return LayoutSection(
        group: group, contentInsets: EdgeInsets(top: 0, left: 1, bottom: 1, right: 1), interGroupSpacing: 1,
        boundarySupplementaryItems: [header], orthogonalScrollingBehavior: .continuousGroupLeadingBoundary)
    }
  }

  /// A home card: the cover (when there are covers) over the title (two
  /// lines at most) and the year.
  func homeCard(for book: Book) -> ElementContent {
    var card = ElementContent(
      title: book.title, titleLineLimit: 2, detail: book.yearText, border: .rounded, badge: ratingBadge(for: book),
      alignment: .center, padding: 0)
    if covers != nil { card.picture = CellPicture(cover(for: book), placement: .top) }
    return card
  }

  /// A shelf's header: its name and count, and ◀ ▶ where it has books out of view.
  func homeHeader(for group: BookGroup, section: Int) -> ElementContent {
    var title = "\(group.name) · \(group.books.count)"
    if let shelves = collectionView.collectionViewLayout as? any SectionScrollingLayout {
      let offset = shelves.horizontalOffset(ofSection: section)
      let more = [offset > 0 ? "◀" : nil, offset < shelves.maximumHorizontalOffset(ofSection: section) ? "▶" : nil].compactMap { $0 }
      if !more.isEmpty { title += " " + more.joined(separator: " ") }
    }
    return .header(title, color: .cyan)
  }
}
