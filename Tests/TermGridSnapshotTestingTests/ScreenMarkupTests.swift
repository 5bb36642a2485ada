import SnapshotTesting
import TermGrid
import TermGridSnapshotTesting
import Testing

/// How a screen is written down: the plain text and the styled markup of
/// surfaces drawn cell by cell, written out in full (the markup is a
/// format reviewers read in diffs: any change to it is a change here).
struct ScreenMarkupTests {
  /// A 12 x 3 surface: a bold yellow word, a reverse bar with blanks at its
  /// end, a wide grapheme, a brace, colours of every kind.
  static func sample() -> Surface {
    var surface = Surface(width: 12, height: 3)
    surface.draw("Books", x: 0, y: 0, style: Style(foreground: .yellow, attributes: [.bold]))
    surface.draw("{3}", x: 6, y: 0)
    surface.draw("▸ 漢字  ", x: 0, y: 1, style: Style(attributes: [.reverse]))
    surface.draw("a", x: 0, y: 2, style: Style(foreground: .rgb(255, 0, 16), background: .blue))
    surface.draw("b", x: 1, y: 2, style: Style(foreground: .indexed(208)))
    surface.draw("c", x: 2, y: 2, style: Style(foreground: .brightBlack, attributes: [.dim, .underline, .italic]))
    return surface
  }

  @Test func plainTextIsEveryRowWithoutTrailingBlanks() {
    #expect(ScreenMarkup.plainText(of: Self.sample()) == "Books {3}\n▸ 漢字\nabc\n")
    #expect(ScreenMarkup.plainText(of: Surface(width: 4, height: 2)) == "\n\n", "blank rows are kept: the height shows")
  }

  @Test func styledTextWritesEachRunOnceWithItsStyleInAFixedOrder() {
    #expect(
      ScreenMarkup.styledText(of: Self.sample()) == """
        {bold yellow}Books{/} {{3}
        {reverse}▸ 漢字  {/}
        {#ff0010 on blue}a{/}{color208}b{/}{dim italic underline brightBlack}c{/}

        """)
  }

  @Test func styleDescriptionsNameEveryColourKind() {
    #expect(ScreenMarkup.description(of: .plain) == "")
    #expect(ScreenMarkup.description(of: Style(background: .ansi(9))) == "on brightRed")
    #expect(ScreenMarkup.description(of: Style(foreground: .white, background: .rgb(0, 10, 255))) == "white on #000aff")
    #expect(ScreenMarkup.name(of: .ansi(15)) == "brightWhite" && ScreenMarkup.name(of: .indexed(0)) == "color0")
  }

  /// Pictures shown in pixels are their placeholder cells, numbered by
  /// where they first show (not by the terminal's id), each run with the
  /// picture's row and column; a picture cut by the screen's edge or an
  /// overlay starts its run where it shows.
  @Test func picturesAreTheirPlaceholdersNumberedInReadingOrder() {
    var surface = Surface(width: 8, height: 2)
    for row in 0..<2 {
      for column in 0..<3 {
        // Id 77 first on the screen, id 5 after it: numbered 1 and 2.
        surface.setCell(PixelPlaceholder.cell(id: 77, row: row, column: column, colors: .indexed256), x: column, y: row)
        surface.setCell(
          PixelPlaceholder.cell(id: 5, row: row + 2, column: column + 1, colors: .indexed256, background: .blue),
          x: 4 + column, y: row)
      }
    }
    // An overlay's cell over the second picture's middle.
    surface.draw("x", x: 5, y: 1)
    #expect(ScreenMarkup.plainText(of: surface) == "▒▒▒ ▒▒▒\n▒▒▒ ▒x▒\n")
    #expect(
      ScreenMarkup.styledText(of: surface) == """
        {picture 1 row 0 column 0}▒▒▒{/} {picture 2 row 2 column 1 on blue}▒▒▒{/}
        {picture 1 row 1 column 0}▒▒▒{/} {picture 2 row 3 column 1 on blue}▒{/}x{picture 2 row 3 column 3 on blue}▒{/}

        """)
    // The same screen with other ids is written the same.
    var renumbered = Surface(width: 8, height: 2)
    for y in 0..<2 {
      for x in 0..<8 {
        let cell = surface[x, y]
        guard let p = PixelPlaceholder.decode(cell) else {
          renumbered.setCell(cell, x: x, y: y)
          continue
        }
        renumbered.setCell(
          PixelPlaceholder.cell(
            id: p.id == 77 ? 200 : 9, row: p.row, column: p.column, colors: .indexed256, background: cell.style.background),
          x: x, y: y)
      }
    }
    #expect(ScreenMarkup.styledText(of: renumbered) == ScreenMarkup.styledText(of: surface))
  }

  /// A brace in the text does not start a tag when read back, so a
  /// changed cell after it is found where it is.
  @Test func theDiffReadsTheMarkupBackCellByCell() throws {
    var after = Self.sample()
    after.draw("}", x: 10, y: 0)
    after.draw("c", x: 2, y: 2, style: Style(foreground: .brightBlack, attributes: [.dim, .italic]))
    let message = try #require(
      Diffing<String>.styledScreenText.diffV2(ScreenMarkup.styledText(of: Self.sample()), ScreenMarkup.styledText(of: after))?.0)
    #expect(message.contains("row 0, column 10: nothing (blank) → \"}\" plain"), "\(message)")
    #expect(
      message.contains("row 2, column 2: \"c\" {dim italic underline brightBlack} → \"c\" {dim italic brightBlack}"), "\(message)")
  }
}
