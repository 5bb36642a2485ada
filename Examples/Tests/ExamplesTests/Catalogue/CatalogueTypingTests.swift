import Foundation
import TermGridTesting
import Testing

/// Typing what joins the character before it into each of the catalogue's
/// text fields (the filter, the save-as prompt, the add-a-book form), a
/// code point at a time as a keyboard or an input method sends it: the
/// app keeps running and shows what was typed. (Each of these ended the
/// app with "Array index is out of range" before text fields counted the
/// cursor in grapheme clusters.)
@Suite(.serialized) struct CatalogueTypingTests {
  static var binary: String { BookCatalogueEndToEndTests.binary }

  /// The last line of the screen (where the filter and the save-as prompt are).
  static func bottom(_ screen: String) -> String { screen.split(separator: "\n").last.map(String.init) ?? "" }

  @Test(arguments: [(80, 24), (200, 60)])
  func joiningCharactersTypedIntoEveryTextFieldKeepTheAppRunning(width: Int, height: Int) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-typing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("books.csv")
    try Data("title,author,year\nL'Étranger,Albert Camus,1942\nLa Peste,Albert Camus,1947\n".utf8).write(to: file)
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --data '\(file.path)'; echo exit=$?")
    try tmux.waitFor(text: "2 books")

    // The filter: an accent typed after its letter, then a letter after it.
    try tmux.keys("/")
    try tmux.typeCodePoints("e\u{301}x")
    try tmux.waitFor("éx in the filter") { Self.bottom($0).contains("/ e\u{301}x") }
    // A flag as its two regional indicators, Hangul as jamo, a waving hand with a skin tone.
    try tmux.keys("C-u")
    try tmux.typeCodePoints("\u{1F1EB}\u{1F1F7} \u{1100}\u{1161} \u{1F44B}\u{1F3FD}")
    try tmux.waitFor("the flag and the syllable") { Self.bottom($0).contains("🇫🇷 가") }
    // Backspace takes whole characters; the cursor moves by them.
    try tmux.keys("BSpace", "BSpace", "Left", "BSpace", "End")
    try tmux.typeCodePoints("e\u{301}")
    try tmux.waitFor("edited by characters") { Self.bottom($0).contains("/ 🇫🇷가é ") }
    // A family (ZWJ sequence) typed a code point at a time, the screen
    // drawn between its parts, and removed with one Backspace: back to
    // what was there, on the prompt line and in the title alike, with
    // nothing left over of the parts tmux drew on their own along the way
    // (a trailing joiner it joins to what is written next, a skin tone it
    // draws as a swatch of its own). A cluster of more than 15 bytes is
    // drawn as its first code point, so the whole family shows as the man.
    try tmux.typeCodePoints("\u{1F468}")
    try tmux.waitFor("the man in the filter") { $0.contains("filter “🇫🇷가é\u{1F468}”") }
    try tmux.typeCodePoints("\u{200D}\u{1F469}")
    try tmux.waitFor("the man and the woman") { $0.contains("\u{1F468}\u{200D}\u{1F469}”") }
    try tmux.typeCodePoints("\u{200D}\u{1F467}")
    try tmux.waitFor("the family in the filter") { $0.contains("filter “🇫🇷가é\u{1F468}”") }
    try tmux.keys("BSpace")
    try tmux.waitFor("the family gone in one keystroke") { $0.contains("filter “🇫🇷가é”") }
    // A waving hand and its skin tone, typed apart and removed as one.
    try tmux.typeCodePoints("\u{1F44B}")
    try tmux.waitFor("the hand in the filter") { $0.contains("filter “🇫🇷가é\u{1F44B}”") }
    try tmux.typeCodePoints("\u{1F3FD}")
    try tmux.keys("BSpace")
    try tmux.waitFor("the prompt line as it was") { screen in
      screen.contains("filter “🇫🇷가é”") && Self.bottom(screen).hasPrefix(" / 🇫🇷가é  ")
        && Self.bottom(screen).contains("·")
    }
    let prompt = Self.bottom(try tmux.capture())
    #expect(prompt.hasPrefix(" / 🇫🇷가é  ") && !prompt.contains("\u{200D}") && !prompt.contains("\u{1F3FD}"), "\(prompt)")
    try tmux.keys("Escape")
    try tmux.waitFor("the filter cleared") { !Self.bottom($0).contains("🇫🇷") }

    // The add-a-book form: the title with a combining accent, the author as Hangul jamo.
    try tmux.keys("a")
    try tmux.waitFor(text: "Add a book")
    try tmux.typeCodePoints("Cafe\u{301} au lait\u{1F1EB}\u{1F1F7}")
    try tmux.keys("Tab")
    try tmux.typeCodePoints("\u{1100}\u{1161}\u{11A8}")
    try tmux.keys("Tab")
    try tmux.typeCodePoints("1999")
    try tmux.keys("Enter")
    try tmux.waitFor("the new book") { $0.contains("3 books") && $0.contains("Café au lait") && $0.contains("각") }

    // Save as: a file name with an accent typed as a combining mark.
    try tmux.keys("S", "C-u")
    try tmux.waitFor(text: "Save as:")
    try tmux.typeCodePoints("\(dir.path)/cafe\u{301}.csv")
    try tmux.waitFor("the name typed") { Self.bottom($0).contains("cafe\u{301}.csv") }
    try tmux.keys("Enter")
    try tmux.waitFor(text: "saved 3 books")
    let saved = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(saved.contains { $0.unicodeScalars.elementsEqual("cafe\u{301}.csv".unicodeScalars) }, "\(saved)")
    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
  }

  /// A paste into the filter, "Tolstoy⏎ddd" (tmux's `paste-buffer -p`, as
  /// a terminal pastes, bracketed): the filter holds "Tolstoy ddd" and
  /// stays open, and no book is deleted; a paste with no field open runs
  /// no command. (Before, the line break closed the filter and "ddd"
  /// deleted three books.)
  @Test func aPasteIntoTheFilterIsTextAndDeletesNothing() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-paste-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("books.csv")
    let books = (1...6).map { "Book \($0),Leo Tolstoy,18\(60 + $0)" }.joined(separator: "\n")
    try Data("title,author,year\n\(books)\n".utf8).write(to: file)
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --data '\(file.path)'; echo exit=$?")
    try tmux.waitFor(text: "6 books")
    try tmux.keys("/")
    try tmux.waitFor("the filter") { Self.bottom($0).hasPrefix(" / ") }
    try tmux.paste("Tolstoy\nddd")
    try tmux.waitFor("the paste in the filter") { Self.bottom($0).hasPrefix(" / Tolstoy ddd") }
    try tmux.keys("Escape")
    try tmux.waitFor("the filter closed") { !Self.bottom($0).hasPrefix(" / ") }
    // No field open: "ddd" and a line break pasted delete nothing and open nothing.
    try tmux.paste("ddd\n")
    try tmux.waitFor("ignored") { $0.contains("nothing here takes a paste") }
    let screen = try tmux.capture()
    #expect(screen.contains("6 books") && !screen.contains("deleted"), "\(screen)")
    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
  }
}
