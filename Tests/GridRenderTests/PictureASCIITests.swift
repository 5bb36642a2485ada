import Testing

@testable import GridRender

/// Pictures on a terminal without UTF-8 (a C locale): their block symbols
/// become blanks in the colour each cell shows, never fields of `?` and `#`.
@Suite struct PictureASCIITests {
  @Test func eachBlockSymbolCoversWhatItDraws() {
    let cases: [(Unicode.Scalar, Double)] = [
      ("▀", 0.5), ("▄", 0.5), ("▌", 0.5), ("▐", 0.5), ("█", 1), ("▁", 0.125), ("▇", 0.875), ("▉", 0.875),
      ("▏", 0.125), ("░", 0.25), ("▒", 0.5), ("▓", 0.75), ("▖", 0.25), ("▚", 0.5), ("▙", 0.75), ("▟", 0.75), ("x", 0),
    ]
    for (symbol, coverage) in cases { #expect(Picture.coverage(of: symbol) == coverage, "\(symbol)") }
    // The sextants: 🬀 is one sixth (the top left), 🬋 (the middle row) two, 🬻 five; none is a half or whole.
    #expect(Picture.coverage(of: "\u{1FB00}") == 1.0 / 6)
    #expect(Picture.coverage(of: "\u{1FB0B}") == 2.0 / 6)
    #expect(Picture.coverage(of: "\u{1FB3B}") == 5.0 / 6)
    let all = (0x1FB00...0x1FB3B).map { Picture.coverage(of: Unicode.Scalar($0)!) }
    #expect(all.allSatisfy { $0 > 0 && $0 < 1 } && all.filter { $0 == 0.5 }.count == 18)
  }

  @Test func blocksBecomeBlanksOfTheColourTheyShow() {
    let cells = [
      Cell(grapheme: "▀", style: Style(foreground: .rgb(200, 0, 0), background: .rgb(0, 0, 100)), width: 1),
      Cell(grapheme: "▙", style: Style(foreground: .rgb(200, 0, 0), background: .rgb(0, 0, 100)), width: 1),
      Cell(grapheme: "▄", style: Style(foreground: .indexed(196), background: .ansi(4)), width: 1),
      // A picture in the terminal's own two colours: the cell more covered than not is reversed.
      Cell(grapheme: "▙", style: .plain, width: 1),
      Cell(grapheme: "▖", style: .plain, width: 1),
      Cell(grapheme: " ", style: Style(background: .rgb(1, 2, 3)), width: 1),
    ]
    let picture = Picture(width: 6, height: 1, cells: cells).asciiOnly
    #expect(picture.cells.allSatisfy { $0.grapheme == .space && $0.style.foreground == .default })
    #expect(picture[0, 0].style.background == .rgb(100, 0, 50))
    #expect(picture[1, 0].style.background == .rgb(150, 0, 25))
    // Palette colours are mixed by their values in xterm's palette (196 is 255,0,0; blue is 0,0,238).
    #expect(picture[2, 0].style.background == .rgb(128, 0, 119))
    #expect(picture[3, 0].style.attributes.contains(.reverse))
    #expect(!picture[4, 0].style.attributes.contains(.reverse) && picture[4, 0].style.background == .default)
    #expect(picture[5, 0] == cells[5], "ASCII stays as it is")
  }
}
