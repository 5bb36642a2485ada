import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// A list layout in a collection view: rows measured from their content,
/// separators and grouped boxes drawn without registering anything.
@Suite struct ListViewTests {
  final class Fruit: CollectionViewDataSource {
    let names: [[String]]
    init(_ names: [[String]]) { self.names = names }
    func numberOfSections(in collectionView: CollectionView) -> Int { names.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { names[section].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      var row = ElementContent(title: names[indexPath.section][indexPath.item], titleLineLimit: 3)
      row.accessories = [.disclosureIndicator()]
      return row
    }
    func collectionView(
      _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) -> ElementContent {
      ElementContent(title: kind == .header ? "Fruit" : "2 kinds")
    }
  }

  static func draw(_ configuration: LayoutListConfiguration, _ names: [[String]], width: Int = 20, height: Int = 8, ascii: Bool = false)
    -> [String]
  {
    let data = Fruit(names)
    let view = CollectionView(layout: CompositionalLayout.list(using: configuration))
    view.dataSource = data
    view.showsScrollIndicator = false
    view.theme.asciiOnly = ascii
    view.setFrame(CellRect(x: 0, y: 0, width: width, height: height))
    view.reloadData()
    var surface = Surface(width: width, height: height)
    view.draw(into: &surface)
    return withExtendedLifetime(data) { surface.lines }
  }

  @Test func anInsetGroupedListIsDrawnInARoundedBoxWithSeparators() {
    var configuration = LayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    #expect(
      Self.draw(configuration, [["Apple", "Pear"]])
        == [
          "                    ",
          "   Fruit            ",
          " ╭────────────────╮ ",
          " │ Apple        › │ ",
          " │ ───────────────│ ",
          " │ Pear         › │ ",
          " ╰────────────────╯ ",
          "                    ",
        ])
    #expect(
      Self.draw(configuration, [["Apple", "Pear"]], ascii: true)
        == [
          "                    ",
          "   Fruit            ",
          " +----------------+ ",
          " | Apple        > | ",
          " | ---------------| ",
          " | Pear         > | ",
          " +----------------+ ",
          "                    ",
        ])
  }

  @Test func aPlainListMeasuresItsRowsAndAGroupedOneBoxesThemAcrossTheWidth() {
    var plain = LayoutListConfiguration(appearance: .plain)
    plain.footerMode = .supplementary
    #expect(
      Self.draw(plain, [["Apple", "A pear that wraps onto two"]], height: 6)
        == [
          " Apple            › ",
          " ───────────────────",
          " A pear that      › ",
          " wraps onto two     ",
          " 2 kinds            ",
          "                    ",
        ])
    let grouped = LayoutListConfiguration(appearance: .grouped)
    #expect(
      Self.draw(grouped, [["Apple"]], height: 4)
        == [
          "                    ",
          "┌──────────────────┐",
          "│ Apple          › │",
          "└──────────────────┘",
        ])
  }
}
