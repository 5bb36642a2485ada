import Testing

@testable import GridRender

/// A terminal's screen compares only the columns a surface marks as drawn
/// into, so every way of drawing must mark what it changed.
@Suite struct SurfaceChangeMarkingTests {
  @Test func drawingMarksOnlyTheColumnsItTouched() {
    var s = Surface(width: 20, height: 3)
    s.markPresented()
    #expect((0..<3).allSatisfy { !s.rowChanged($0) })
    s.draw("abc", x: 5, y: 1)
    #expect(!s.rowChanged(0) && !s.rowChanged(2))
    // A cell and its neighbours (the other half of a wide grapheme may be blanked).
    #expect(s.changedColumns[1] == 4..<9)
    s.fill(CellRect(x: 10, y: 0, width: 3, height: 2))
    #expect(s.changedColumns[0] == 9..<14)
    #expect(s.changedColumns[1] == 4..<14)
  }

  @Test func settingACellAsATerminalDoesCoversAndBlanksWideHalves() {
    var s = Surface(width: 4, height: 1)
    s.setCell(Cell(grapheme: "日", style: .plain, width: 2), x: 1, y: 0)
    #expect(s[1, 0].width == 2 && s[2, 0].isContinuation)
    s.setCell(Cell(grapheme: "x", style: .plain, width: 1), x: 2, y: 0)
    #expect(s.text == "  x")  // the head whose second half was overwritten is blanked
    s.setCell(.blank, x: 9, y: 0)  // out of bounds: nothing
    #expect(s.text == "  x")
  }
}
