import GridRender
import PropertyBased
import TermGridTesting
import Testing

@testable import TermGrid

/// Pastes (bracketed, one event): into the text field on top, as text;
/// never as keys.
@Suite struct PasteTests {
  /// A paste with a line break into a one-line field: the line break is a
  /// space, the field stays open, and no key command runs (before, the
  /// line break was Enter and "ddd" deleted three items).
  @Test func aPasteGoesIntoTheTextFieldAndRunsNoCommand() throws {
    let app = TestApp()
    let terminal = HeadlessTerminal(width: 80, height: 24)
    terminal.send(keys: "t")
    terminal.send(.paste("Tolstoy\r\nddd\n"))
    try TerminalRunLoop(terminal: terminal, scene: app).run(untilIdle: true)
    let field = try #require(app.overlays.last as? TextInputOverlay)
    #expect(field.text == "Tolstoy ddd")
    #expect(app.sections.map(\.count) == [12, 7], "nothing deleted")
    #expect(terminal.text.contains("Name: Tolstoy ddd"))
    // Enter typed now submits what is there.
    terminal.send(keys: Key(.enter))
    try TerminalRunLoop(terminal: terminal, scene: app).run(untilIdle: true)
    #expect(app.submitted == ["Tolstoy ddd"] && app.overlays.isEmpty)
  }

  /// Into a form, the paste goes into the field being typed in; a line
  /// break neither submits nor moves to the next field.
  @Test func aPasteGoesIntoTheFormsFocusedField() throws {
    let app = TestApp()
    let terminal = HeadlessTerminal(width: 80, height: 24)
    terminal.send(keys: "f")
    terminal.send(.paste("Ann\tLee\n"), .key(Key(.tab)), .paste("4\n2"))
    try TerminalRunLoop(terminal: terminal, scene: app).run(untilIdle: true)
    let form = try #require(app.overlays.last as? FormOverlay)
    #expect(form.values == ["Ann Lee", "4 2"] && form.focusedField == 1)
    #expect(app.submitted.isEmpty)
  }

  /// With no text field open, a paste is ignored (said on the status
  /// line): its letters are no commands and its line breaks no Enter.
  @Test func aPasteWithNoTextFieldIsIgnored() throws {
    let app = TestApp()
    let terminal = HeadlessTerminal(width: 80, height: 24)
    terminal.send(.paste("ddd\n\u{1B}[Bq"))
    try TerminalRunLoop(terminal: terminal, scene: app).run(untilIdle: true)
    #expect(app.sections.map(\.count) == [12, 7], "nothing deleted")
    #expect(app.activated.isEmpty && app.overlays.isEmpty)
    #expect(app.collectionView.focusedIndexPath == IndexPath(item: 0, section: 0))
    #expect(terminal.text.contains("nothing here takes a paste"))
    #expect(!terminal.isRestored || terminal.pendingEvents.isEmpty)
    // A prompt (yes or no) takes no paste either: it stays, nothing chosen.
    terminal.send(keys: "p")
    terminal.send(.paste("y"))
    try TerminalRunLoop(terminal: terminal, scene: app).run(untilIdle: true)
    #expect(app.overlays.last is PromptOverlay && app.submitted.isEmpty)
  }

  @Test func aFieldTakesAPasteAsOneLineOfText() {
    var field = TextField("ab", maxLength: 20)
    field.handle(Key(.left))
    #expect(field.paste("X\r\nY\u{2028}Z\u{85}") && field.text == "aX Y Zb" && field.cursor == 6)
    // Controls, escape sequences' bytes and bidi controls are left out; tabs are spaces.
    var clean = TextField()
    clean.paste("\u{7}a\u{1B}[31mb\tc\u{202E}d\u{0}")
    #expect(clean.text == "a[31mb cd")
    // Only line breaks: nothing changes.
    var empty = TextField("x")
    #expect(!empty.paste("\n\r\n") && empty.text == "x")
    // As much as fits, the first part.
    var short = TextField("12", maxLength: 5)
    short.paste("abcdef")
    #expect(short.text == "12abc" && short.cursor == 5)
    // A combining accent pasted after a letter joins it; a flag's halves pasted apart join too.
    var joined = TextField("e", maxLength: 5)
    joined.paste("\u{301}\u{1F1EB}")
    joined.paste("\u{1F1F7}")
    #expect(joined.text == "é🇫🇷" && joined.text.count == 2 && joined.cursor == 2)
  }

  /// Random pastes of characters that join (accents, jamo, regional
  /// indicators, joiners, modifiers) mixed with line breaks, tabs and
  /// controls, into random fields at random cursors: the field stays one
  /// line of characters it takes, within its length, the cursor on a
  /// character boundary after what went in, and what was before and after
  /// the cursor is kept.
  @Test func randomPastesKeepTheFieldsRules() async {
    let pieces = [
      "a", "e", "漢", " ", "\u{301}", "\u{308}", "\u{1F1EB}", "\u{1F1F7}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{200D}",
      "\u{1F468}", "\u{1F3FD}", "\u{FE0F}", "\n", "\r\n", "\t", "\u{7}", "\u{1B}", "\u{202E}", "\u{2028}",
    ]
    await propertyCheck(count: 500, input: Gen.int(in: 0...(1 << 30))) { seed in
      var rng = SplitMix64(seed: UInt64(seed))
      func text(_ n: Int) -> String { (0..<n).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined() }
      let limit = 1 + Int(rng.next() % 30)
      var field = TextField()
      field.maxLength = limit
      field.paste(text(Int(rng.next() % 10)))
      for _ in 0..<Int(rng.next() % 4) { field.handle(Key(.left)) }
      let (before, cursor) = (field.text, field.cursor)
      let head = String(before.prefix(cursor))
      field.paste(text(Int(rng.next() % 40)))
      #expect(field.text.count <= limit)
      #expect(!field.text.contains { $0.isNewline || $0 == "\t" || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
      #expect(field.cursor >= 0 && field.cursor <= field.text.count)
      #expect(field.cursor >= cursor || field.text == before)
      // What was before the cursor is still there (its last character may have joined what came).
      #expect(field.text.unicodeScalars.starts(with: head.unicodeScalars))
      #expect(field.text.allSatisfy { $0.unicodeScalars.count <= TextField.maximumScalarsPerCharacter })
    }
  }
}
