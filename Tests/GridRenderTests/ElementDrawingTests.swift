import Testing

@testable import GridRender

/// GridRender's drawing of an element from its plain description (what
/// TermGrid's `ElementContent` becomes once per frame), and of a list of
/// them in one call: exact cells.
@Suite struct ElementDrawingTests {
  /// A selected, focused card: a rounded border, a title, a detail, a badge.
  private func card() -> ElementDrawing {
    var d = ElementDrawing()
    d.title = "Dune"
    d.detail = "1965"
    d.border = .rounded
    d.badge = (StyledText("4*"), .topTrailing)
    d.stateAttributes = [.reverse]
    d.dimsDetail = false
    d.selectionMark = "✓"
    return d
  }

  @Test func aCardIsDrawnWholeAndSaysWhereItsTextStarts() {
    var surface = Surface(width: 12, height: 5)
    let drawn = card().draw(in: CellRect(x: 0, y: 0, width: 12, height: 5), on: &surface, findingTextStart: true)
    #expect(
      surface.lines == [
        "╭✓──────4*─╮",
        "│ Dune     │",
        "│          │",
        "│ 1965     │",
        "╰──────────╯",
      ])
    #expect(drawn.textStart == CellPoint(x: 2, y: 1))
    #expect(drawn.awaitedPicture == nil)
    // The state's attributes on every cell; the detail not dimmed when focused, dimmed otherwise.
    #expect((0..<12).allSatisfy { x in (0..<5).allSatisfy { surface[x, $0].style.attributes.contains(.reverse) } })
    #expect(!surface[2, 3].style.attributes.contains(.dim))
    var unfocused = card()
    unfocused.dimsDetail = true
    var other = Surface(width: 12, height: 5)
    _ = unfocused.draw(in: CellRect(x: 0, y: 0, width: 12, height: 5), on: &other)
    #expect(other[2, 3].style.attributes.contains(.dim) && !other[2, 1].style.attributes.contains(.dim))
    // Not asked for, the text start is not given.
    #expect(card().draw(in: CellRect(x: 0, y: 0, width: 12, height: 5), on: &other).textStart == nil)
  }

  @Test func marksSitAtTheRowsEdgesAndTheTextTakesWhatIsLeft() {
    var row = ElementDrawing()
    row.title = "Downloads"
    row.hasAccessories = true
    row.indentation = 2
    row.marks = [
      ElementDrawing.Mark(text: "▾", color: nil, isLeading: true),
      ElementDrawing.Mark(text: "12", color: .brightBlack, isLeading: false),
    ]
    var surface = Surface(width: 20, height: 1)
    let frame = CellRect(x: 0, y: 0, width: 20, height: 1)
    let drawn = row.draw(in: frame, on: &surface, findingTextStart: true)
    // The title is one cell wider than its padded room: the trailing padding gives way.
    #expect(surface.lines == ["   ▾ Downloads   12 "])
    #expect(surface[17, 0].style.foreground == .brightBlack && surface[5, 0].style.foreground == .default)
    #expect(drawn.textStart == CellPoint(x: 5, y: 0))
    #expect(row.markIndex(in: frame, at: CellPoint(x: 3, y: 0)) == 0)
    #expect(row.markIndex(in: frame, at: CellPoint(x: 18, y: 0)) == 1)
    #expect(row.markIndex(in: frame, at: CellPoint(x: 10, y: 0)) == nil)
  }

  @Test func customDrawingGetsTheFrameAndTheStateIsDrawnOverIt() {
    var d = ElementDrawing()
    var framesGiven: [CellRect] = []
    d.custom = { surface, frame in
      framesGiven.append(frame)
      surface.draw("custom", x: frame.x, y: frame.y, style: .plain)
    }
    d.afterDraw = { surface, frame in surface.draw("!", x: frame.maxX - 1, y: frame.y, style: .plain) }
    d.stateAttributes = [.bold]
    d.selectionMark = "*"
    var surface = Surface(width: 10, height: 2)
    let frame = CellRect(x: 1, y: 0, width: 8, height: 2)
    let drawn = d.draw(in: frame, on: &surface, findingTextStart: true)
    #expect(framesGiven == [frame])
    #expect(surface.lines == [" *ustom ! ", "          "])
    // The state's attributes on every cell of the frame, none outside it.
    #expect(surface[2, 1].style.attributes.contains(.bold) && !surface[0, 0].style.attributes.contains(.bold))
    #expect(drawn.textStart == CellPoint(x: 1, y: 0))
  }

  @Test func aListOfElementsIsDrawnInOneCallChangingOnlyTheClip() {
    var surface = Surface(width: 20, height: 3)
    surface.markPresented()
    func titled(_ title: String) -> ElementDrawing {
      var d = ElementDrawing()
      d.title = title
      d.border = .single
      return d
    }
    var focused = titled("B")
    focused.stateAttributes = [.reverse]
    let elements = [
      PlacedElement(titled("A"), in: CellRect(x: 0, y: 0, width: 10, height: 3)),
      PlacedElement(focused, in: CellRect(x: 10, y: 0, width: 10, height: 3), findsTextStart: true),
      PlacedElement(titled("C"), in: CellRect(x: 30, y: 0, width: 5, height: 3)),
      PlacedElement(titled("D"), in: CellRect(x: 5, y: 0, width: 10, height: 3), alpha: 0.4),
    ]
    let viewport = CellRect(x: 0, y: 0, width: 20, height: 3)
    let results = surface.drawElements(
      elements, in: viewport, changing: CellRect(x: 0, y: 0, width: 15, height: 3), blend: AlphaBlend(colors: .ansi8))
    // C lies outside the viewport: not drawn, nothing given back.
    #expect(results.count == 4 && results[2] == nil)
    #expect(results[1]?.textStart == CellPoint(x: 12, y: 1) && results[0]?.textStart == nil)
    // D is drawn over A and B, dimmed (alpha below 0.5 on 8 colours); the
    // columns from 15 on are not changed (B's right half stays blank).
    #expect(surface.lines == ["┌────┌────────┐     ", "│ A  │ D      │     ", "└────└────────┘     "])
    #expect(surface[6, 1].style.attributes.contains(.dim) && !surface[2, 1].style.attributes.contains(.dim))
    #expect(surface[12, 1].style.attributes.contains(.reverse) == false)
  }
}
