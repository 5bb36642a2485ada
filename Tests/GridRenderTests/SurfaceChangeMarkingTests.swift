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

  /// Printable ASCII is stored as one run: the cells and the marked
  /// columns are those of storing each cell in turn as a terminal writes
  /// it (the other half of a wide grapheme under either end blanked),
  /// inside any clip and extent, over wide graphemes anywhere.
  @Test func anASCIIRunDrawsAndMarksWhatCellByCellWritingDoes() {
    var rng = SystemRandomNumberGenerator()
    let under: [(Grapheme, UInt8)] = [("a", 1), ("日", 2), ("한", 2), ("─", 1), (" ", 1)]
    for _ in 0..<5_000 {
      let width = Int.random(in: 1...16, using: &rng)
      var s = Surface(width: width, height: 2)
      var x = 0
      while x < width {
        let (g, w) = under.randomElement(using: &rng)!
        s.setCell(Cell(grapheme: g, style: Style(attributes: [.underline]), width: w), x: x, y: 1)
        x += Int(w)
      }
      s.markPresented()
      let clipX = Int.random(in: 0..<width, using: &rng)
      let clip = CellRect(x: clipX, y: 0, width: Int.random(in: 1...(width - clipX), using: &rng), height: 2)
      let at = Int.random(in: -3...width, using: &rng)
      let room = clip.maxX - at
      guard room > 0 else { continue }
      let text = String(
        (0..<Int.random(in: 0...room, using: &rng)).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng))) })
      let style = Style(attributes: [.bold])
      // What writing each cell in turn gives (the run's behaviour before it was one run).
      var expected = s
      for (i, byte) in text.utf8.enumerated() where at + i >= clip.x && at + i < clip.maxX {
        expected.setCell(Cell(grapheme: Grapheme(ascii: byte), style: style, width: 1), x: at + i, y: 1)
      }
      let used = s.withClip(clip) { $0.draw(text, x: at, y: 1, style: style) }
      #expect(used == text.utf8.count)
      #expect(s.cells == expected.cells, "\(text) at \(at) in \(clip), width \(width)")
      #expect(s.changedColumns == expected.changedColumns, "\(text) at \(at) in \(clip), width \(width)")
      if s.cells != expected.cells || s.changedColumns != expected.changedColumns { return }
    }
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
