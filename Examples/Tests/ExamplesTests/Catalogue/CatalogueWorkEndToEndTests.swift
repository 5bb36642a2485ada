import Foundation
import TermGridTesting
import Testing

/// Working in the catalogue in a real terminal (tmux): selecting, moving,
/// filtering, the mouse, and saving to a file that a restart reads back.
@Suite(.serialized) struct CatalogueWorkEndToEndTests {
  static var binary: String { BookCatalogueEndToEndTests.binary }
  static var bundled: URL {
    // (This file is in Examples/Tests/ExamplesTests/<folder>/.)
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("book-catalogue/Resources/catalogue.csv")
  }

  func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last.map(String.init) ?? ""
  }

  /// A copy of the bundled catalogue in a directory of its own.
  func copyOfTheCatalogue() throws -> (directory: URL, file: URL) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-work-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent("books.csv")
    try FileManager.default.copyItem(at: Self.bundled, to: file)
    return (dir, file)
  }

  /// The row and column of the first place `text` appears on the screen.
  func position(of text: String, in screen: String) -> (x: Int, y: Int)? {
    for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if let r = line.range(of: text) {
        return (line[..<r.lowerBound].count, y)
      }
    }
    return nil
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func selectTwoBooksWithTheKeysAndDeleteThem(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type(TmuxSession.quoted(Self.binary))
    try tmux.waitFor(text: "1/2 L'Étranger")
    try tmux.keys("Space", "Right", "Space")
    var screen = try tmux.waitFor(text: "2 selected")
    #expect(screen.contains("┏✓━━━") && screen.contains("┃ La Peste"))  // selected: heavy border and a check mark
    try tmux.keys("d")
    screen = try tmux.waitFor("both gone") { $0.contains("169 books · 73 authors") && !$0.contains("Albert Camus") }
    #expect(statusLine(screen).contains("deleted 2 books"))
    // Shift+arrows select a range: Pushkin's book, then Chekhov's three.
    try tmux.keys("S-Down")
    try tmux.waitFor(text: "2 selected")
    try tmux.keys("Escape")
    try tmux.waitFor("the selection cleared") { !$0.contains("selected") }
    try tmux.keys("q")
    try tmux.waitFor(text: "Unsaved changes to bundled classics")
    try tmux.keys("Escape")  // stay
    try tmux.waitFor("the prompt gone") { !$0.contains("Unsaved changes") }
    try tmux.keys("q", "q")  // quit without saving
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func moveABookSaveAndFindItThereAfterARestart(width: Int, height: Int) throws {
    let (dir, file) = try copyOfTheCatalogue()
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = try Data(contentsOf: file)
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --data \(TmuxSession.quoted(file.path))")
    try tmux.waitFor(text: "1/2 L'Étranger")
    // Chekhov's section: Дядя Ваня first; move it two places on.
    try tmux.keys("Tab", "Tab")
    try tmux.waitFor(text: "1/3 Дядя Ваня")
    try tmux.keys("m")
    var screen = try tmux.waitFor(text: "moving “Дядя Ваня”")
    #expect(screen.contains("╔══"))  // lifted: a double border
    try tmux.keys("Right", "Right")
    try tmux.keys("Enter")
    screen = try tmux.waitFor(text: "moved “Дядя Ваня”")
    #expect(screen.contains("· modified"))
    try tmux.keys("s")
    screen = try tmux.waitFor(text: "saved 171 books to books.csv")
    #expect(!screen.contains("· modified"))
    #expect(try Data(contentsOf: file) != original)
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }

    // Restart from the saved file: Дядя Ваня is the third of Chekhov's plays.
    try tmux.type("clear; \(TmuxSession.quoted(Self.binary)) --data \(TmuxSession.quoted(file.path))")
    try tmux.waitFor(text: "1/2 L'Étranger")
    try tmux.keys("Tab", "Tab")
    try tmux.waitFor(text: "1/3 Три сестры")
    try tmux.keys("Right", "Right")
    try tmux.waitFor(text: "3/3 Дядя Ваня")
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    let saved = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    let chekhov = saved.filter { $0.contains("Anton Chekhov") }.map { $0.split(separator: ",")[0] }
    #expect(chekhov == ["Три сестры", "Вишнёвый сад", "Дядя Ваня"])
    #expect(saved.count == 172 && saved[0] == "Title,Author,Year Published,Bookshelves")
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func filterWithSlashAndRestoreWithEsc(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type(TmuxSession.quoted(Self.binary))
    try tmux.waitFor(text: "1/2 L'Étranger")
    try tmux.keys("Tab", "Tab")  // Chekhov
    try tmux.waitFor(text: "1/3 Дядя Ваня")
    try tmux.keys("/")
    try tmux.keys("-l", "ETRANG")  // case and accents do not matter
    var screen = try tmux.waitForSettled("one book") { $0.contains("1 book matches") }
    #expect(screen.contains("L'Étranger") && !screen.contains("La Peste") && !screen.contains("Chekhov"))
    try tmux.keys("Enter")  // keep the filter
    screen = try tmux.waitFor(text: "1 of 171 books")
    #expect(screen.contains("filter “ETRANG”"))
    try tmux.keys("/", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
    try tmux.keys("-l", "漱石")  // CJK
    screen = try tmux.waitForSettled("Sōseki's books") { $0.contains("books match") && $0.contains("夏目漱石") }
    try tmux.keys("Escape")
    screen = try tmux.waitForSettled("the whole catalogue") { $0.contains("171 books · 74 authors") }
    #expect(screen.contains("夏目漱石"))  // the focus stayed on the same book, in view
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func theMouseSelectsAndDragsInSGRMode(width: Int, height: Int) throws {
    let (dir, file) = try copyOfTheCatalogue()
    defer { try? FileManager.default.removeItem(at: dir) }
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --data \(TmuxSession.quoted(file.path))")
    var screen = try tmux.waitFor(text: "1/2 L'Étranger")
    #expect(try tmux.pane("mouse_sgr_flag") == "1" && tmux.pane("mouse_button_flag") == "1")
    // A click (press and release, 1-based SGR cells) on La Peste selects it.
    let peste = try #require(position(of: "La Peste", in: screen))
    try tmux.keys("-l", "\u{1B}[<0;\(peste.x + 1);\(peste.y + 1)M\u{1B}[<0;\(peste.x + 1);\(peste.y + 1)m")
    screen = try tmux.waitFor(text: "1 selected")
    #expect(statusLine(screen).contains("1 selected · 2/2 La P"))
    // Drag L'Étranger onto La Peste's place.
    let etranger = try #require(position(of: "L'Étranger", in: screen))
    try tmux.keys(
      "-l",
      "\u{1B}[<0;\(etranger.x + 1);\(etranger.y + 1)M\u{1B}[<32;\(etranger.x + 5);\(etranger.y + 1)M"
        + "\u{1B}[<32;\(peste.x + 1);\(peste.y + 1)M")
    try tmux.waitFor(text: "moving “L'Étranger”")
    try tmux.keys("-l", "\u{1B}[<0;\(peste.x + 1);\(peste.y + 1)m")
    screen = try tmux.waitForSettled("the drop") { $0.contains("moved “L'Étranger”") }
    let (p, e) = (try #require(position(of: "La Peste", in: screen)), try #require(position(of: "L'Étranger", in: screen)))
    #expect(p.y == e.y && p.x < e.x)
    // The wheel scrolls.
    try tmux.keys("-l", String(repeating: "\u{1B}[<65;10;10M", count: 4))
    try tmux.waitFor("the view to scroll") { !$0.contains("─ Albert Camus ─") }
    try tmux.keys("q", "q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    #expect(try tmux.capture().contains("$"))
  }

  @Test func theBundledCatalogueAsksForAFileNameAndAFailedSaveKeepsTheEdits() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-saveas-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let tmux = try TmuxSession(width: 100, height: 30)
    defer { tmux.close() }
    try tmux.type(TmuxSession.quoted(Self.binary))
    try tmux.waitFor(text: "1/2 L'Étranger")
    try tmux.keys("d")
    try tmux.waitFor(text: "170 books")
    try tmux.keys("s")
    try tmux.waitFor(text: "Save as:")
    // A directory that does not exist: the reason, and the edits stay.
    try tmux.keys("-l", "\(dir.path)/missing/mine.csv")
    try tmux.keys("Enter")
    var screen = try tmux.waitFor(text: "not saved, edits kept: No such file or directory")
    #expect(screen.contains("170 books") && screen.contains("· modified"))
    try tmux.keys("S", "C-u")
    try tmux.waitFor(text: "Save as:")
    try tmux.keys("-l", "\(dir.path)/mine.csv")
    try tmux.keys("Enter")
    screen = try tmux.waitFor(text: "saved 170 books")
    #expect(screen.contains("mine.csv") && !screen.contains("· modified"))
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    let saved = try String(contentsOf: dir.appendingPathComponent("mine.csv"), encoding: .utf8)
    #expect(saved.split(separator: "\n").count == 171 && !saved.contains("L'Étranger"))
  }
}
