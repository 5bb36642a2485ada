import Foundation
import SnapshotTesting
import TermGrid
import TermGridSnapshotTesting
import TermGridTesting
import Testing

/// Fruit in a list of bordered cards, the first focused: a small app's screen.
final class FruitList: CollectionViewController {
  var fruit = ["Apple", "Banana", "Cherry", "Damson", "Elderberry", "Fig"]

  init() { super.init(layout: FlowLayout(itemSize: Size(width: 14, height: 3))) }

  override var titleText: String? { "Fruit" }
  override var statusText: String { "\(fruit.count) kinds" }
  override func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { fruit.count }
  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: fruit[indexPath.item], border: .rounded)
  }
}

/// The strategies against the snapshot library itself: a reference
/// recorded in a folder of the test's own, then compared with a screen
/// that differs in one cell, with one missing, and re-recorded.
@Suite struct SnapshotStrategyTests {
  /// A folder of the test's own for references, removed afterwards.
  static func withFolder(_ body: (String) throws -> Void) rethrows {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-snapshots-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
  }

  /// The app's screen: its terminal after a run loop until idle.
  static func screen(_ app: FruitList, width: Int = 40, height: Int = 10) throws -> HeadlessTerminal {
    try HeadlessRendering.terminal(showing: app, width: width, height: height)
  }

  @Test func oneChangedCellFailsWithTheRowDiffAndTheCellMarked() throws {
    try Self.withFolder { folder in
      let app = FruitList()
      let recorded = verifySnapshot(of: try Self.screen(app), as: .text, named: "screen", record: .all, snapshotDirectory: folder)
      #expect(recorded?.contains("Record mode is on") == true)
      #expect(
        verifySnapshot(of: try Self.screen(FruitList()), as: .text, named: "screen", record: .never, snapshotDirectory: folder) == nil)

      let changed = FruitList()
      changed.fruit[1] = "Banena"
      let failure = try #require(
        verifySnapshot(of: try Self.screen(changed), as: .text, named: "screen", record: .never, snapshotDirectory: folder))
      // The line diff: the row as it was and as it is.
      #expect(failure.contains("−") && failure.contains("+"), "\(failure)")
      #expect(failure.contains("Banana") && failure.contains("Banena"))
      // The cell: where, what, and a mark under it.
      let line = try #require(failure.split(separator: "\n").first { $0.contains("→") })
      #expect(line.hasSuffix(": \"a\" plain → \"e\" plain"), "\(failure)")
      let lines = try Self.screen(FruitList()).screen.lines
      let row = try #require(lines.firstIndex { $0.contains("Banana") })
      let start = try #require(lines[row].range(of: "Banana")).lowerBound
      // ("Banana" and "Banena" differ in their fourth letter; the cards' borders are one cell wide.)
      let x = lines[row][..<start].count + 3
      #expect(line.hasPrefix("row \(row), column \(x):"), "\(failure)")
    }
  }

  /// A style that changes with the text the same (the focus moved) fails
  /// the styled snapshot and names both styles; the plain one passes.
  @Test func aStyleChangeFailsOnlyTheStyledSnapshot() throws {
    try Self.withFolder { folder in
      let terminal = try Self.screen(FruitList())
      _ = verifySnapshot(of: terminal, as: .text, named: "plain", record: .all, snapshotDirectory: folder)
      _ = verifySnapshot(of: terminal, as: .styledText, named: "styled", record: .all, snapshotDirectory: folder)
      let app = FruitList()
      let moved = HeadlessTerminal(width: 40, height: 10, capabilities: HeadlessRendering.capabilities)
      moved.send(keys: Key(.right))
      try TerminalRunLoop(terminal: moved, scene: app).run(untilIdle: true)
      #expect(app.collectionView.focusedIndexPath == IndexPath(item: 1, section: 0))
      let styled = try #require(verifySnapshot(of: moved, as: .styledText, named: "styled", record: .never, snapshotDirectory: folder))
      #expect(styled.contains("reverse"), "the focus's look named: \(styled)")
      // (The status line may say where the focus is; the cards' text is the same.)
      let plain = verifySnapshot(of: moved, as: .text, named: "plain", record: .never, snapshotDirectory: folder)
      #expect(plain == nil || plain?.contains("Banana") == false, "\(plain ?? "")")
    }
  }

  /// With recording off (CI's `SNAPSHOT_TESTING_RECORD=never`), a missing
  /// reference fails and nothing is written; with `.all` (the one switch)
  /// it is written and the next comparison passes.
  @Test func aMissingReferenceFailsWhenRecordingIsOffAndIsWrittenWhenOn() throws {
    try Self.withFolder { folder in
      let terminal = try Self.screen(FruitList())
      let missing = try #require(verifySnapshot(of: terminal, as: .text, named: "screen", record: .never, snapshotDirectory: folder))
      #expect(missing.contains("No reference was found on disk"))
      #expect((try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty ?? true, "nothing recorded")
      _ = verifySnapshot(of: terminal, as: .text, named: "screen", record: .all, snapshotDirectory: folder)
      let files = try FileManager.default.contentsOfDirectory(atPath: folder)
      #expect(files.count == 1 && files[0].hasSuffix(".txt"))
      let written = try String(contentsOfFile: folder + "/" + files[0], encoding: .utf8)
      #expect(written == ScreenMarkup.plainText(of: terminal.screen))
      #expect(verifySnapshot(of: terminal, as: .text, named: "screen", record: .never, snapshotDirectory: folder) == nil)
    }
  }

  /// A scene is run until idle before it is recorded: an insertion's
  /// animation has ended, and the inserted card shows.
  @Test func aSceneIsRecordedOnceItIsIdle() throws {
    let app = FruitList()
    let terminal = HeadlessTerminal(width: 40, height: 10)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try loop.run(untilIdle: true)
    try app.collectionView.insertItems(at: [IndexPath(item: 0, section: 0)]) { app.fruit.insert("Akee", at: 0) }
    #expect(app.needsDisplay, "animating")
    let shown = try HeadlessRendering.terminal(showing: app, width: 40, height: 10)
    #expect(!app.needsDisplay)
    #expect(shown.text.contains("Akee") && shown.text.contains("7 kinds"))
  }

  /// The committed references: the app's screen at two sizes, plain and
  /// styled, through `assertSnapshot` as an app's tests write it.
  @Test(arguments: [(40, 10), (80, 24)])
  func theAppsScreen(size: (Int, Int)) {
    assertSnapshot(of: FruitList(), as: .text(width: size.0, height: size.1), named: "\(size.0)x\(size.1)")
    assertSnapshot(of: FruitList(), as: .styledText(width: size.0, height: size.1), named: "\(size.0)x\(size.1)")
  }

  /// A screen captured as text elsewhere (tmux) compares the same way, its trailing blanks dropped.
  @Test func aCapturedScreenIsComparedRowByRow() throws {
    try Self.withFolder { folder in
      _ = verifySnapshot(of: "a  \nbc\n", as: .screenText, named: "screen", record: .all, snapshotDirectory: folder)
      #expect(verifySnapshot(of: "a\nbc", as: .screenText, named: "screen", record: .never, snapshotDirectory: folder) == nil)
      let failure = try #require(verifySnapshot(of: "a\nbd", as: .screenText, named: "screen", record: .never, snapshotDirectory: folder))
      #expect(failure.contains("row 1, column 1: \"c\" plain → \"d\" plain"), "\(failure)")
    }
  }
}
