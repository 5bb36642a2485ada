import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// Row accessories and indentation: drawn exactly, in ASCII, at every
/// colour depth, and counted by `fittingHeight`.
@Suite struct CellAccessoryTests {
  static let depths: [ColorSupport] = [.trueColor, .indexed256, .ansi16, .ansi8, .none]

  /// `content` drawn alone into a frame of `width` x `height`.
  static func render(
    _ content: ElementContent, width: Int, height: Int = 1, state: ElementState = ElementState(), ascii: Bool = false
  ) -> Surface {
    var theme = Theme()
    theme.asciiOnly = ascii
    var surface = Surface(width: width, height: height)
    ElementRenderer(theme: theme).draw(content, in: CellRect(x: 0, y: 0, width: width, height: height), state: state, on: &surface)
    return surface
  }

  static func row(_ title: String, _ accessories: [CellAccessory], level: Int = 0) -> ElementContent {
    var content = ElementContent(title: title)
    content.accessories = accessories
    content.indentationLevel = level
    return content
  }

  static let everyAccessory: [CellAccessory] = [
    .outlineDisclosure(isExpanded: false), .checkmark(), .label(text: "3"), .reorder(), .disclosureIndicator(),
  ]

  @Test func trailingAccessoriesEndAtTheTrailingEdgeAndTheTitleIsCutBeforeThem() {
    let accessories: [CellAccessory] = [.label(text: "12"), .disclosureIndicator()]
    #expect(Self.render(Self.row("Documents", accessories), width: 20).lines == [" Documents     12 › "])
    // A title too long: cut with "…", a cell before the label, starting where a short one does (the
    // leading padding stays: a long row's title does not stand out of the list).
    #expect(Self.render(Self.row("A very long title indeed", accessories), width: 20).lines == [" A very long … 12 › "])
    #expect(Self.render(Self.row("Documents and letters", [], level: 1), width: 14).lines == ["   Documents …"])
    #expect(Self.render(Self.row("Documents and letters", [.outlineDisclosure(isExpanded: false)]), width: 14).lines == [" ▸ Documents …"])
    // Too narrow for the label too: the chevron alone.
    #expect(Self.render(Self.row("Documents", accessories), width: 5).lines == ["   › "])
  }

  @Test func aSelectedRowWithACheckmarkIsMarkedOnceAndOneWithoutItGetsTheSelectionMark() {
    let selected = ElementState(isSelected: true)
    #expect(Self.render(Self.row("Emma", [.checkmark()]), width: 12, state: selected).lines == [" Emma     ✓ "])
    #expect(Self.render(Self.row("Emma", [.label(text: "3")]), width: 12, state: selected).lines == ["✓Emma     3 "])
    #expect(Self.render(Self.row("Emma", [.checkmark()]), width: 12, state: selected, ascii: true).lines == [" Emma     * "])
  }

  @Test func theOutlineDisclosureLeadsAfterTheIndentation() {
    #expect(Self.render(Self.row("Src", [.outlineDisclosure(isExpanded: true)], level: 1), width: 20).lines == ["   ▾ Src            "])
    #expect(Self.render(Self.row("Src", [.outlineDisclosure(isExpanded: false)]), width: 10).lines == [" ▸ Src    "])
    // Indentation alone moves the title, two columns a level.
    #expect(Self.render(Self.row("Leaf", [], level: 2), width: 10).lines == ["     Leaf "])
    var wide = Self.row("Leaf", [], level: 2)
    wide.indentationWidth = 3
    #expect(Self.render(wide, width: 12).lines == ["       Leaf "])
  }

  @Test func theTextStartsAfterTheIndentationAndTheDisclosure() {
    // Where the terminal's cursor rests on a focused row: its title's first cell.
    let row = Self.row("Src", [.outlineDisclosure(isExpanded: true), .checkmark()], level: 2)
    let frame = CellRect(x: 3, y: 2, width: 20, height: 1)
    #expect(ElementRenderer(theme: Theme()).textStart(of: row, in: frame) == CellPoint(x: 3 + 7, y: 2))
  }

  @Test func everyAccessoryInUnicodeAndInASCII() {
    let row = Self.row("Notes", Self.everyAccessory)
    #expect(Self.render(row, width: 24).lines == [" ▸ Notes        ✓ 3 ≡ › "])
    #expect(Self.render(row, width: 24, ascii: true).lines == [" > Notes        * 3 = > "])
    let expanded = Self.row("Notes", [.outlineDisclosure(isExpanded: true)])
    #expect(Self.render(expanded, width: 10, ascii: true).lines == [" v Notes  "])
    // In a bordered card of three rows, on the middle row.
    var card = Self.row("Card", [.checkmark()])
    card.border = .rounded
    #expect(Self.render(card, width: 12, height: 4, ascii: true).lines == ["+----------+", "| Card   * |", "|          |", "+----------+"])
  }

