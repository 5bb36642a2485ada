// A compositional layout: a featured grid, shelves that scroll sideways,
// badges, a section background, and notes as tall as their text.
import TermGrid

final class Home: CollectionViewController {
  // snippet.hide
  let sections = ["Featured", "Recently added", "Notes"]
  let items = [
    ["Dune", "Emma", "Kindred", "Ulysses", "Beloved", "Middlemarch", "Persuasion"],
    (1...40).map { "Book \($0)" },
    ["Short", "A note long enough to wrap onto a second line", "And one that needs three lines of text in its card", "Last"],
  ]

  init() {
    super.init(layout: Self.makeLayout())
    collectionView.register({ _ in .filled(with: "░", style: Style(foreground: .brightBlack)) }, forDecorationViewOfKind: "panel")
  }

  override func numberOfSections(in _: CollectionView) -> Int { sections.count }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int { items[section].count }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    var card = ElementContent(title: items[indexPath.section][indexPath.item], titleLineLimit: 3, border: .rounded)
    card.padding = 0
    return card
  }

  // snippet.show
  // snippet.sections
  static func makeLayout() -> CompositionalLayout {
    CompositionalLayout { section, environment in
      let header = LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
        elementKind: .header, alignment: .top, pinToVisibleBounds: true)
      switch section {
      case 0:
        // A featured card two thirds wide beside two stacked ones, on a background.
        let featured = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(2.0 / 3), heightDimension: .fractionalHeight(1)))
        let small = LayoutItem(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)),
          // A badge on the top-right corner of each small card.
          supplementaryItems: [
            LayoutSupplementaryItem(
              layoutSize: LayoutSize(widthDimension: .absolute(3), heightDimension: .absolute(1)), elementKind: "badge",
              containerAnchor: LayoutAnchor(edges: [.top, .trailing], absoluteOffset: Point(x: -1, y: 0)))
          ])
        let pair = LayoutGroup.vertical(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)),
          repeatingSubitem: .item(small), count: 2)
        let group = LayoutGroup.horizontal(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(8)),
          subitems: [.item(featured), .group(pair)])
        return LayoutSection(
          group: group, contentInsets: EdgeInsets(top: 0, left: 1, bottom: 1, right: 1),
          boundarySupplementaryItems: [header], decorationItems: [.background(elementKind: "panel")])
      case 1:
        // A shelf: one row of 18-wide cards that scrolls sideways, at rest with a card at the left edge.
        let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
          layoutSize: LayoutSize(widthDimension: .absolute(18), heightDimension: .absolute(3)), subitems: [.item(item)])
        return LayoutSection(
          group: group, contentInsets: EdgeInsets(top: 0, left: 1, bottom: 1, right: 1), interGroupSpacing: 1,
          boundarySupplementaryItems: [header], orthogonalScrollingBehavior: .continuousGroupLeadingBoundary)
      default:
        // Notes as tall as their text: two columns, four in a view 150 or more wide
        // (a 150-column terminal less the scroll bar's column: 149).
        let columns = environment.containerSize.width >= 149 ? 4 : 2
        let item = LayoutItem(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(3)),
          contentInsets: EdgeInsets(top: 0, left: 1, bottom: 0, right: 0))
        let group = LayoutGroup.horizontal(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(3)),
          repeatingSubitem: .item(item), count: columns)
        return LayoutSection(group: group, interGroupSpacing: 1, boundarySupplementaryItems: [header])
      }
    }
  }
  // snippet.end

  // snippet.badge
  override func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    // A badge is asked for at its item's index path.
    if kind == "badge" { return ElementContent(title: "new", style: Style(foreground: .yellow), padding: 0) }
    return .header(sections[indexPath.section])
  }
  // snippet.end
}
