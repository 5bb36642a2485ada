import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import GridTerminal

/// The one diff between frames: the update a ``Screen`` makes, applied as a
/// terminal applies it, must leave exactly the frame on screen.
@Suite struct ScreenTests {
  /// A terminal's screen after an update: cleared when it says so, scrolled, then the changes written.
  func apply(_ update: FrameUpdate, to screen: inout Surface) {
    if update.clearsScreen { screen = Surface(width: update.width, height: update.height) }
    for hint in update.scrolls { screen.scrollRows(hint.rows, by: hint.by) }
    for change in update.changes { screen.setCell(change.cell, x: change.x, y: change.y) }
    screen.markPresented()
  }

  /// The cells as a terminal shows them: a wide grapheme's second column
  /// has no look of its own.
  func shown(_ cells: [Cell]) -> [Cell] {
    cells.map { $0.isContinuation ? Cell(grapheme: .space, style: .plain, width: 0) : $0 }
  }

  @Test func randomDrawingIsAlwaysCarriedByTheUpdate() {
    var random = SplitMix64(seed: 0x5EED_D1FF)
    let words = ["ab", "日本", "x", "语言文字", "é", "🙂", "tab\tx", "ｗｉｄｅ"]
    let styles: [Style] = [.plain, Style(foreground: .red), Style(background: .blue, attributes: .bold)]
    for round in 0..<200 {
      let w = 1 + Int(random.next() % 30)
      let h = 1 + Int(random.next() % 8)
      let scrollsRegions = round % 2 == 0
      var surface = Surface(width: w, height: h)
      var screen = Screen()
      var terminal = Surface(width: 0, height: 0)
      apply(screen.update(to: surface, scrollsRegions: scrollsRegions), to: &terminal)
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
        let update = screen.update(to: surface, scrollsRegions: scrollsRegions)
        #expect(!update.clearsScreen)
        if !scrollsRegions { #expect(update.scrolls.isEmpty) }
        apply(update, to: &terminal)
        #expect(shown(terminal.cells) == shown(surface.cells), "the update missed a change the surface did not mark")
        #expect((0..<h).allSatisfy { y in (0..<w).allSatisfy { x in screen[x, y].isIdentical(to: surface[x, y]) } })
        surface.markPresented()
        // Nothing drawn: nothing to write.
        #expect(screen.update(to: surface, scrollsRegions: scrollsRegions).changes.isEmpty)
      }
    }
  }

  @Test func theFirstFrameANewSizeAndAnInvalidatedScreenClearIt() {
    var surface = Surface(width: 6, height: 2)
    surface.draw("hi", x: 1, y: 1)
    var screen = Screen()
    let first = screen.update(to: surface, scrollsRegions: true)
    #expect(first.clearsScreen)
    // On a cleared screen only what is not blank is written.
    #expect(first.changes.map { [$0.x, $0.y] } == [[1, 1], [2, 1]])
    surface.markPresented()
    #expect(!screen.update(to: surface, scrollsRegions: true).clearsScreen)
    screen.invalidate()
    let again = screen.update(to: surface, scrollsRegions: true)
    #expect(again.clearsScreen && again.changes.count == 2)
    surface.resize(width: 3, height: 2)
    surface.draw("abc", x: 0, y: 0)
    let resized = screen.update(to: surface, scrollsRegions: true)
    #expect(resized.clearsScreen && resized.changedCellCount == 3)
    #expect(screen.width == 3 && screen.height == 2)
  }

  @Test func aScrollIsPassedOnAndOnlyTheRowThatCameInIsWritten() {
    var surface = Surface(width: 4, height: 3)
    for (y, word) in ["aaaa", "bbbb", "cccc"].enumerated() { surface.draw(word, x: 0, y: y) }
    var screen = Screen()
    _ = screen.update(to: surface, scrollsRegions: true)
    surface.markPresented()
    surface.scrollRows(0..<3, by: 1)
    surface.draw("dddd", x: 0, y: 2)
    let update = screen.update(to: surface, scrollsRegions: true)
    #expect(update.scrolls == [ScrollHint(rows: 0..<3, by: 1)])
    #expect(update.changes.map(\.y) == [2, 2, 2, 2])
    // A terminal that cannot scroll gets every cell that moved instead.
    var other = Screen()
    var plain = Surface(width: 4, height: 3)
    for (y, word) in ["aaaa", "bbbb", "cccc"].enumerated() { plain.draw(word, x: 0, y: y) }
    _ = other.update(to: plain, scrollsRegions: false)
    plain.markPresented()
    plain.scrollRows(0..<3, by: 1)
    plain.draw("dddd", x: 0, y: 2)
    let written = other.update(to: plain, scrollsRegions: false)
    #expect(written.scrolls.isEmpty && written.changes.count == 12)
  }

  /// A terminal that does not join emoji sequences draws each part on its
  /// own, over the cells after the sequence's own: the update writes those
  /// cells again, so every cell outside a sequence's own shows what the
  /// frame holds. (Before, a family emoji typed into a field and removed
  /// left its second and third people on the screen.)
  @Test func whatAnEmojiSequenceSpillsOverIsWrittenAgain() {
    var random = SplitMix64(seed: 0x5EED_5B11)
    // A man and a woman (ZWJ), a waving hand with a skin tone, a rainbow flag, and text.
    let words = ["👨\u{200D}👩", "👋🏽", "🏳\u{FE0F}\u{200D}🌈", "ab", "日本", "é", "x y"]
    for _ in 0..<300 {
      let w = 2 + Int(random.next() % 20)
      let h = 1 + Int(random.next() % 3)
      var surface = Surface(width: w, height: h)
      var screen = Screen()
      // The terminal's cells, as the text each shows ("" for a wide character's second column).
      var terminal = [[String]](repeating: [String](repeating: " ", count: w), count: h)
      for _ in 0..<8 {
        for _ in 0..<1 + Int(random.next() % 4) {
          let word = words[Int(random.next() % UInt64(words.count))]
          surface.draw(word, x: Int(random.next() % UInt64(w)), y: Int(random.next() % UInt64(h)))
        }
        let update = screen.update(to: surface, scrollsRegions: false)
        if update.clearsScreen { terminal = terminal.map { $0.map { _ in " " } } }
        for change in update.changes where change.cell.width > 0 {
          let g = change.cell.grapheme
          if g.widestDrawnWidth <= max(1, Int(change.cell.width)) {
            terminal[change.y][change.x] = g.description
            if change.cell.width == 2, change.x + 1 < w { terminal[change.y][change.x + 1] = "" }
            continue
          }
          // Each code point at the column after the one before, as wide as it is on its own.
          var column = change.x
          for (i, scalar) in change.cell.grapheme.unicodeScalars.enumerated() {
            let width = DisplayWidth.of(scalar)
            guard i == 0 || width > 0 else { continue }
            for dx in 0..<max(1, width) where column + dx < w {
              terminal[change.y][column + dx] = dx == 0 ? String(scalar) : ""
            }
            column += max(1, width)
          }
        }
        surface.markPresented()
        for y in 0..<h {
          var x = 0
          while x < w {
            let cell = surface[x, y]
            let own = max(1, Int(cell.width))
            if cell.grapheme.widestDrawnWidth > own {
              x += own  // its own cells show what the terminal makes of it
              continue
            }
            let expected = cell.isContinuation ? "" : cell.grapheme.description
            #expect(terminal[y][x] == expected, "column \(x) of \(surface.cells.map(\.grapheme.description))")
            x += 1
          }
        }
      }
    }
  }
}
