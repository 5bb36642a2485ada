import GridLayout
import GridRender
import Testing

@testable import TermGrid

@Suite struct RasterizerTests {
  @Test func rasterizerDrawsInZOrderClippedToFramesAndViewport() {
    var s = Surface(width: 8, height: 3)
    var a = LayoutAttributes(forItemAt: IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 5, height: 2))
    var b = LayoutAttributes(forItemAt: IndexPath(item: 1, section: 0), frame: Rect(x: 3, y: 1, width: 10, height: 2))
    var hidden = LayoutAttributes(forItemAt: IndexPath(item: 2, section: 0), frame: Rect(x: 0, y: 2, width: 3, height: 1))
    hidden.isHidden = true
    a.zIndex = 1  // drawn last although listed first
    b.zIndex = 0
    _ = (a, b)
    Rasterizer().rasterize(
      [a, b, hidden], contentOffset: Point(x: 0, y: 0), viewport: CellRect(x: 0, y: 0, width: 7, height: 3), into: &s
    ) { attrs, frame, surface in
      let ch: Grapheme = attrs.indexPath.item == 0 ? "A" : attrs.indexPath.item == 1 ? "B" : "H"
      surface.fill(frame, with: ch)
    }
    #expect(s.lines == ["AAAAA   ", "AAAAABB ", "   BBBB "])
  }

  func card(alpha: Double = 1, scale: Scale = .identity) -> LayoutAttributes {
    var a = LayoutAttributes(forItemAt: IndexPath(item: 0, section: 0), frame: Rect(x: 2, y: 1, width: 10, height: 5))
    a.alpha = alpha
    a.scale = scale
    return a
  }

  func render(_ a: LayoutAttributes, colors: ColorSupport) -> Surface {
    var s = Surface(width: 14, height: 7)
    Rasterizer(blend: AlphaBlend(colors: colors)).rasterize(
      [a], contentOffset: .zero, viewport: s.bounds, into: &s
    ) { _, frame, surface in
      surface.drawBorder(frame, style: Style(foreground: .rgb(200, 100, 0), background: .rgb(0, 0, 100)))
    }
    return s
  }

  @Test func alphaBlendsTowardTheBackdropWithColours() {
    let half = render(card(alpha: 0.5), colors: .trueColor)
    #expect(half[2, 1].grapheme == "┌")
    #expect(half[2, 1].style.foreground == .rgb(100, 50, 0))
    #expect(half[2, 1].style.background == .rgb(0, 0, 50))
    let full = render(card(), colors: .trueColor)
    #expect(full[2, 1].style.foreground == .rgb(200, 100, 0))
    // A default foreground blends from the assumed default colour; a default background stays.
    let plain = AlphaBlend(colors: .indexed256).style(.plain, alpha: 0.5)
    #expect(plain.foreground == .rgb(115, 115, 115))
    #expect(plain.background == .default)
  }

  @Test func alphaIsDimThenInvisibleWithoutColours() {
    for colors in [ColorSupport.none, .ansi8] {
      #expect(!render(card(alpha: 0.6), colors: colors)[2, 1].style.dim)
      #expect(render(card(alpha: 0.3), colors: colors)[2, 1].style.dim)
      #expect(render(card(alpha: 0.1), colors: colors)[2, 1].grapheme == " ")
    }
    #expect(render(card(alpha: 0.1), colors: .indexed256)[2, 1].grapheme == "┌")
    #expect(render(card(alpha: 0), colors: .trueColor)[2, 1].grapheme == " ")
  }

  @Test func alphaUsesFewLevels() {
    var seen = Set<Style>()
    for i in 1...100 {
      seen.insert(AlphaBlend(colors: .trueColor).style(Style(foreground: .red), alpha: Double(i) / 100))
    }
    #expect(seen.count <= Int(AlphaBlend.steps))
  }

  @Test func scaleDrawsIntoTheScaledFrameAboutTheCentreKeepingTheBorder() {
    let s = render(card(scale: Scale(x: 0.6, y: 0.6)), colors: .none)
    // 10x5 at (2,1), centre (7, 3.5): scaled 6x3 at (4, 2).
    #expect(
      s.lines == [
        "              ",
        "              ",
        "    ┌────┐    ",
        "    │    │    ",
        "    └────┘    ",
        "              ",
        "              ",
      ])
    #expect(render(card(scale: Scale(0)), colors: .none).lines.joined().allSatisfy { $0 == " " })
    let tiny = render(card(scale: Scale(0.1)), colors: .none)
    #expect(tiny.lines.joined().filter { $0 != " " }.count <= 1)  // one cell at most: no room for a border
  }
}
