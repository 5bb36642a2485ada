import Foundation
import TermGridTesting
import Testing

/// The catalogue's waterfall and shelves in a real terminal (tmux).
@Suite(.serialized) struct CatalogueArrangementsEndToEndTests {
  static var binary: String { BookCatalogueEndToEndTests.binary }

  /// The lines of the screen.
  func lines(_ screen: String) -> [Substring] { screen.split(separator: "\n", omittingEmptySubsequences: false) }

  @Test(arguments: [(80, 24), (200, 60)])
  func theWaterfallThenShelvesThatScrollOnTheirOwn(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --group-by shelf")
    try tmux.waitFor(text: "171 books · 9 shelves")
    // L twice: the waterfall, its cards as tall as their titles need.
    try tmux.keys("L", "L")
    var screen = try tmux.waitForSettled("the waterfall") { $0.contains("layout: waterfall") }
    #expect(BookCatalogueEndToEndTests().brokenBorders(screen).isEmpty)
    // A card's title wraps over as many lines as it needs (up to six):
    // different card heights in one screen.
    let tops = lines(screen).enumerated().filter { $0.element.contains("╭") }.map(\.offset)
    #expect(Set(zip(tops, tops.dropFirst()).map { $1 - $0 }).count > 1, "\(screen)")
    // L again: the shelves, one row a shelf under a header with its count.
    try tmux.keys("L")
    screen = try tmux.waitForSettled("the shelves") { $0.contains("layout: shelves") && $0.contains("─ drama · 13 ") }
    #expect(screen.contains("▔▔▔"))  // the planks
    if width == 80 { #expect(screen.contains("more ▶")) }
    #expect(!screen.contains("◀ more"))
    // Down to the drama shelf, then right along it until it scrolls.
    try tmux.keys("Down")
    try tmux.waitFor(text: "1/13 ")
    let rights = width == 80 ? 6 : 12
    for _ in 0..<rights { try tmux.keys("Right") }
    screen = try tmux.waitFor(text: "\(rights + 1)/13 ")
    let dramaPlank = try #require(lines(screen).firstIndex { $0.contains("◀ more") }, "\(screen)")
    let before = lines(screen)[dramaPlank - 4]
    // Down to the next shelf and back up: the drama shelf has not moved.
    try tmux.keys("Down")
    screen = try tmux.waitFor("the next shelf") { !$0.contains("/13 ") }
    #expect(lines(screen)[dramaPlank - 4] == before)
    try tmux.keys("Up")
    screen = try tmux.waitFor(text: "/13 ")
    #expect(lines(screen)[dramaPlank].contains("◀ more") && lines(screen)[dramaPlank - 4] == before)
    // A resize keeps the shelves and the focus.
    try tmux.resize(width: width == 80 ? 100 : 160, height: height)
    screen = try tmux.waitForSettled("resized") { $0.contains("/13 ") && $0.contains("─ drama · 13 ") }
    try tmux.keys("L")
    try tmux.waitForSettled("the grid again") { $0.contains("layout: grid") }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }
}
