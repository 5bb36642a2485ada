import ArgumentParser
import TermGrid

@main
struct CircleDemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "circle-demo",
    abstract: "Cards on a ring that animate as they are inserted and deleted.",
    discussion: """
      The circle layout of UIKit's collection-view guide, in the terminal: new
      cards grow out of the centre, deleted ones shrink into it and fade, and
      the others slide round the ring to make room or close the gap.

      Keys: arrows move the focus, Enter or d deletes the focused card, a
      mouse click deletes the clicked card, i inserts a card at position 0,
      ? shows the keys, q quits.
      """)

  @Option(name: .long, help: "How many cards to start with (1-64).")
  var count: Int = 16

  func validate() throws {
    guard (1...64).contains(count) else { throw ValidationError("--count must be between 1 and 64") }
  }

  func run() {
    Application.run(CircleController(count: count))
  }
}
