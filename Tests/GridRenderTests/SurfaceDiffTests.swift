import GridLayout
import TermGridTesting
import Testing

@testable import GridRender

/// The diff a terminal makes: only the columns a surface marks as drawn
/// into are compared, so every way of drawing must mark what it changed.
@Suite struct SurfaceDiffTests {
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

  @Test func aScreenCopyUpdatedFromTheMarkedColumnsEqualsTheSurface() {
    var random = SplitMix64(seed: 0x5EED_D1FF)
    let words = ["ab", "日本", "x", "语言文字", "é", "🙂", "tab\tx", "ｗｉｄｅ"]
    let styles: [Style] = [.plain, Style(foreground: .red), Style(background: .blue, attributes: .bold)]
    for _ in 0..<200 {
      let w = 1 + Int(random.next() % 30)
      let h = 1 + Int(random.next() % 8)
      var surface = Surface(width: w, height: h)
      var screen = Surface(width: w, height: h)
      screen.updateCells(from: surface, allRows: true) { _, _, _ in }
      surface.markPresented()
      for _ in 0..<6 {
        for _ in 0..<Int(random.next() % 6) {
          let x = Int(random.next() % UInt64(w + 2)) - 1
          let y = Int(random.next() % UInt64(h))
          let style = styles[Int(random.next() % 3)]
          switch random.next() % 6 {
          case 0: surface.draw(words[Int(random.next() % UInt64(words.count))], x: x, y: y, style: style)
          case 1:
            surface.fill(CellRect(x: x, y: y, width: Int(random.next() % 6), height: Int(random.next() % 3)), style: style)
          case 2: surface.drawBorder(CellRect(x: x, y: y, width: 2 + Int(random.next() % 6), height: 2 + Int(random.next() % 3)))
          case 3: surface.restyle(CellRect(x: x, y: 0, width: 3, height: h)) { _ in style }
          case 4: surface.scrollRows(0..<h, by: Int(random.next() % 3) - 1)
          default:
            surface.withClip(CellRect(x: x, y: 0, width: 3, height: h)) {
              $0.draw("日本語", x: x - 1, y: y, style: style, ellipsis: false)
            }
          }
        }
        // The terminal's side: replay the scrolls, then diff the marked columns.
        for hint in surface.scrollHints { screen.scrollRows(hint.rows, by: hint.by) }
        var reported = 0
        screen.updateCells(from: surface) { _, _, _ in reported += 1 }
        screen.markPresented()
        #expect(screen.cells == surface.cells, "the copy missed a change the surface did not mark")
        surface.markPresented()
        // Nothing drawn: nothing to report.
        screen.updateCells(from: surface) { _, _, _ in reported = -1 }
        #expect(reported >= 0)
      }
    }
  }
}
