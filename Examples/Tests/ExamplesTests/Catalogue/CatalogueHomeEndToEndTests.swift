import Foundation
import TermGridTesting
import Testing

/// The catalogue's home view (H) in a real terminal (tmux): a compositional
/// layout of shelves that scroll sideways on their own.
@Suite(.serialized) struct CatalogueHomeEndToEndTests {
  static var binary: String { BookCatalogueEndToEndTests.binary }

  func lines(_ screen: String) -> [Substring] { screen.split(separator: "\n", omittingEmptySubsequences: false) }

  /// Lines whose cards' corners do not pair up, a card cut by the screen's
  /// left or right edge (a shelf scrolled) allowed.
  func brokenShelves(_ screen: String) -> [Substring] {
    lines(screen).filter { line in
      var corners = line.filter { "╭╮╰╯".contains($0) }.map { "╭╰".contains($0) }  // true: a card's left corner
      if corners.first == false { corners.removeFirst() }
      if corners.last == true { corners.removeLast() }
      return corners.count % 2 != 0 || stride(from: 0, to: corners.count, by: 2).contains { !corners[$0] || corners[$0 + 1] }
        || line.contains("\u{FFFD}")
    }
  }

  /// The bundled classics (no reading statuses: a shelf per bookshelf), in 8 colours.
  @Test(arguments: [(80, 24), (200, 60)])
  func shelvesOfTheBundledCatalogueScrollSidewaysOnTheirOwn(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height, term: "xterm")
    defer { tmux.close() }
    try tmux.type(TmuxSession.quoted(Self.binary))
    try tmux.waitFor(text: "171 books · 74 authors")
    try tmux.keys("H")
    var screen = try tmux.waitForSettled("home") { $0.contains("home: shelves by shelf") && $0.contains("─ drama · 13 ") }
    #expect(screen.contains("by shelf"), "the title line says how the books are grouped")
    #expect(brokenShelves(screen).isEmpty, "\(screen)")
    // Cards with the title and the year under it.
    #expect(screen.contains("Hamlet") && screen.contains("1603"))
    if width == 80 { #expect(screen.contains("─ drama · 13 ▶ ")) }
    // Down to the drama shelf and along it until it scrolls: its header shows ◀.
    try tmux.keys("Down")
    try tmux.waitFor(text: "1/13 Hamlet")
    let rights = width == 80 ? 6 : 12
    for _ in 0..<rights { try tmux.keys("Right") }
    screen = try tmux.waitForSettled("along the drama shelf") { $0.contains("\(rights + 1)/13 ") }
    let drama = try #require(lines(screen).firstIndex { $0.contains("─ drama · 13 ◀") }, "\(screen)")
    let dramaRow = lines(screen)[drama + 2]
    // The focused book is on screen, and the essays' shelf has not moved.
    let status = try #require(lines(screen).last { $0.contains("/13 ") })
    let focused = status[status.range(of: "/13 ")!.upperBound...].prefix { $0 != " " }
    #expect(dramaRow.contains(focused.prefix(8)) || lines(screen)[drama + 3].contains(focused.prefix(8)), "\(screen)")
    #expect(!screen.contains("─ essays · 5 ◀"), "the essays' shelf has not moved")
    // The wheel over the novel shelf scrolls it, not the drama shelf.
    if let novel = lines(screen).firstIndex(where: { $0.contains("─ novel · 106 ▶ ") }), novel + 2 < height - 1 {
      let before = lines(screen)[drama + 2]
      try tmux.keys("-l", "\u{1B}[<67;5;\(novel + 3)M")
      screen = try tmux.waitForSettled("the novels scrolled") { $0.contains("─ novel · 106 ◀ ▶ ") }
      #expect(lines(screen)[drama + 2] == before)
    }
    // Enter opens the book's details, as everywhere.
    try tmux.keys("Enter")
    screen = try tmux.waitFor(text: "Esc or q to return")
    #expect(screen.contains("Shelves  drama"))
    try tmux.keys("Escape")
    // Resized to 2x2 and back: the home view again, the focus kept.
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    screen = try tmux.waitForSettled("the home view again") { $0.contains("\(rights + 1)/13 ") && $0.contains("─ drama · 13 ◀") }
    #expect(brokenShelves(screen).isEmpty, "\(screen)")
    // H again: back to the grid by author.
    try tmux.keys("H")
    try tmux.waitForSettled("the grid again") { $0.contains("layout: grid") && $0.contains("74 authors") }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  /// A Goodreads export with covers: a shelf per reading status, covers on the cards.
  @Test(arguments: [(80, 24), (200, 60)])
  func aShelfPerReadingStatusWithCovers(width: Int, height: Int) throws {
    let (folder, covers) = try GoodreadsCoversTests.makeLibrary("home\(width)")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --data '\(folder)/export.csv' --covers '\(covers)'")
    try tmux.waitFor(text: "6 books")
    try tmux.keys("H")
    var screen = try tmux.waitForSettled("home by status") {
      $0.contains("home: shelves by status") && GoodreadsCoversTests.pictureRows($0) >= 2
    }
    #expect(screen.contains("─ currently-reading · 1 "))
    #expect(screen.contains("A Wizard") && screen.contains("2004"))
    if width == 200 {
      #expect(screen.contains("─ to-read · 2 ") && screen.contains("─ read · 2 ") && screen.contains("─ (no status) · 1 "))
    }
    // Down to the read shelf; Enter: The Left Hand of Darkness, its cover large.
    try tmux.keys("Down", "Down")
    screen = try tmux.waitFor(text: "1/2 The Left Hand of Darkness")
    try tmux.keys("Enter")
    screen = try tmux.waitFor("the detail") { $0.contains("9780441478125") && GoodreadsCoversTests.pictureRows($0) >= 4 }
    try tmux.keys("Escape")
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    screen = try tmux.waitForSettled("the covers again") {
      GoodreadsCoversTests.pictureRows($0) >= 2 && $0.contains("1/2 The Left Hand of Darkness") && $0.contains("─ read · 2 ")
    }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }
}
