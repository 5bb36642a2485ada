import GridRender
import Testing

@testable import CursesTerminal

/// The one per-cell decision both output paths (the encoder's bytes,
/// ncurses' cells) take.
@Suite struct CellGlyphTests {
  /// The alternate set's characters as a terminal with light lines gives them (`q` for ─ only).
  let lines: [UInt8] = (0..<64).map { $0 == 0 ? UInt8(ascii: "q") : 0 }

  func glyph(_ g: Grapheme, width: UInt8 = 1, unicode: Bool = true, lines: [UInt8]? = nil) -> CellGlyph {
    CellGlyph(Cell(grapheme: g, style: .plain, width: width), unicode: unicode, alternateLines: lines ?? self.lines)
  }

  @Test func eachKindOfCellIsWrittenOneWay() {
    guard case .ascii(UInt8(ascii: "a")) = glyph("a") else {
      Issue.record("ASCII")
      return
    }
    guard case .line(UInt8(ascii: "q")) = glyph("─") else {
      Issue.record("a light line in the alternate set")
      return
    }
    // A line the alternate set has no character for, and any line without one: UTF-8.
    guard case .text = glyph("│") else {
      Issue.record("a line without an alternate character")
      return
    }
    guard case .text = glyph("─", lines: [UInt8](repeating: 0, count: 64)) else {
      Issue.record("no alternate set")
      return
    }
    guard case .text = glyph("日", width: 2) else {
      Issue.record("wide text")
      return
    }
    guard case .none = glyph(.space, width: 0) else {
      Issue.record("the second half of a wide grapheme")
      return
    }
    // Without UTF-8: a stand-in in each column, the line still in the alternate set.
    guard case .fallback(_, count: 2) = glyph("日", width: 2, unicode: false) else {
      Issue.record("fallback")
      return
    }
    guard case .line = glyph("─", unicode: false) else {
      Issue.record("a line without UTF-8")
      return
    }
  }
}
