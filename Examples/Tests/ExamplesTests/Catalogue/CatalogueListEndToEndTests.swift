import Foundation
import TermGridTesting
import Testing

/// The catalogue's list (L from the grid) in a real terminal (tmux): the
/// library's list layout, an inset grouped section per author under a
/// header, a row per book with its year, a checkmark when selected and a
/// disclosure indicator, and everything the grid does still working in it.
@Suite(.serialized) struct CatalogueListEndToEndTests {
  static var binary: String { BookCatalogueEndToEndTests.binary }

  /// Generous: the machine is shared.
  static let timeout = 60.0

  func lines(_ screen: String) -> [Substring] { screen.split(separator: "\n", omittingEmptySubsequences: false) }

  /// The status line (the last with a count of books).
  func statusLine(_ screen: String) -> Substring { lines(screen).last { $0.contains("books ") } ?? "" }

  /// The line that holds `text`, and its number.
  func line(containing text: String, in screen: String) -> (number: Int, text: Substring)? {
    lines(screen).enumerated().first { $0.element.contains(text) }.map { ($0.offset, $0.element) }
  }

  /// Whether the row showing `title` is drawn in reverse video (has the focus).
  func isFocused(_ title: String, styled: String) -> Bool {
    let screen = TmuxSession.screenText(fromStyledCapture: styled)
    guard let (y, text) = line(containing: title, in: screen), let r = text.range(of: title) else { return false }
    let x = text[..<r.lowerBound].reduce(0) { $0 + (($1.unicodeScalars.first?.value ?? 0) > 0x1100 ? 2 : 1) }
    return TmuxSession.isReverseVideo(x: x, y: y, inStyledCapture: styled)
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func theListInColour(width: Int, height: Int) throws {
    try walkThroughTheList(width: width, height: height, term: "xterm-256color")
  }

  @Test func theListInEightColours() throws {
    try walkThroughTheList(width: 80, height: 24, term: "xterm")
  }

  /// Into the list with the focus on La Peste; its details; Space checks
  /// it; a filter and an order; the focus moved and its details; resized
  /// to 2x2 and back; out of the list with the focus kept.
  func walkThroughTheList(width: Int, height: Int, term: String) throws {
    let t = Self.timeout
    let tmux = try TmuxSession(width: width, height: height, term: term)
    defer { tmux.close() }
    try tmux.type(TmuxSession.quoted(Self.binary))
    try tmux.waitFor("the grid", timeout: t) { $0.contains("171 books · 74 authors") }
    try tmux.keys("Right")
    try tmux.waitFor("La Peste focused", timeout: t) { self.statusLine($0).contains("2/2 La Peste") }
    // L: the list. A header per author with its count, a row per book: the
    // title, the year at the end and a disclosure indicator, one line each,
    // in a rounded box; a separator between two rows.
    try tmux.keys("L")
    var screen = try tmux.waitForSettled("the list", timeout: t) {
      $0.contains("layout: list") && $0.contains(/│ L'Étranger +1942 › │/) && $0.contains(/│ La Peste +1947 › │/)
    }
    #expect(screen.contains(/\ {2}Albert Camus +2 books/), "\(screen)")
    #expect(screen.contains(/\ {2}Alexander Pushkin +1 book/), "\(screen)")
    #expect(screen.contains(/│ Евгений Онегин +1833 › │/), "\(screen)")
    #expect(screen.contains(/╭─{20,}╮/) && screen.contains(/╰─{20,}╯/), "\(screen)")
    let camus = try #require(line(containing: "L'Étranger", in: screen))
    #expect(lines(screen)[camus.number + 1].contains("│ ────────"), "a separator under the first row: \(screen)")
    #expect(lines(screen)[camus.number - 1].contains("╭"), "the box's top over the first row: \(screen)")
    #expect(!screen.contains("╭──────────────────────╮"), "no 24-wide card is left")
    // The focused book is the one the grid had.
    #expect(isFocused("La Peste", styled: try tmux.captureStyled()), "\(screen)")
    #expect(!isFocused("L'Étranger", styled: try tmux.captureStyled()))
    // Enter: its details.
    try tmux.keys("Enter")
    screen = try tmux.waitFor(text: "Esc or q to return", timeout: t)
    #expect(screen.contains("La Peste") && screen.contains("Albert Camus"))
    try tmux.keys("Escape")
    // Space: a checkmark before the disclosure indicator, and no other mark.
    try tmux.keys("Space")
    screen = try tmux.waitFor("the checkmark", timeout: t) { $0.contains(/│ La Peste +1947 ✓ › │/) }
    #expect(statusLine(screen).contains("1 selected"))
    #expect(try #require(line(containing: "La Peste", in: screen)).text.filter { $0 == "✓" }.count == 1, "\(screen)")
    #expect(!screen.contains(/L'Étranger.*✓/))
    // / filters the list, animated; Enter keeps the filter, the check stays.
    try tmux.keys("/")
    try tmux.waitFor(text: "Enter keeps", timeout: t)
    try tmux.keys("-l", "peste")
    try tmux.keys("Enter")
    screen = try tmux.waitForSettled("the filtered list", timeout: t) {
      $0.contains("filter “peste”") && !$0.contains("L'Étranger") && !$0.contains("Enter keeps")
    }
    #expect(screen.contains(/\ {2}Albert Camus +1 book/) && screen.contains(/│ La Peste +1947 ✓ › │/), "\(screen)")
    #expect(statusLine(screen).contains("1 of 171 books · 1 author"))
    // / again and Esc: the whole catalogue again, the focus still on La Peste.
    try tmux.keys("/")
    try tmux.waitFor(text: "Enter keeps", timeout: t)
    try tmux.keys("Escape")
    screen = try tmux.waitForSettled("the whole list", timeout: t) {
      self.statusLine($0).contains("171 books · 74 authors") && $0.contains("L'Étranger") && !$0.contains("filter")
    }
    #expect(isFocused("La Peste", styled: try tmux.captureStyled()), "\(screen)")
    // Down: the next author's book, the terminal's cursor on its row.
    try tmux.keys("Down")
    screen = try tmux.waitForSettled("Pushkin focused", timeout: t) { self.statusLine($0).contains("1/1 Евгений Онегин") }
    let styled = try tmux.captureStyled()
    #expect(isFocused("Евгений Онегин", styled: styled) && !isFocused("La Peste", styled: styled), "\(screen)")
    let cursor = try tmux.cursor()
    #expect(TmuxSession.isReverseVideo(x: cursor.x, y: cursor.y, inStyledCapture: styled), "cursor at \(cursor)")
    try tmux.keys("Enter")
    screen = try tmux.waitFor(text: "Esc or q to return", timeout: t)
    #expect(screen.contains("Евгений Онегин") && screen.contains("Alexander Pushkin"))
    try tmux.keys("Escape")
    try tmux.waitFor("the details closed", timeout: t) { !$0.contains("Esc or q to return") }
    // o: Chekhov's plays by title (file order: Дядя Ваня, Три сестры, Вишнёвый сад).
    try tmux.keys("o")
    screen = try tmux.waitForSettled("by title", timeout: t) {
      $0.contains("order: title")
        && (self.line(containing: "Вишнёвый сад", in: $0)?.number ?? .max) < (self.line(containing: "Дядя Ваня", in: $0)?.number ?? 0)
    }
    #expect(screen.contains(/│ Вишнёвый сад +1904 › │/), "\(screen)")
    // Resized to 2x2 and back: the list again, the focus kept.
    try tmux.resize(width: 2, height: 2)
    try tmux.waitFor("2x2", timeout: t) { _ in (try? tmux.pane("window_width")) == "2" }
    try tmux.resize(width: width, height: height)
    screen = try tmux.waitForSettled("the list again", timeout: t) {
      $0.contains(/│ Евгений Онегин +1833 › │/) && $0.contains(/│ Вишнёвый сад +1904 › │/) && $0.contains("╰───")
    }
    #expect(isFocused("Евгений Онегин", styled: try tmux.captureStyled()), "\(screen)")
    #expect(lines(screen).allSatisfy { $0.count <= width }, "\(screen)")
    // L: out of the list to the waterfall; Enter shows the same book.
    try tmux.keys("L")
    try tmux.waitForSettled("the waterfall", timeout: t) { $0.contains("layout: waterfall") && !$0.contains("› │") }
    try tmux.keys("Enter")
    screen = try tmux.waitFor(text: "Esc or q to return", timeout: t)
    #expect(screen.contains("Евгений Онегин"), "\(screen)")
    try tmux.keys("Escape", "q")
    try tmux.waitFor("exit", timeout: t) { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  /// In an ASCII terminal (LANG=C): the accessories' stand-ins, ASCII boxes
  /// and separators; grouped by shelf, the author at each row's end;
  /// Space and a click check rows.
  @Test func theListInASCIIByShelf() throws {
    let t = Self.timeout
    let tmux = try TmuxSession(width: 80, height: 24, term: "xterm", locale: "C")
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --group-by shelf")
    try tmux.waitFor("the grid", timeout: t) { $0.contains("171 books . 9 shelves") }
    try tmux.keys("L")
    var screen = try tmux.waitForSettled("the list", timeout: t) {
      $0.contains("layout: list") && $0.contains(/\| Hamlet +William Shakespeare > \|/)
    }
    #expect(screen.contains(/\ {2}drama +13 books/), "\(screen)")
    #expect(screen.contains(/\| -{20,}\|/), "separators in ASCII: \(screen)")
    #expect(!screen.contains(/[─│╭╮╰╯›✓]/), "\(screen)")
    try tmux.keys("Down")
    try tmux.waitFor("Hamlet focused", timeout: t) { self.statusLine($0).contains("1/13 Hamlet") }
    try tmux.keys("Space")
    screen = try tmux.waitFor("the checkmark", timeout: t) { $0.contains(/\| Hamlet +William Shakespeare \* > \|/) }
    let hamlet = try #require(line(containing: "Hamlet", in: screen))
    #expect(hamlet.text.filter { $0 == "*" }.count == 1, "one mark: \(screen)")
    // A click on King Lear's row selects it too.
    let lear = try #require(line(containing: "King Lear", in: screen))
    try tmux.keys("-l", "\u{1B}[<0;10;\(lear.number + 1)M\u{1B}[<0;10;\(lear.number + 1)m")
    screen = try tmux.waitFor("King Lear checked", timeout: t) { $0.contains(/\| King Lear +William Shakespeare \* > \|/) }
    try tmux.keys("Down")
    screen = try tmux.waitFor("the next play", timeout: t) { self.statusLine($0).contains("3/13 ") }
    try tmux.keys("Enter")
    screen = try tmux.waitFor(text: "Esc or q to return", timeout: t)
    #expect(screen.contains("drama"))
    try tmux.keys("Escape", "q")
    try tmux.waitFor("exit", timeout: t) { _ in (try? tmux.pane("alternate_on")) == "0" }
  }
}
