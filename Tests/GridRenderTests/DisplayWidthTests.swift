import Testing

@testable import GridRender

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("日本", 4), ("ｱ", 1), ("Ａ", 2), ("😀", 2),
    ("👩‍💻", 2), ("🇯🇵", 2), ("한", 2), ("\u{1100}\u{1161}", 2), ("\u{200B}", 0), ("─", 1),
  ])
  func widths(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
  }

  @Test func controlCharactersBecomeVisible() {
    #expect(TextSanitizer.sanitize("a\u{1B}[31mred") == "a␛[31mred")
    #expect(TextSanitizer.sanitize("tab\there") == "tab here")
    #expect(TextSanitizer.sanitize("x\u{7F}\u{85}y") == "x␡\u{FFFD}y")
    #expect(TextSanitizer.sanitize("line\r\nnext") == "line␤next")
    #expect(TextSanitizer.sanitize("\u{202E}evil") == "evil")
    #expect(TextSanitizer.sanitize("\u{301}x") == "\u{25CC}\u{301}x")
    // Nothing that reaches a cell is a control character.
    let nasty = (0..<0xA0).map { String(Unicode.Scalar(UInt8($0))) }.joined()
    for c in TextSanitizer.sanitize(nasty).unicodeScalars {
      #expect(!(c.value < 0x20 || (0x7F..<0xA0).contains(c.value)))
    }
  }

  @Test func truncationNeverSplitsAWideCharacter() {
    #expect(TextLayout.truncate("日本語の本", toWidth: 6) == "日本…")
    #expect(TextLayout.truncate("日本語の本", toWidth: 5) == "日本…")
    #expect(TextLayout.truncate("日本語の本", toWidth: 10) == "日本語の本")
    #expect(TextLayout.truncate("abcdef", toWidth: 4) == "abc…")
  }

  @Test func wrappingBreaksAtSpacesThenTruncates() {
    #expect(TextLayout.wrap("The Tale of Genji", width: 10, maxLines: 2) == ["The Tale", "of Genji"])
    #expect(TextLayout.wrap("One Hundred Years of Solitude", width: 12, maxLines: 2) == ["One Hundred", "Years of So…"])
    #expect(TextLayout.wrap("源氏物語源氏物語", width: 6, maxLines: 2) == ["源氏物", "語源…"])
    #expect(TextLayout.wrap("Supercalifragilistic", width: 8, maxLines: 3) == ["Supercal", "ifragili", "stic"])
    #expect(TextLayout.wrap("", width: 8, maxLines: 2) == [])
  }
}
