import BookCatalogueModel
import Foundation
import TermGrid
import TermGridSnapshotTesting
import TermGridTesting
import Testing

@testable import book_catalogue
@testable import calendar_demo
@testable import circle_demo
@testable import waterfall_demo

/// The examples' whole screens against recorded references
/// (`__Snapshots__/ExampleScreensTests/`), drawn headless at the sizes the
/// tmux tests use: the text, and the styles (focus, rules, dim text,
/// colours) in TermGridSnapshotTesting's markup. A change to any cell fails
/// with the row diff and the cell marked; `SNAPSHOT_TESTING_RECORD=all`
/// re-records (see Tests/README.md). The behaviours (what a key does, what
/// the layout computes) are asserted by each example's own tests.
@Suite struct ExampleScreensTests {
  /// The examples' folder (this file is in Examples/Tests/ExamplesTests/Screens/).
  static var examples: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The catalogue of the bundled CSV, as `book-catalogue` opens it.
  @Test(arguments: [(80, 24), (200, 60)])
  func theBundledCatalogue(size: (Int, Int)) throws {
    let loaded = try CatalogueLoader.load(path: Self.examples.appendingPathComponent("book-catalogue/Resources/catalogue.csv").path)
    let app = CatalogueController(catalogue: SharedCatalogue(document: CatalogueDocument(loaded: loaded, path: nil)), sourceName: "bundled")
    assertSnapshot(of: app, as: .styledText(width: size.0, height: size.1), named: "\(size.0)x\(size.1)")
  }

  /// The bundled week of the calendar demo: day headers, hours, lanes of overlapping events, CJK titles.
  @Test(arguments: [(80, 24), (200, 60)])
  func theBundledWeek(size: (Int, Int)) throws {
    let (events, _) = try EventLoader.load(contentsOf: Self.examples.appendingPathComponent("calendar-demo/Resources/week.csv"))
    let app = CalendarController(events: events, sourceName: "week.csv")
    assertSnapshot(of: app, as: .text(width: size.0, height: size.1), named: "\(size.0)x\(size.1)")
    assertSnapshot(
      of: CalendarController(events: events, sourceName: "week.csv"), as: .styledText(width: size.0, height: size.1),
      named: "\(size.0)x\(size.1)")
  }

  /// The circle demo's ring of 16 cards.
  @Test func theRingOfSixteen() {
    assertSnapshot(of: CircleController(count: 16), as: .styledText(width: 80, height: 24))
  }

  /// The waterfall of 30 seeded cards in three columns, then in four after
  /// `+` (the animation run to its end on a manual clock).
  @Test func theWaterfallBeforeAndAfterPlus() throws {
    let app = WaterfallController(count: 30, seed: 7)
    let clock = ManualAnimationClock()
    app.collectionView.clock = clock
    let terminal = HeadlessTerminal(width: 80, height: 24, capabilities: HeadlessRendering.capabilities)
    terminal.onWait = { clock.advance(by: $0) }
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try loop.run(untilIdle: true)
    assertSnapshot(of: terminal, as: .text, named: "three columns")
    terminal.send(keys: "+")
    try loop.run(untilIdle: true)
    #expect(app.columnCount == 4)
    assertSnapshot(of: terminal, as: .text, named: "four columns")
  }
}
