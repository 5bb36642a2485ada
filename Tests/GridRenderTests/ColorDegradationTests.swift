import GridRender
import TermGridTesting
import Testing

@Suite struct ColorDegradationTests {
  static let depths: [ColorSupport] = [.trueColor, .indexed256, .ansi16, .ansi8, .none]

  func randomColor(_ rng: inout some RandomNumberGenerator) -> Color {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return .default
    case 1: return .ansi(UInt8.random(in: 0...15, using: &rng))
    case 2: return .indexed(UInt8.random(in: 0...255, using: &rng))
    default:
      return .rgb(
        UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
        UInt8.random(in: 0...255, using: &rng))
    }
  }

  @Test func whatShowsWith256ColoursShowsWithFewerAndWithNone() {
    var rng = SystemRandomNumberGenerator()
    var checked = 0
    for _ in 0..<20_000 {
      var attributes: TextAttributes = []
      if Bool.random(using: &rng) { attributes.insert(.bold) }
      if Int.random(in: 0..<4, using: &rng) == 0 { attributes.insert(.reverse) }
      if Int.random(in: 0..<6, using: &rng) == 0 { attributes.insert(.dim) }
      let style = Style(foreground: randomColor(&rng), background: randomColor(&rng), attributes: attributes)
      for grapheme in ["x", " "] as [Grapheme] {
        let cell = Cell(grapheme: grapheme, style: style)
        // What stands out clearly with 256 colours (a margin over the 48 of
        // "visible", as folding onto fewer colours moves every colour a little).
        guard Visibility.contrast(of: cell, colors: .indexed256) >= 96 else { continue }
        checked += 1
        for depth in [ColorSupport.ansi16, .ansi8, .none] {
          #expect(Visibility.isVisible(cell, colors: depth), "\(style) \"\(grapheme)\" vanishes at \(depth)")
        }
      }
    }
    #expect(checked > 5_000)
  }

  @Test func rulesAndSecondaryTextStayVisibleWithEightColoursAndNone() {
    let rule = Style(foreground: .brightBlack)
    #expect(rule.degraded(for: .ansi8) == Style(attributes: [.dim]))
    #expect(rule.degraded(for: .none) == Style(attributes: [.dim]))
    #expect(rule.degraded(for: .ansi16) == rule)
    // Colours that are not grey keep their hue (and are not dimmed) without colour.
    #expect(Style(foreground: .red).degraded(for: .none) == .plain)
    #expect(Style(foreground: .red).degraded(for: .ansi8) == Style(foreground: .red))
    // A coloured block stays a block: reverse video where there is no colour.
    #expect(Style(foreground: .black, background: .cyan).degraded(for: .none) == Style(attributes: [.reverse]))
    // Text on a light background that folds onto it turns black.
    let onGrey = Style(foreground: .brightWhite, background: .rgb(200, 200, 200)).degraded(for: .ansi8)
    #expect(onGrey.foreground == .black && onGrey.background == .ansi(7))
    // 24-bit colours go to the palettes.
    #expect(Style(foreground: .rgb(255, 0, 0)).degraded(for: .indexed256).foreground == .indexed(196))
    #expect(Style(foreground: .rgb(255, 0, 0)).degraded(for: .ansi16).foreground == .ansi(9))
    #expect(Style(foreground: .rgb(255, 0, 0)).degraded(for: .ansi8).foreground == .ansi(1))
  }

  @Test func asciiStandInsKeepLinesAndMarksReadable() {
    let expected: [(Grapheme, Character)] = [
      ("─", "-"), ("│", "|"), ("╭", "+"), ("┼", "+"), ("═", "-"), ("║", "|"), ("▔", "-"), ("█", "#"),
      ("◀", "<"), ("▶", ">"), ("✓", "*"), ("★", "*"), ("…", "~"), ("·", "."), ("漢", "?"), ("a", "a"),
      // "1200 × 800" reads as "1200 x 800".
      ("×", "x"), ("÷", "/"), ("±", "+"),
    ]
    for (g, c) in expected { #expect(Character(Unicode.Scalar(g.asciiFallback)) == c, "\(g)") }
  }

  @Test func styledRunsDrawInTheirOwnStylesAndAreCutWithAnEllipsis() {
    var surface = Surface(width: 12, height: 1)
    let text: StyledText = "3 " + .bold("books") + .colored(" here", .red)
    let used = surface.draw(text, x: 0, y: 0, maxWidth: 12)
    #expect(used == 12 && surface.lines[0] == "3 books here")
    #expect(surface[0, 0].style == .plain && surface[2, 0].style.bold && surface[8, 0].style.foreground == .red)
    var narrow = Surface(width: 8, height: 1)
    narrow.draw(text, x: 0, y: 0, maxWidth: 8)
    #expect(narrow.lines[0] == "3 books…")
    #expect(narrow[7, 0].style.foreground == .red)
    #expect(text.plainText == "3 books here" && text.displayWidth == 12)
  }
}
