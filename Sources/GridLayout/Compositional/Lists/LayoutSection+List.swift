extension LayoutSection {
  /// A section laid out as a list: one row per item, as wide as the list
  /// and as tall as its content, with the headers, footers, separators,
  /// insets and background `configuration` gives for its appearance.
  /// UIKit's `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
  ///
  /// The rows' height is ``LayoutDimension/estimated(_:)`` (1): the layout's
  /// ``CompositionalLayout/itemMeasurer`` measures each (without one, each
  /// row is 1 tall), unless the configuration gives a
  /// ``LayoutListConfiguration/rowHeight``. The section can be changed further like any other
  /// (its `contentInsets`, say).
  public static func list(using configuration: LayoutListConfiguration, layoutEnvironment: LayoutEnvironment) -> LayoutSection {
    let height = configuration.rowHeight.map { LayoutDimension.absolute(max(1, $0.rounded())) } ?? .estimated(1)
    let row = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height), subitems: [.item(row)])
    let appearance = configuration.appearance
    let pins = appearance == .plain || appearance == .sidebarPlain
    let headerHeight = configuration.headerMode == .supplementary ? max(0, configuration.headerHeight.rounded()) : 0
    let footerHeight = configuration.footerMode == .supplementary ? max(0, configuration.footerHeight.rounded()) : 0
    /// A header or footer across the list.
    func boundary(_ kind: ElementKind, height: Double, alignment: LayoutBoundarySupplementaryItem.Alignment, pins: Bool)
      -> LayoutBoundarySupplementaryItem
    {
      LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
        elementKind: kind, alignment: alignment, pinToVisibleBounds: pins)
    }
    var supplementaries: [LayoutBoundarySupplementaryItem] = []
    if configuration.headerMode == .supplementary {
      supplementaries.append(boundary(.header, height: headerHeight, alignment: .top, pins: pins))
    }
    if configuration.footerMode == .supplementary {
      supplementaries.append(boundary(.footer, height: footerHeight, alignment: .bottom, pins: false))
    }
    let padding = max(0, (configuration.headerTopPadding ?? (appearance == .grouped || appearance == .insetGrouped ? 1 : 0)).rounded())
    /// The box behind the rows, `inset` columns in from each side, below the header and above the footer.
    func box(_ kind: ElementKind, inset: Double) -> [LayoutDecorationItem] {
      [
        LayoutDecorationItem(
          elementKind: kind,
          contentInsets: EdgeInsets(top: padding + headerHeight, left: inset, bottom: footerHeight, right: inset))
      ]
    }
    var insets = EdgeInsets.zero
    var decorations: [LayoutDecorationItem] = []
    switch appearance {
    case .plain, .sidebarPlain:
      break
    case .sidebar:
      insets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    case .grouped:
      // Inside a box across the width: its border takes a cell on each side.
      insets = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
      decorations = box(.groupedListBackground, inset: 0)
    case .insetGrouped:
      // Inside a box a column in from each side.
      insets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
      decorations = box(.insetGroupedListBackground, inset: 1)
    }
    var section = LayoutSection(
      group: group, contentInsets: insets, interGroupSpacing: configuration.showsSeparators ? 1 : 0,
      boundarySupplementaryItems: supplementaries, decorationItems: decorations)
    section.topPadding = padding
    if configuration.showsSeparators {
      section.separators = configuration.separatorConfiguration
      section.separatorHandler = configuration.itemSeparatorHandler
    }
    return section
  }
}
