import Foundation
import GridLayout
import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import waterfall_demo

@Suite(.serialized) struct WaterfallDemoTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("waterfall-demo").path }

  /// The card numbers on the screen (the status line left out).
  func cardNumbers(_ screen: String) -> Set<Int> {
    let wall = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().joined(separator: "\n")
    return Set(wall.matches(of: /│ *#(\d+) *│/).compactMap { Int($0.output.1) })
  }

  /// Draws the scene on a surface of `width` x `height` until its animations end.
  func settle(_ scene: WaterfallController, _ surface: inout Surface) {
    scene.draw(into: &surface)
    var frames = 0
    while scene.collectionView.isAnimating && frames < 200 {
      usleep(10_000)
      scene.draw(into: &surface)
      frames += 1
    }
  }

  @Test func cardsKeepTheirHeightsAndColumnsFollowTheWidthUntilPlusOrMinus() throws {
    let scene = WaterfallController(count: 30, seed: 7)
    var surface = Surface(width: 80, height: 24)
    settle(scene, &surface)
    // One column per 20 cells: 78 cells less the insets hold 3.
    #expect(scene.columnCount == 3)
    for (i, card) in scene.cards.enumerated() {
      let frame = try #require(scene.collectionView.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame)
      #expect(frame.height == Double(card.height) && WaterfallController.heights.contains(card.height))
    }
    // The same seed, the same wall.
    #expect(WaterfallController(count: 30, seed: 7).cards == scene.cards)
    #expect(WaterfallController(count: 30, seed: 8).cards != scene.cards)
    _ = try scene.handle(.key(.char("+")))
    #expect(scene.collectionView.isAnimating && scene.fixedColumns == 4)
    settle(scene, &surface)
    #expect(scene.columnCount == 4)
    _ = try scene.handle(.key(.char("-")))
    _ = try scene.handle(.key(.char("-")))
    _ = try scene.handle(.key(.char("-")))
    _ = try scene.handle(.key(.char("-")))
    #expect(scene.fixedColumns == 1 && scene.message == "1 column is the least")
    settle(scene, &surface)
    #expect(scene.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.width == 77)
    // A wider terminal: fixed stays fixed; = lets the width decide again.
    surface = Surface(width: 200, height: 60)
    settle(scene, &surface)
    #expect(scene.columnCount == 1)
    _ = try scene.handle(.key(.char("=")))
    settle(scene, &surface)
    #expect(scene.fixedColumns == nil && scene.columnCount == 9)
    for _ in 0..<60 { _ = try scene.handle(.key(.char("+"))) }
    #expect(scene.fixedColumns == 32 && scene.message == "32 columns is the most at this width")
  }

  @Test func insertsAfterTheFocusAndDeletesTheFocusedCardAnimated() throws {
    let scene = WaterfallController(count: 5, seed: 1)
    var surface = Surface(width: 80, height: 24)
    settle(scene, &surface)
    _ = try scene.handle(.key(Key(.right)))
    let focused = scene.collectionView.focusedIndexPath!.item
    _ = try scene.handle(.key(.char("i")))
    #expect(scene.cards.count == 6 && scene.cards[focused + 1].number == 6 && scene.collectionView.isAnimating)
    #expect(scene.collectionView.focusedIndexPath == IndexPath(item: focused + 1, section: 0))
    settle(scene, &surface)
    _ = try scene.handle(.key(.char("d")))
    #expect(scene.cards.map(\.number).sorted() == [1, 2, 3, 4, 5] && scene.message == "deleted #6")
    // An empty wall: d does nothing, i inserts at the start.
    let empty = WaterfallController(count: 0)
    _ = try empty.handle(.key(.char("d")))
    _ = try empty.handle(.key(.char("i")))
    #expect(empty.cards.map(\.number) == [1])
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func columnsInsertsAndDeletesInATerminal(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --count 60")
    let columns = width == 80 ? 3 : 9
    var screen = try tmux.waitFor(text: "60 cards · \(columns) columns (by width)")
    #expect(cardNumbers(screen).contains(1) && screen.contains("╭") && screen.contains("rows"))
    try tmux.keys("+")
    screen = try tmux.waitForSettled("one more column") { $0.contains("\(columns + 1) columns (fixed)") }
    // Every card on the top row starts a column: there are columns + 1 of them.
    let topRow = screen.split(separator: "\n")[0]
    #expect(topRow.filter { $0 == "╭" }.count == columns + 1, "\(screen)")
    try tmux.keys("-", "-")
    try tmux.waitForSettled("one fewer") { $0.contains("\(columns - 1) columns (fixed)") }
    try tmux.keys("i")
    screen = try tmux.waitFor(text: "61 cards")
    #expect(screen.contains("inserted #61"))
    try tmux.keys("d")
    screen = try tmux.waitForSettled("deleted") { $0.contains("60 cards") && $0.contains("deleted #61") }
    #expect(!cardNumbers(screen).contains(61))
    try tmux.keys("=", "Down", "Down", "PageDown")
    try tmux.resize(width: width == 80 ? 120 : 60, height: height == 24 ? 30 : 20)
    try tmux.waitForSettled("resized") { $0.contains(width == 80 ? "5 columns (by width)" : "2 columns (by width)") }
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    try tmux.waitForSettled("back") { $0.contains("\(columns) columns (by width)") }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    #expect(try tmux.pane("cursor_flag") == "1")
  }

  @Test func aDragSidewaysChangesTheColumnsAsItGoesKeptPastHalfWayElsePutBack() throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --count 60")
    try tmux.waitFor(text: "60 cards · 3 columns (by width)")
    // Pressed on a card, dragged 12 cells right (16 take it all the way): three quarters to 4 columns.
    try tmux.keys("-l", "\u{1B}[<0;11;6M\u{1B}[<32;16;6M\u{1B}[<32;23;6M")
    var screen = try tmux.waitFor(text: "4 columns (fixed) · drag 75%")
    try tmux.keys("-l", "\u{1B}[<0;23;6m")
    screen = try tmux.waitForSettled("the drag to finish") { $0.contains("4 columns (fixed)") && !$0.contains("drag") }
    #expect(screen.split(separator: "\n")[0].filter { $0 == "╭" }.count == 4, "\(screen)")
    // 4 cells left: a quarter of the way to 3 columns; released there, the 4 come back.
    try tmux.keys("-l", "\u{1B}[<0;11;6M\u{1B}[<32;9;6M\u{1B}[<32;7;6M")
    try tmux.waitFor(text: "3 columns (fixed) · drag 25%")
    try tmux.keys("-l", "\u{1B}[<0;7;6m")
    screen = try tmux.waitForSettled("the drag to be cancelled") { $0.contains("4 columns (fixed)") && !$0.contains("drag") }
    #expect(screen.split(separator: "\n")[0].filter { $0 == "╭" }.count == 4, "\(screen)")
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
  }

  @Test func helpAndBadArguments() throws {
    let help = try Spawn.run([Self.binary, "--help"])
    #expect(help.status == 0 && help.output.contains("--columns") && help.output.contains("+ and -"))
    #expect(help.output.contains("A drag sideways"))
    let bad = try Spawn.run([Self.binary, "--columns", "0"])
    #expect(bad.status != 0 && bad.output.contains("--columns must be between 1 and 32"))
  }
}
