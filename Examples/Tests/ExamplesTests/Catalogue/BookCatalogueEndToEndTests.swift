import Foundation
import TermGridTesting
import Testing

/// The built catalogue driven in a real terminal (tmux), as a person uses it.
@Suite(.serialized) struct BookCatalogueEndToEndTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("book-catalogue").path }

  /// Lines whose card borders do not pair up, and wide characters cut in half.
  func brokenBorders(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
      line.filter { $0 == "╭" }.count != line.filter { $0 == "╮" }.count
        || line.filter { $0 == "╰" }.count != line.filter { $0 == "╯" }.count
        || line.contains("\u{FFFD}")
    }
  }

  func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last { $0.contains("books ·") }.map(String.init) ?? ""
  }

  @Test(arguments: [(80, 24), (120, 40), (200, 60)])
  func browseOpenDetailsResizeAndQuit(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary))")
    var screen = try tmux.waitFor(text: "1/2 L'Étranger")
    #expect(screen.contains("─ Albert Camus ─"))
    #expect(screen.contains("L'Étranger"))
    #expect(statusLine(screen).contains("171 books · 74 authors · 1/2 L'Étranger"))
    #expect(brokenBorders(screen) == [])
    // The focused card is in reverse video.
    #expect(try tmux.captureStyled().contains("\u{1B}[7m"))

    // Idle means no CPU at all: the run loop blocks on input.
    if width == 80, let before = try tmux.foregroundCPUTicks() {
      usleep(1_500_000)
      let after = try #require(try tmux.foregroundCPUTicks())
      #expect(after - before <= 1, "the idle catalogue used \(after - before) ticks of CPU in 1.5 s")
    }

    try tmux.keys("Right")
    screen = try tmux.waitFor(text: "2/2 La Peste")
    try tmux.keys("Left", "Down")
    screen = try tmux.waitFor(text: "1/1 Евгений Онегин")

    try tmux.keys("Enter")
    screen = try tmux.waitFor(text: "Esc or q to return")
    #expect(screen.contains("Alexander Pushkin"))
    #expect(screen.contains("1833"))
    try tmux.keys("Escape")
    screen = try tmux.waitFor("the detail to close") { !$0.contains("Esc or q to return") }

    // Deep into the catalogue: the view scrolls with the focus, CJK intact.
    try tmux.keys("End")
    screen = try tmux.waitFor(text: "鴨長明 has 1 book")  // the last author in sorted order
    #expect(statusLine(screen).contains("1/1 方丈記"))
    #expect(screen.contains("魯迅 has 5 books"))
    #expect(brokenBorders(screen) == [])
    try tmux.keys("Home")
    try tmux.waitFor(text: "1/2 L'Étranger")
    try tmux.keys("Tab", "Tab")
    try tmux.waitFor(text: "1/3 Дядя Ваня")

    // Resize down to 2x2 and back: no crash, the focused book still shown.
    try tmux.resize(width: 30, height: 8)
    try tmux.waitFor(text: "Дядя")
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    screen = try tmux.waitFor(text: "1/3 Дядя Ваня")
    #expect(screen.contains("Anton Chekhov"))
    #expect(brokenBorders(screen) == [])

    try tmux.keys("?")
    try tmux.waitFor(text: "show the book's details")
    try tmux.keys("x")
    try tmux.waitFor("help to close") { !$0.contains("show the book's details") }

    try tmux.keys("q")
    // (A line of its own that is the prompt: the command line above it may wrap, the checkout's path being any length.)
    screen = try tmux.waitFor("the shell prompt after q") {
      $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "$" }
    }
    #expect(try tmux.pane("alternate_on") == "0")
    #expect(try tmux.pane("cursor_flag") == "1")
    #expect(!screen.contains("Albert Camus"))
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func deleteAddUndoAndSwitchLayout(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary))")
    try tmux.waitFor(text: "1/2 L'Étranger")
    // d deletes the focused book, animated; the footer counts one less from the first frame.
    try tmux.keys("d")
    var screen = try tmux.waitFor("the footer to count 1 and the card to go") {
      $0.contains("Albert Camus has 1 book ") && self.brokenBorders($0).isEmpty
        && !$0.split(separator: "\n").dropLast().joined().contains("L'Étranger")
    }
    #expect(!screen.split(separator: "\n").dropLast().joined().contains("L'Étranger"))  // only the status line names it
    #expect(statusLine(screen).contains("170 books · 74 authors · deleted “L'Étranger”"))
    #expect(brokenBorders(screen) == [])
    // Deleting the last book of a section removes the section.
    try tmux.keys("d")
    screen = try tmux.waitFor("the section to go") { !$0.contains("Albert Camus") && $0.contains("169 books · 73 authors") }
    #expect(screen.contains("─ Alexander Pushkin ─"))
    // a adds a book through the form, into a new author's section.
    try tmux.keys("a")
    try tmux.waitFor(text: "Add a book")
    try tmux.keys("-l", "Nadja")
    try tmux.keys("Tab", "C-u")
    for _ in 0..<20 { try tmux.keys("BSpace") }
    try tmux.keys("-l", "André Breton")
    try tmux.keys("Tab")
    try tmux.keys("-l", "1928")
    try tmux.keys("Enter")
    screen = try tmux.waitFor("the new book") { $0.contains("André Breton has 1 book") && $0.contains("170 books · 74 authors") }
    #expect(screen.contains("─ André Breton ─") && screen.contains("Nadja"))
    // u undoes the add, then the two deletes.
    try tmux.keys("u")
    try tmux.waitFor("the add undone") { !$0.contains("André Breton") && $0.contains("169 books") }
    try tmux.keys("u", "u")
    screen = try tmux.waitFor("the deletes undone") { $0.contains("Albert Camus has 2 books") && $0.contains("171 books") }
    // L switches to the list (one row a book: the title, the year and a
    // disclosure indicator), then the waterfall and the shelves, and back
    // to the grid, animated.
    let listRow = /│ [^│]+ \d{4} › │/
    try tmux.keys("L")
    screen = try tmux.waitFor("the list") { $0.contains(listRow) && self.brokenBorders($0).isEmpty }
    try tmux.keys("L", "L", "L")
    try tmux.waitFor("back to the grid") { $0.contains("layout: grid") }
    // Cards of 24 again (mid-animation they are wider), borders whole.
    screen = try tmux.waitForSettled("the grid, the animation over") { !$0.contains(listRow) }
    #expect(screen.contains(" ╭──────────────────────╮ "))
    #expect(brokenBorders(screen) == [])
    #expect(!screen.contains("───────────────────────╮"))  // no card wider than 24 is left
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  @Test func malformedRowsAreSkippedAndCounted() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-e2e-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("export.csv")
    let csv =
      "\u{FEFF}Book Id,Title,Author,Year Published,Bookshelves,My Rating\r\n"
      + "1,\"Sapiens, A Brief History\",Yuval Noah Harari,2011,\"to-read, history\",4\r\n"
      + "2,Broken row with too few fields\r\n"
      + "3,紅樓夢,曹雪芹,1791,classics,5\r\n"
      + "4,\u{1B}[31mEvil\u{1B}[0m,Mallory,nineteen,x,1\r\n"
    try csv.write(to: file, atomically: true, encoding: .utf8)
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --data \(TmuxSession.quoted(file.path)) --group-by shelf")
    // Where and why first (the line with the quote-less short row), then the count.
    _ = try tmux.waitFor(text: "2 rows skipped · line 3: 2 fields, the header has 6")
    try tmux.keys("Right", "Left")
    let screen = try tmux.waitFor(text: "2 rows skipped")
    #expect(screen.contains("2 books"))
    #expect(screen.contains("─ classics ─"))
    #expect(screen.contains("─ to-read ─"))
    #expect(screen.contains("紅樓夢"))
    #expect(screen.contains("by shelf"))
    try tmux.keys("Tab", "Enter")
    let detail = try tmux.waitFor(text: "Esc or q to return")
    #expect(detail.contains("Book Id"))  // unknown columns are kept
    #expect(detail.contains("My rating") && detail.contains("★"))
    try tmux.keys("q", "q")
    try tmux.waitFor("exit") { (try? tmux.pane("alternate_on")) == "0" && !$0.contains("malformed") }
  }

  @Test func aMissingFileExitsNonZeroNamingIt() throws {
    let result = try Spawn.run([Self.binary, "--data", "/no/such/catalogue.csv"])
    #expect(result.status == 1)
    #expect(result.output.contains("/no/such/catalogue.csv"))
    #expect(result.output.contains("no such file"))
  }

  @Test func helpDescribesTheCommandLine() throws {
    let result = try Spawn.run([Self.binary, "--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("--data"))
    #expect(result.output.contains("--group-by"))
    // How covers are drawn, and how to force it.
    for said in ["pixels", "asked when the first cover", "sixel", "kitty", "TERMGRID_PICTURES", "symbols or", "off"] {
      #expect(result.output.contains(said), "\(said)")
    }
  }
}
