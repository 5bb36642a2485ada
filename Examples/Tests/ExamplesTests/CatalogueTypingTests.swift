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
    try tmux.type("\(Self.binary) --data '\(file.path)'; echo exit=$?")
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
    // A family (ZWJ sequence) typed and removed with one Backspace: back to
    // what was there, as the filter in the title says. (tmux draws each
    // part of a ZWJ sequence in cells of its own, so the prompt line is not
    // what is checked here.)
    try tmux.typeCodePoints("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")
    // (How tmux splits the sequence into cells depends on how its parts
    // arrived, so the title is looked at for what precedes it and its first part.)
    try tmux.waitFor("the family in the filter") { screen in
      screen.split(separator: "\n").contains { $0.contains("filter “🇫🇷가é") && $0.contains("\u{1F468}") }
    }
    try tmux.keys("BSpace")
    try tmux.waitFor("the family gone in one keystroke") { $0.contains("filter “🇫🇷가é”") }
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
}
