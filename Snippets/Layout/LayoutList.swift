// A list: UIKit's list configuration in cells. An inset grouped settings
// list with headers, rows with accessories, and an outline row indented.
import TermGrid

final class Settings: CollectionViewController {
  // snippet.hide
  let sections = ["General", "Folders"]
  let rows = [["Wi-Fi", "Bluetooth", "Sounds"], ["Documents", "Projects", "Archive"]]

  init() {
    super.init(layout: Self.makeLayout())
  }

  override func numberOfSections(in _: CollectionView) -> Int { sections.count }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int { rows[section].count }

  override func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    ElementContent(title: sections[indexPath.section], titleAttributes: [.bold])
  }

  // snippet.show
  // snippet.layout
  static func makeLayout() -> CompositionalLayout {
    var configuration = LayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    // One row per item, as tall as its text; separators between rows
    // (take `showsSeparators = false` for a denser list).
    return CompositionalLayout.list(using: configuration)
  }
  // snippet.end

  // snippet.rows
  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    var row = ElementContent(title: rows[indexPath.section][indexPath.item])
    switch (indexPath.section, indexPath.item) {
    case (0, 0): row.accessories = [.label(text: "Home"), .disclosureIndicator()]
    case (0, _): row.accessories = [.checkmark()]
    case (1, 0): row.accessories = [.outlineDisclosure(isExpanded: true), .label(text: "12")]
    default:
      // Children of "Documents": one level in, and a handle to move them.
      row.indentationLevel = 1
      row.accessories = [.reorder()]
    }
    return row
  }
  // snippet.end
}
