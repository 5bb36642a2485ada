import GridRender
import GridTerminal
import Testing

/// Untrusted text never traps and never draws wider or narrower than the
/// surface: random Unicode from every plane and category, random combining
/// sequences, through sanitising, measuring, wrapping and drawing.
@Suite struct UnicodeFuzzTests {
  /// The characters that crashed the sanitiser (issue 12): zero-width first
  /// scalars that a dotted circle cannot carry.
  static let crashers: [String] = [
    "\u{2060}", "a\u{2060}b", "\u{1160}", "\u{11A8}", "\u{1160}\u{11A8}", "\u{180E}", "\u{FFF9}", "\u{E0001}",
    "\u{0600}1", "\u{0600}\u{0600}12", "\u{E0001}\u{E0041}", "\u{200B}\u{301}", "\u{2060}\u{301}", " \u{1F3FF}",
    "a\u{1F3FB}", "\u{1F44D}\u{1F3FD}", "\u{FEFF}x", "\u{200D}", "\u{202E}\u{301}", "\u{1F1E6}",
  ]

  @Test(arguments: crashers)
  func theCharactersThatTrappedAreSanitisedMeasuredAndDrawn(_ text: String) {
    let safe = TextSanitizer.sanitize(text)
    for c in text { _ = TextSanitizer.sanitize(c) }
    _ = DisplayWidth.of(safe)
    _ = TextLayout.wrap(text, width: 3, maxLines: 4)
    var surface = Surface(width: 8, height: 1)
    surface.draw(text, x: 0, y: 0)
    surface.draw("x" + text + "y", x: 1, y: 0, maxWidth: 5)
    #expect(rowsHaveTheirWidth(surface))
  }

  @Test func whatIsKeptAndWhatIsDropped() {
    #expect(TextSanitizer.sanitize("\u{2060}") == "")  // a word joiner alone shows nothing
    #expect(TextSanitizer.sanitize("a\u{2060}b") == "ab")
    #expect(TextSanitizer.sanitize("\u{0600}1") == "1")  // a prepended format character goes, the digit stays
    #expect(TextSanitizer.sanitize("\u{301}x") == "\u{25CC}\u{301}x")
    #expect(TextSanitizer.sanitize("a\u{1F3FB}") == "a\u{1F3FB}")
    #expect(TextLayout.glyphs("a\u{1F3FB}").map(\.width) == [1, 2])  // the swatch takes its own two cells
    #expect(TextLayout.glyphs("\u{1F44D}\u{1F3FD}").map(\.width) == [2])  // a thumbs-up with its tone: one emoji
  }

  /// Every cell shows a grapheme of the width the cell gives it, and a wide
  /// one's second half follows it: the terminal draws each row in exactly
  /// the surface's width.
  func rowsHaveTheirWidth(_ surface: Surface) -> Bool { widthProblem(surface) == nil }

  /// The first cell whose grapheme is not as wide as the cell, if any.
  func widthProblem(_ surface: Surface) -> String? {
    for y in 0..<surface.height {
      var x = 0
      while x < surface.width {
        let cell = surface[x, y]
        let scalars = cell.grapheme.unicodeScalars.map { String($0.value, radix: 16) }
        if cell.isContinuation { return "(\(x), \(y)): a second half with no first" }
        let w = DisplayWidth.of(cell.grapheme.character)
        if w != Int(cell.width) { return "(\(x), \(y)): \(scalars) is \(w) wide in a cell of \(cell.width)" }
        if w == 2 {
          guard x + 1 < surface.width, surface[x + 1, y].isContinuation else {
            return "(\(x), \(y)): \(scalars) has no second half"
          }
          x += 2
        } else {
          x += 1
        }
      }
    }
    return nil
  }

  /// A random scalar: any plane, with the interesting ranges (marks,
  /// format characters, jamo, emoji, tags, controls) more often.
  func randomScalar(_ rng: inout some RandomNumberGenerator) -> Unicode.Scalar {
    let ranges: [ClosedRange<UInt32>] = [
      0x0...0x7F, 0x80...0x2FF, 0x300...0x36F, 0x600...0x605, 0x1100...0x11FF, 0x180B...0x180F, 0x200B...0x206F,
      0x2E80...0x9FFF, 0xFE00...0xFE0F, 0xFFF0...0xFFFF, 0x1F1E6...0x1F1FF, 0x1F300...0x1FAFF, 0x1F3FB...0x1F3FF,
      0xE0000...0xE007F, 0xE0100...0xE01EF, 0x0...0x10FFFF,
    ]
    while true {
      let range = ranges.randomElement(using: &rng)!
      if let s = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { return s }
    }
  }