  @Test func accessoriesTakeTheirColoursAndDegradeWithTheRestAtEveryDepth() throws {
    let row = Self.row("Notes", Self.everyAccessory)
    let s = Self.render(row, width: 24)
    // Columns: ▸ 1, ✓ 16, 3 18, ≡ 20, › 22.
    let grey: [Int] = [18, 20, 22]
    for depth in Self.depths {
      // The same cells at every depth; the styles as each terminal gets them.
      #expect(s.lines == [" ▸ Notes        ✓ 3 ≡ › "])
      let check = s[16, 0].style.degraded(for: depth)
      let title = s[3, 0].style.degraded(for: depth)
      switch depth {
      case .trueColor, .indexed256, .ansi16, .ansi8:
        #expect(check.foreground == .cyan, "\(depth)")
      case .none:
        #expect(check == .plain)
      }
      for x in grey {
        let style = s[x, 0].style.degraded(for: depth)
        if depth >= .ansi16 {
          #expect(style == Style(foreground: .brightBlack), "\(depth) at \(x)")
        } else {
          #expect(style == Style(attributes: [.dim]), "grey folds onto black: dimmed instead, \(depth) at \(x)")
        }
      }
      #expect(s[1, 0].style.degraded(for: depth) == title, "the outline disclosure in the row's colour")
      for x in [1, 16, 18, 20, 22] {
        #expect(Visibility.isVisible(s[x, 0], colors: depth), "\(depth) at \(x)")
      }
    }
    // A tint replaces the colour; the focus reverses the accessories with the row.
    let tinted = Self.render(Self.row("x", [.checkmark(tintColor: .green)]), width: 6)
    #expect(tinted[4, 0].grapheme == "✓" && tinted[4, 0].style.foreground == .green)
    let focused = Self.render(row, width: 24, state: ElementState(isFocused: true))
    #expect(focused[16, 0].style.reverse && focused[22, 0].style.reverse && focused[1, 0].style.reverse)
  }

  @Test func fittingHeightCountsTheRoomAccessoriesTake() {
    var row = Self.row("one two three four", [.label(text: "12"), .disclosureIndicator()])
    row.titleLineLimit = 10
    var plain = row
    plain.accessories = []
    // 14 wide: 12 for text without accessories (2 lines); 14 - 2 - (3 + 2 + 1) = 6 with them.
    #expect(plain.fittingHeight(width: 14) == 2)
    #expect(row.fittingHeight(width: 14) == 4)
    var deep = plain
    deep.indentationLevel = 2
    deep.accessories = [.outlineDisclosure(isExpanded: true)]
    // 16 wide: 14 for text, less 4 of indentation and 2 of the triangle: "one two", "three", "four".
    #expect(plain.fittingHeight(width: 16) == 2 && deep.fittingHeight(width: 16) == 3)
  }

  @Test func whatFittingHeightGivesShowsAllTheTextAndARowLessDoesNot() {
    var rng = SplitMix64(seed: 26)
    let words = ["a", "list", "of", "rows", "with", "marks", "日本", "at", "edges", "≡"]
    var checked = 0
    for _ in 0..<400 {
      let title = (0..<Int.random(in: 1...8, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
      var row = Self.row(
        title, Array(Self.everyAccessory.shuffled(using: &rng).prefix(Int.random(in: 0...5, using: &rng))),
        level: Int.random(in: 0...3, using: &rng))
      row.titleLineLimit = 20
      let width = Int.random(in: 30...60, using: &rng)
      guard let height = row.fittingHeight(width: width) else { continue }
      let fits = Self.render(row, width: width, height: height)
      // Every word shows, none cut.
      let shown = fits.lines.joined(separator: " ")
      #expect(!shown.contains("…"), "\(title) at \(width): \(fits.lines)")
      // (In one row a line may take the padding before it is cut.)
      if height > 2 {
        let short = Self.render(row, width: width, height: height - 1)
        #expect(short.lines.joined().contains("…"), "\(title) at \(width) in \(height - 1) rows: \(short.lines)")
      }
      checked += 1
    }
    #expect(checked == 400)
  }
}
