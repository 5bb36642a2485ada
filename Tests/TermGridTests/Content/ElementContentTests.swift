import Testing

@testable import TermGrid

@Suite struct CellContentTests {
  /// `content` drawn alone into a frame of `width` x `height` in `state`.
  func render(_ content: ElementContent, width: Int = 14, height: Int = 5, state: ElementState = ElementState(), ascii: Bool = false)
    -> Surface
  {
    var theme = Theme()
    theme.asciiOnly = ascii
    var surface = Surface(width: width, height: height)
    ElementRenderer(theme: theme).draw(
      content, in: CellRect(x: 0, y: 0, width: width, height: height), state: state, on: &surface)
    return surface
  }

  @Test func linesSitAtTheTopTheCentreOrTheBottom() {
    let base = ElementContent(title: "T", lines: ["a", "b"], border: .single)
    var top = base
    top.verticalAlignment = .top
    #expect(
      render(top, height: 7).lines[1...5].map { $0.trimmingCharacters(in: .whitespaces) }
        == ["│ T          │", "│ a          │", "│ b          │", "│            │", "│            │"].map {
          $0.trimmingCharacters(in: .whitespaces)
        })
    var center = base
    center.verticalAlignment = .center
    #expect(render(center, height: 7).lines[2].hasPrefix("│ T"))
    var bottom = base
    bottom.verticalAlignment = .bottom
    #expect(render(bottom, height: 7).lines[3].hasPrefix("│ T") && render(bottom, height: 7).lines[5].hasPrefix("│ b"))
    // With a detail line, the lines sit in the height above it.
    bottom.detail = "d"
    let withDetail = render(bottom, height: 7)
    #expect(withDetail.lines[2].hasPrefix("│ T") && withDetail.lines[4].hasPrefix("│ b") && withDetail.lines[5].hasPrefix("│ d"))
  }

  @Test func aCentredCardCentresItsTitleAndDetailTogether() {
    // A 10-wide card, 5 rows: the title and the detail as one block, centred.
    var card = ElementContent(title: "😀", detail: "U+1F600", border: .rounded, alignment: .center, verticalAlignment: .center)
    var s = render(card, width: 10, height: 5)
    #expect(s.lines[1].contains("😀") && s.lines[2].contains("U+1F600") && !s.lines[3].contains("U+"), "\(s.text)")
    // Top: the title at the top, the detail on the last line; bottom: both against the bottom.
    card.verticalAlignment = .top
    s = render(card, width: 10, height: 6)
    #expect(s.lines[1].contains("😀") && s.lines[4].contains("U+1F600"))
    card.verticalAlignment = .bottom
    s = render(card, width: 10, height: 6)
    #expect(s.lines[3].contains("😀") && s.lines[4].contains("U+1F600"))
  }

  @Test func paddingGivesWayBeforeALineIsCut() {
    // 10 wide with a border and the default padding leaves 6 columns; "U+1F600" takes 7.
    let card = ElementContent(title: "U+1F600", border: .rounded)
    #expect(render(card, width: 10, height: 3).lines[1] == "│U+1F600 │")
    let centred = ElementContent(title: "U+1F600", border: .rounded, alignment: .center)
    #expect(render(centred, width: 10, height: 3).lines[1] == "│U+1F600 │")
    // Too long even for the whole width: cut with "…" there.
    #expect(render(ElementContent(title: "U+1F600 GRINNING", border: .rounded), width: 10, height: 3).lines[1] == "│U+1F600…│")
    // What fits the padded width keeps its padding.
    #expect(render(ElementContent(title: "abc", border: .rounded), width: 10, height: 3).lines[1] == "│ abc    │")
  }

  @Test func styledLinesKeepTheirRunsAndTheCellsStyle() {
    let content = ElementContent(
      title: "Dune", lines: ["1965 · " + .colored("★★★★", .yellow), .dim("Herbert")], border: .rounded,
      style: Style(foreground: .cyan))
    let s = render(content, width: 18)
    #expect(s.lines[2] == "│ 1965 · ★★★★    │" && s.lines[3] == "│ Herbert        │")
    #expect(s[2, 2].style.foreground == .cyan && s[9, 2].style.foreground == .yellow)
    #expect(s[2, 3].style.dim && s[2, 3].style.foreground == .cyan)
    // Centred lines are centred by their width.
    var centred = content
    centred.alignment = .center
    #expect(render(centred, width: 18).lines[2] == "│  1965 · ★★★★   │")
  }

  @Test func aBadgeSitsOnTheBorderInItsCornerOrInsideWithoutOne() {
    let card = ElementContent(title: "x", border: .single, badge: Badge("3"))
    #expect(render(card).lines[0] == "┌──────────3─┐")
    var bottomLeading = card
    bottomLeading.badge = Badge("✓", corner: .bottomLeading)
    #expect(render(bottomLeading).lines[4] == "└─✓──────────┘")
    let plain = ElementContent(title: "x", badge: Badge("12", corner: .topTrailing))
    #expect(render(plain).lines[0] == " x          12")
    #expect(render(card)[11, 0].style.bold)
  }

  @Test func headersAndFootersAreStyledWithoutAClosure() {
    let header = render(.header("Rocky", color: .cyan), width: 20, height: 1)
    #expect(header.lines[0] == "─ Rocky ────────────")
    #expect(header[0, 0].style.foreground == .brightBlack && header[2, 0].style.foreground == .cyan && header[2, 0].style.bold)
    let footer = render(.footer("4 worlds"), width: 20, height: 1)
    #expect(footer.lines[0] == "           4 worlds " && footer[11, 0].style.dim)
  }

  @Test func theFocusAndTheSelectionAreDrawnOverEveryKindOfContent() {
    let custom = ElementContent.custom { surface, frame, _ in surface.draw("hand-drawn", x: frame.x, y: frame.y) }
    let focused = render(custom, state: ElementState(isFocused: true))
    #expect(focused.lines[0].hasPrefix("hand-drawn"))
    #expect((0..<14).allSatisfy { focused[$0, 0].style.reverse } && focused[0, 4].style.reverse)
    let selected = render(custom, state: ElementState(isSelected: true))
    #expect(selected.lines[0].hasPrefix("✓and-drawn") && selected[3, 0].style.bold)
    #expect(render(custom, state: ElementState(isSelected: true), ascii: true).lines[0].hasPrefix("*and"))
    // Stock content: reverse, and the theme's borders (ASCII where there is no UTF-8).
    let card = ElementContent(title: "x", border: .rounded)
    #expect(render(card, state: ElementState(isSelected: true)).lines[0] == "┏✓━━━━━━━━━━━┓")
    #expect(render(card, state: ElementState(isLifted: true), ascii: true).lines[0] == "#============#")
  }

  @Test func afterDrawAddsToTheStockRendering() {
    let card = ElementContent(title: "Dune", border: .single)
    let withBar = ElementContent.custom(drawingOver: card) { surface, frame, _ in
      surface.fill(CellRect(x: frame.x + 1, y: frame.maxY - 2, width: 6, height: 1), with: "█")
    }
    let s = render(withBar)
    #expect(s.lines[1] == "│ Dune       │" && s.lines[3] == "│██████      │")
    // The stock rendering is focused; what is drawn after it is drawn as given.
    let focused = render(withBar, state: ElementState(isFocused: true))
    #expect(focused[1, 1].style.reverse && focused.lines[3].hasPrefix("│██████"))
  }

  @Test func aFilledBackgroundAndAnEmptyTitleDrawOnlyTheFill() {
    let s = render(.filled(with: "░", style: Style(foreground: .blue)), width: 4, height: 2)
    #expect(s.lines == ["░░░░", "░░░░"] && s[0, 0].style.foreground == .blue)
  }
}
