import ArgumentParser
import TermGrid

@main
struct WaterfallDemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waterfall-demo",
    abstract: "Cards of random heights packed into columns (a masonry layout).",
    discussion: """
      The two-column waterfall of UIKit's collection-view guide, generalised:
      each card goes under the column that is shortest at its turn, and the
      columns follow the terminal's width (one per 20 cells) until + or -
      sets a number of them; the change is animated, and so are inserts and
      deletes.

      Keys: arrows move the focus, + and - add or remove a column, = lets the
      width decide again, i inserts a card after the focused one, d deletes
      the focused card, ? shows the keys, q quits. A drag sideways with the
      mouse changes the columns as it goes (right: one more, left: one
      fewer); released past half way the change stays, else it goes back.
      """)

  @Option(name: .long, help: "How many cards to start with (0-100000).")
  var count: Int = 40

  @Option(name: .long, help: "A fixed number of columns (1-32) instead of one per 20 cells of width.")
  var columns: Int?

  @Option(name: .long, help: "The seed of the cards' random heights, for a repeatable wall.")
  var seed: UInt64 = 2026

  func validate() throws {
    guard (0...100_000).contains(count) else { throw ValidationError("--count must be between 0 and 100000") }
    if let columns, !(1...WaterfallController.maximumColumns).contains(columns) {
      throw ValidationError("--columns must be between 1 and \(WaterfallController.maximumColumns)")
    }
  }

  func run() {
    Application.run(WaterfallController(count: count, columns: columns, seed: seed))
  }
}
