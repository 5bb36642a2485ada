import Testing

@testable import GridRender

@Suite struct SurfaceTests {
  @Test func textIsClippedAndEllipsised() {
    var s = Surface(width: 10, height: 2)
    s.draw("Hello, world", x: 1, y: 0, maxWidth: 8)
    #expect(s.lines[0] == " Hello, … ")
    s.withClip(CellRect(x: 0, y: 1, width: 4, height: 1)) { $0.draw("abcdef", x: 2, y: 1, ellipsis: false) }
    #expect(s.lines[1] == "  ab      ")
  }

  @Test func wideCharactersAreNeverCutInHalf() {
    var s = Surface(width: 6, height: 1)
    s.withClip(CellRect(x: 0, y: 0, width: 5, height: 1)) { $0.draw("日本語", x: 0, y: 0, ellipsis: false) }
    #expect(s.lines[0] == "日本  ")
    #expect(s[4, 0].grapheme == " " && s[4, 0].width == 1)
    // Overwriting the second half of a wide character blanks its first half.
    s.put("x", width: 1, x: 1, y: 0, style: .plain)
    #expect(s.lines[0] == " x本  ")
    // A wide character straddling the clip's left edge becomes a blank.
    var t = Surface(width: 4, height: 1)
    t.withClip(CellRect(x: 1, y: 0, width: 3, height: 1)) { $0.draw("日本", x: 0, y: 0, ellipsis: false) }
    #expect(t.lines[0] == "  本")
  }

  @Test func bordersInUnicodeAndASCII() {
    var s = Surface(width: 5, height: 3)
    s.drawBorder(CellRect(x: 0, y: 0, width: 5, height: 3))
    #expect(s.lines == ["┌───┐", "│   │", "└───┘"])
    s.drawBorder(CellRect(x: 0, y: 0, width: 5, height: 3), border: .ascii)
    #expect(s.lines == ["+---+", "|   |", "+---+"])
  }
}

/// Drawing part of a frame again (a changed item and what overlaps it)
/// gives there the cells drawing all of it gives: text is fitted to the
/// extent, not cut with "…" at the edge of the part.
@Suite struct ConfinedDrawingTests {
  @Test func textRedrawnInAPartEndsWhereItEndsWhenDrawnWhole() {
    var whole = Surface(width: 30, height: 1)
    whole.draw("─ currently-reading ─", x: 0, y: 0)
    var part = whole
    part.fill(CellRect(x: 2, y: 0, width: 14, height: 1), with: "#")
    part.withChangesConfined(to: CellRect(x: 2, y: 0, width: 14, height: 1)) { $0.draw("─ currently-reading ─", x: 0, y: 0) }
    #expect(part.lines == whole.lines, "not \"─ currently-rea…ng\"")
  }

  @Test func randomPartsRedrawAsTheWhole() {
    let texts = ["Book 00042", "日本語のタイトル", "a 한국 b", "Ünïcödé text that runs long", "漢", "x日y本z", "      ", "€5 ─┼─ ok"]
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<3_000 {
      let width = Int.random(in: 1...24, using: &rng)
      var whole = Surface(width: width, height: 1)
      whole.draw(texts.randomElement(using: &rng)!, x: 0, y: 0)  // something under the element, wide graphemes too
      let extentX = Int.random(in: 0..<width, using: &rng)
      let extent = CellRect(x: extentX, y: 0, width: Int.random(in: 1...(width - extentX), using: &rng), height: 1)
      let (text, x) = (texts.randomElement(using: &rng)!, Int.random(in: -3...width, using: &rng))
      let maxWidth = Bool.random(using: &rng) ? Int.max : Int.random(in: 1...8, using: &rng)
      let style = Style(attributes: [.bold])
      func element(_ s: inout Surface) {
        s.withClip(extent) { s in
          s.fill(extent, style: style)
          s.draw(text, x: x, y: 0, maxWidth: maxWidth, style: style)
        }
      }
      element(&whole)
      // A part of it scribbled over, then the element drawn again with its changes confined to the part.
      let partX = Int.random(in: 0..<width, using: &rng)
      let part = CellRect(x: partX, y: 0, width: Int.random(in: 1...(width - partX), using: &rng), height: 1)
      var redrawn = whole
      redrawn.withClip(part.intersection(extent)) { $0.fill(part, with: "#") }
      redrawn.withChangesConfined(to: part) { element(&$0) }
      #expect(redrawn.lines == whole.lines, "\(text) at \(x) in \(extent), part \(part)")
      #expect(redrawn.cells == whole.cells)
      if redrawn.cells != whole.cells { return }
    }
  }
}
