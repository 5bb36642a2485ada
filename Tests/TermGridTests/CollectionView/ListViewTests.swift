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

  final class Rows: CollectionViewDataSource {
    let rows: [ElementContent]
    init(_ rows: [ElementContent]) { self.rows = rows }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent { rows[indexPath.item] }
  }

  @Test func anOutlineInASidebarIsDrawnTheSameAtEveryColourDepthAndInASCII() {
    var parent = ElementContent(title: "Documents")
    parent.accessories = [.outlineDisclosure(isExpanded: true), .label(text: "12")]
    var child = ElementContent(title: "Notes")
    child.indentationLevel = 1
    child.accessories = [.checkmark()]
    let data = Rows([parent, child])
    let view = CollectionView(layout: CompositionalLayout.list(using: LayoutListConfiguration(appearance: .sidebar)))
    view.dataSource = data
    view.showsScrollIndicator = false
    view.setFrame(CellRect(x: 0, y: 0, width: 24, height: 3))
    view.reloadData()
    // No focus: its reverse video would be over the colours checked below.
    view.focusItem(at: nil)
    for depth in [ColorSupport.trueColor, .indexed256, .ansi16, .ansi8, .none] {
      for unicode in [true, false] {
        view.adapt(to: TerminalCapabilities(colors: depth, unicode: unicode))
        var surface = Surface(width: 24, height: 3)
        view.draw(into: &surface)
        let expected =
          unicode
          ? ["  ▾ Documents       12  ", "    Notes            ✓  ", "                        "]
          : ["  v Documents       12  ", "    Notes            *  ", "                        "]
        #expect(surface.lines == expected, "\(depth), unicode \(unicode)")
        // As the terminal gets them: the count grey (dimmed without 16 colours), the check cyan (plain without colour).
        let count = surface[20, 0].style.degraded(for: depth)
        let check = surface[21, 1].style.degraded(for: depth)
        #expect(count == (depth >= .ansi16 ? Style(foreground: .brightBlack) : Style(attributes: [.dim])), "\(depth)")
        #expect(check == (depth == .none ? .plain : Style(foreground: .cyan)), "\(depth)")
        #expect(Visibility.isVisible(surface[20, 0], colors: depth) && Visibility.isVisible(surface[21, 1], colors: depth))
      }
    }
    withExtendedLifetime(data) {}
  }
}