  @Test func randomUnicodeNeverTrapsAndEveryDrawnRowHasTheSurfacesWidth() {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<4_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...12, using: &rng) { scalars.append(randomScalar(&rng)) }
      let text = String(scalars)
      let safe = TextSanitizer.sanitize(text)
      for s in safe.unicodeScalars { #expect(s.value >= 0x20 && !(0x7F..<0xA0).contains(s.value)) }
      let width = Int.random(in: 1...10, using: &rng)
      for line in TextLayout.wrap(text, width: width, maxLines: 5) {
        #expect(
          DisplayWidth.of(line) <= width,
          "\(text.unicodeScalars.map { String($0.value, radix: 16) }) → \(line.unicodeScalars.map { String($0.value, radix: 16) })")
      }
      var surface = Surface(width: 12, height: 2)
      surface.draw(text, x: Int.random(in: -2...6, using: &rng), y: 0, maxWidth: Int.random(in: 0...14, using: &rng))
      surface.draw(StyledText(text) + .bold(text), x: 0, y: 1, maxWidth: 12)
      let problem = widthProblem(surface)
      #expect(problem == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) }): \(problem ?? "")")
    }
  }

  /// The widest a terminal may draw a grapheme, decoded from its bytes in
  /// place, is its code points' widths added up, for random clusters.
  @Test func theWidestDrawnWidthIsItsCodePointsWidthsAddedUp() {
    var rng = SystemRandomNumberGenerator()
    let joiners: [Unicode.Scalar] = ["\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{301}", "\u{1F468}", "\u{1F1EF}"]
    for _ in 0..<4_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...8, using: &rng) {
        scalars.append(Bool.random(using: &rng) ? joiners.randomElement(using: &rng)! : randomScalar(&rng))
      }
      for character in String(scalars) {
        let g = Grapheme(character)
        let added = g.unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) }
        #expect(g.widestDrawnWidth == added, "\(g.unicodeScalars.map { String($0.value, radix: 16) })")
      }
    }
  }

  /// Random bytes as they arrive from a file or a terminal (lone surrogate
  /// halves `ED A0 80`..`ED BF BF`, overlong forms, bytes past U+10FFFF,
  /// truncated sequences): the input decoder's rules (a bad lead is one
  /// U+FFFD; a sequence cut short is one U+FFFD and the next byte starts
  /// afresh) never trap, never yield a surrogate, and what they yield draws
  /// in exactly the surface's width.
  @Test func randomBytesWithSurrogateHalvesDecodeAndDraw() {
    var rng = SystemRandomNumberGenerator()
    let pieces: [[UInt8]] = [
      [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xED, 0xB0, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80],
      [0xF0, 0x9F, 0x99], [0xE6, 0x97], [0x80], [0xFF], [0x41], [0xE2, 0x80, 0x8D], [0xCC, 0x81], [0x1B], [0x00],
    ]
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 1...10, using: &rng)).flatMap { _ in
        Bool.random(using: &rng) ? pieces.randomElement(using: &rng)! : [UInt8.random(in: 0...255, using: &rng)]
      }
      // The terminal's decoding, as CursesTerminal reads keys.
      var scalars = String.UnicodeScalarView()
      var i = 0
      while i < bytes.count {
        guard let length = UTF8Decoding.length(ofSequenceStartingWith: bytes[i]) else {
          scalars.append("\u{FFFD}")
          i += 1
          continue
        }
        var sequence = [bytes[i]]
        var j = i + 1
        while sequence.count < length, j < bytes.count, bytes[j] & 0xC0 == 0x80 {
          sequence.append(bytes[j])
          j += 1
        }
        let scalar = sequence.count == length ? UTF8Decoding.scalar(sequence) : nil
        scalars.append(scalar ?? "\u{FFFD}")
        i = j
      }
      for s in scalars { #expect(!(0xD800...0xDFFF).contains(s.value)) }
      // And a file's decoding (String(decoding:) repairs the same way).
      for text in [String(scalars), String(decoding: bytes, as: UTF8.self)] {
        var surface = Surface(width: 10, height: 1)
        surface.draw(text, x: Int.random(in: -1...4, using: &rng), y: 0, maxWidth: Int.random(in: 0...12, using: &rng))
        #expect(widthProblem(surface) == nil, "\(bytes)")
      }
    }
  }
}
