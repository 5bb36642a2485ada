import Foundation
import GridLayout
import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import circle_demo

@Suite(.serialized) struct CircleDemoTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("circle-demo").path }

  /// The numbers on the cards on screen.
  func cardNumbers(_ screen: String) -> Set<Int> {
    let regex = /│\s*(\d+)\s/  // a card may be partly covered by its neighbour
    var found = Set<Int>()
    for line in screen.split(separator: "\n") {
      for match in line.matches(of: regex) { if let n = Int(match.output.1) { found.insert(n) } }
    }
    return found
  }

  @Test func aClickDeletesTheClickedCardAndIInsertsAtZero() throws {
    let scene = CircleController(count: 16)
    var surface = Surface(width: 80, height: 24)
    scene.draw(into: &surface)
    let target = try #require(scene.collectionView.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
    _ = try scene.handle(.mouse(MouseEvent(.click, x: Int(target.center.x), y: Int(target.center.y))))
    #expect(scene.cards == [1, 2, 3] + Array(5...16))
    #expect(scene.collectionView.isAnimating)
    _ = try scene.handle(.key(.char("i")))
    #expect(scene.cards.first == 17 && scene.cards.count == 16)
    _ = try scene.handle(.mouse(MouseEvent(.click, x: 40, y: 11)))  // the empty centre: nothing
    #expect(scene.cards.count == 16)
  }

  @Test func aPressDeletesNothingUntilItIsReleasedOnTheSameCard() throws {
    let scene = CircleController(count: 16)
    var surface = Surface(width: 80, height: 24)
    scene.draw(into: &surface)
    let target = try #require(scene.collectionView.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
    let (x, y) = (Int(target.center.x), Int(target.center.y))
    _ = try scene.handle(.mouse(MouseEvent(.press, x: x, y: y)))
    #expect(scene.cards.count == 16)
    _ = try scene.handle(.mouse(MouseEvent(.release, x: 40, y: 11)))  // released off the card: nothing
    #expect(scene.cards.count == 16)
    _ = try scene.handle(.mouse(MouseEvent(.press, x: x, y: y)))
    _ = try scene.handle(.mouse(MouseEvent(.release, x: x, y: y)))
    #expect(scene.cards == [1, 2, 3] + Array(5...16))
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func deleteAndInsertInATerminal(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type(TmuxSession.quoted(Self.binary))
    var screen = try tmux.waitFor(text: "16 cards")
    #expect(cardNumbers(screen) == Set(1...16))
    try tmux.keys("d")  // the focused card, 1
    screen = try tmux.waitFor("card 1 to be gone") { $0.contains("15 cards · deleted 1") && self.cardNumbers($0) == Set(2...16) }
    try tmux.keys("Enter")  // the focus went to its neighbour, 2
    screen = try tmux.waitFor("card 2 to be gone") { $0.contains("deleted 2") && self.cardNumbers($0) == Set(3...16) }
    try tmux.keys("i")
    screen = try tmux.waitFor("card 17") { $0.contains("15 cards · inserted 17") && self.cardNumbers($0) == Set(3...17) }
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    screen = try tmux.waitFor("the ring again") { self.cardNumbers($0) == Set(3...17) }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    #expect(try tmux.pane("cursor_flag") == "1")
  }

  @Test func helpDescribesTheKeys() throws {
    let result = try Spawn.run([Self.binary, "--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("--count"))
    #expect(result.output.contains("i inserts"))
  }
}
