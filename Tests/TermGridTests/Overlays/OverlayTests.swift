import TermGridTesting
import Testing

@testable import TermGrid

@Suite struct OverlayTests {
  /// Keys that open, use and close every kind of overlay, and move about under them.
  static let keys: [Key] = [
    Key(.down), Key(.right), Key(.up), Key(.pageDown), Key(.end), Key(.home), Key(.tab), Key(.enter), Key(.escape),
    "?", "p", "y", "n", "t", "f", "a", "1", Key(.backspace), "x", "i", "d", " ", "j", Key(.left),
  ]

  @Test func closingAnyOverlayLeavesTheScreenAsAFullRedrawWouldDrawIt() throws {
    var rng = SystemRandomNumberGenerator()
    for round in 0..<60 {
      let app = TestApp([Int.random(in: 0...40, using: &rng), Int.random(in: 1...30, using: &rng)])
      app.collectionView.animationDuration = 0
      let (width, height) = [(80, 24), (200, 60), (40, 12), (30, 8)].randomElement(using: &rng)!
      let terminal = HeadlessTerminal(width: width, height: height)
      let loop = TerminalRunLoop(terminal: terminal, scene: app)
      try loop.run(untilIdle: true)
      var kinds: Set<String> = []
      for step in 0..<60 {
        let key = Self.keys.randomElement(using: &rng)!
        terminal.send(keys: key)
        try loop.run(untilIdle: true)
        if let top = app.overlays.last { kinds.insert("\(type(of: top))") }
        let expected = fullRedraw(app, width: width, height: height)
        #expect(
          terminal.screen == expected,
          "round \(round) step \(step) after \(key) at \(width)x\(height):\n\(terminal.text)\n---\n\(expected.text)")
        if terminal.screen != expected { return }
        // The full redraw above drew into another surface: the view now draws
        // incrementally against that, which holds the same cells.
      }
      _ = kinds
    }
  }

  @Test func eachKindOpensOverTheGridAndClosesLeavingItAsItWas() throws {
    let app = TestApp()
    let terminal = HeadlessTerminal(width: 80, height: 24)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try loop.run(untilIdle: true)
    let grid = terminal.screen
    let cases: [(open: [Key], shows: String, close: [Key])] = [
      (["?"], "this help", [Key(.escape)]),
      ([Key(.enter)], "Number", ["q"]),
      (["p"], "Really? y yes · n no · Esc cancels", [Key(.escape)]),
      (["t", "a", "b"], " Name: ab", [Key(.escape)]),
      (["f", "z"], "New", [Key(.escape)]),
    ]
    for c in cases {
      terminal.send(.key(c.open[0]))
      for k in c.open.dropFirst() { terminal.send(keys: k) }
      try loop.run(untilIdle: true)
      #expect(terminal.text.contains(c.shows), "\(c.shows) not shown:\n\(terminal.text)")
      #expect(app.overlays.count == 1)
      for k in c.close { terminal.send(keys: k) }
      try loop.run(untilIdle: true)
      #expect(app.overlays.isEmpty && terminal.screen == grid, "not restored after \(c.shows):\n\(terminal.text)")
    }
    #expect(app.activated == [IndexPath(item: 0, section: 0)])
  }

  @Test func aLongQuestionTakesTheLineAboveSoTheAnswersAlwaysShow() {
    let prompt = PromptOverlay(
      "Save? 3 rows that are not books (line 12: text after the closing quote of field 2) go back as they were",
      choices: [.init("s", "saves") {}], cancelTitle: "does not save")
    var surface = Surface(width: 40, height: 5)
    prompt.draw(into: &surface, theme: Theme())
    let rows = surface.text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    #expect(rows[4].hasPrefix(" s saves · Esc does not save"))
    #expect(rows[3].hasPrefix(" Save? 3 rows that are not books (line") && rows[3].hasSuffix("…"))
    #expect(rows[2].trimmingCharacters(in: .whitespaces).isEmpty)
    // One line only: the question is cut, the answers stay whole.
    var line = Surface(width: 40, height: 1)
    prompt.draw(into: &line, theme: Theme())
    #expect(line.text.hasSuffix(" s saves · Esc does not save") && line.text.contains("…"))
    // A short one is still one line.
    var short = Surface(width: 40, height: 5)
    PromptOverlay("Quit?", choices: [.init("y", "yes") {}]).draw(into: &short, theme: Theme())
    #expect(short.text.split(separator: "\n", omittingEmptySubsequences: false)[4].hasPrefix(" Quit? y yes · Esc cancels"))
    #expect(short.text.split(separator: "\n", omittingEmptySubsequences: false)[3].trimmingCharacters(in: .whitespaces).isEmpty)
  }

  @Test func promptsInputsAndFormsCallBackWithWhatWasTyped() throws {
    let app = TestApp()
    func keys(_ keys: Key...) throws { for k in keys { _ = try app.handle(.key(k)) } }
    try keys("p", "x")  // other keys are ignored
    #expect(app.overlays.count == 1)
    try keys("y")
    #expect(app.submitted == ["yes"] && app.overlays.isEmpty)
    try keys("t", "h", "é", "l", "l", "o", Key(.left), Key(.left), Key(.backspace), Key(.home), "¡", Key(.enter))
    #expect(app.submitted.last == "¡hélo")
    // The form refuses an age that is not a number and goes back to it.
    try keys("f", "A", "n", "n", Key(.tab), "x", Key(.enter))
    let form = try #require(app.overlays.last as? FormOverlay)
    #expect(form.errorMessage == "the age is a number" && form.focusedField == 1)
    try keys(Key(.backspace), "4", "2", Key(.enter))
    #expect(app.submitted.last == "Ann/42" && app.overlays.isEmpty)
    // Esc cancels a form.
    try keys("f", "Z", Key(.escape))
    #expect(app.submitted.last == "Ann/42" && app.overlays.isEmpty)
  }

  @Test func aTallPanelScrollsAndAnyOtherKeyClosesIt() throws {
    let panel = PanelOverlay(title: "Long", rows: (1...40).map { .init("Row \($0)", "value \($0)") })
    var surface = Surface(width: 60, height: 12)
    panel.draw(into: &surface, theme: Theme())
    #expect(surface.text.contains("Row 1 ") && !surface.text.contains("Row 9 "))
    #expect(surface.text.contains("1-8 of 40"))
    #expect(try panel.handle(Key(.pageDown)) == .handled)
    panel.draw(into: &surface, theme: Theme())
    #expect(surface.text.contains("Row 9 ") && surface.text.contains("9-16 of 40"))
    #expect(try panel.handle(Key(.end)) == .handled)
    panel.draw(into: &surface, theme: Theme())
    #expect(surface.text.contains("Row 40") && panel.scrollOffset == 32)
    #expect(try panel.handle("x") == .dismiss)
  }

  @Test func textFieldsEditLikeAShellLine() {
    var field = TextField("hello world")
    #expect(field.cursor == 11)
    field.handle(.control("w"))
    #expect(field.text == "hello " && field.cursor == 6)
    field.handle(Key(.home))
    field.handle("¿")
    #expect(field.text == "¿hello ")
    field.handle(.control("e"))
    field.handle(Key(.left))
    field.handle(.control("k"))
    #expect(field.text == "¿hello")
    field.handle(Key(.left))
    field.handle(.control("u"))
    #expect(field.text == "o" && field.cursor == 0)
    // Control characters, escapes and format characters are never taken in.
    #expect(!field.handle(Key(.character("\u{1B}"))) && field.text == "o")
    field.handle(Key(.character("\u{2060}")))
    field.handle(Key(.character("\u{7}")))
    #expect(field.text == "o")
    field.handle("漢")
    #expect(field.text == "漢o")
    var limited = TextField("", maxLength: 3)
    for c in "abcdef" { limited.handle(.char(c)) }
    #expect(limited.text == "abc")
  }

  @Test func aLongFieldScrollsToShowTheCursor() {
    let field = TextField(String(repeating: "ab", count: 30))
    var surface = Surface(width: 10, height: 1)
    field.draw(on: &surface, x: 0, y: 0, width: 10, style: .plain)
    #expect(surface.lines[0] == "babababab ")
    #expect(surface[9, 0].style.reverse)
  }

  final class MovableApp: CollectionViewController {
    var movable = true
    var refusal: String? = "this item cannot be moved"
    var commands: [KeyCommand] = []
    override var keyCommands: [KeyCommand] { commands }
    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      ElementContent(title: "card \(indexPath.item)")
    }
    override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { movable }
    override func collectionView(_ collectionView: CollectionView, messageForRefusedMoveOfItemAt indexPath: IndexPath) -> String? {
      refusal.map { "\($0): \(indexPath.item)" }
    }
  }

  @Test func anAppsCommandTakesItsKeyOutOfTheViewsHelp() throws {
    let app = MovableApp(layout: FlowLayout(itemSize: Size(width: 10, height: 3)))
    app.collectionView.reloadData()
    app.collectionView.focusItem(at: IndexPath(item: 0, section: 0))
    let before = app.makeHelpOverlay().rows.filter { $0.label.split(separator: " ").contains("m") }
    #expect(before.count == 1, "the view's m (pick up) listed: \(before)")
    app.commands = [KeyCommand("m", title: "mark it") {}]
    let rows = app.makeHelpOverlay().rows.filter { $0.label.split(separator: " ").contains("m") }
    #expect(rows.map(\.value) == ["mark it"], "m listed once, as the app's: \(rows)")
  }

  @Test func theRefusalToMoveAnItemIsTheAppsToWord() throws {
    let app = MovableApp(layout: FlowLayout(itemSize: Size(width: 10, height: 3)))
    app.movable = false
    app.refusal = "pinned"
    let terminal = HeadlessTerminal(width: 40, height: 8)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    terminal.send(keys: "m")
    try loop.run(untilIdle: true)
    #expect(terminal.text.contains("pinned: 0") && !app.collectionView.isMovingItem)
    app.refusal = nil
    terminal.send(keys: Key(.right), "m")
    try loop.run(untilIdle: true)
    #expect(!terminal.text.contains("pinned") && !terminal.text.contains("cannot be moved"))
  }

  @Test func theHelpNamesTheAppsKeysThenTheViewsGroupedByAction() {
    let rows = KeyBindings.standard.helpRows()
    let byTitle = Dictionary(uniqueKeysWithValues: rows.map { ($0.title, $0.keys) })
    #expect(byTitle["move the focus"] == "arrows h j k l")
    #expect(byTitle["a page up / down"] == "PgUp PgDn")
    #expect(byTitle["the first / last item"] == "Home End g G")
    #expect(byTitle["select a range"] == "Shift-arrows")
    #expect(rows.first?.title == "move the focus")
    var custom = KeyBindings.standard
    custom[Key(.left)] = nil
    custom["x"] = .activate
    let changed = Dictionary(
      uniqueKeysWithValues: custom.helpRows(titles: [.activate: "show it"], hidden: [.select]).map { ($0.title, $0.keys) })
    #expect(changed["move the focus"] == "Up Down Right h j k l")
    #expect(changed["show it"] == "Enter x")
    #expect(changed["select or deselect the item"] == nil && changed["select a range"] == "Shift-arrows")
  }
  @Test func theHelpSaysWhatRightAndLeftDoWhileTheViewShowsAnOutline() throws {
    let title = KeyBindings.HelpTopic.outline.defaultTitle
    #expect(KeyBindings.standard.helpRows(hidden: []).first { $0.title == title }?.keys == "Left Right h l")
    #expect(!KeyBindings.standard.helpRows().contains { $0.title == title }, "left out unless asked for")
    let app = CollectionViewController(layout: FlowLayout(itemSize: Size(width: 10, height: 1)))
    #expect(!app.makeHelpOverlay().rows.contains { $0.value == title }, "the controller's own items are no outline")
    let source = CollectionViewDiffableDataSource<String, String>(collectionView: app.collectionView) { _, _, id in
      ElementContent(title: id)
    }
    var flat = DiffableSnapshot<String, String>()
    flat.appendSections(["s"])
    try source.apply(flat, animatingDifferences: false)
    #expect(!app.makeHelpOverlay().rows.contains { $0.value == title }, "a flat snapshot is no outline")
    var tree = DiffableSectionSnapshot<String>()
    try tree.append(["A"])
    try tree.append(["a"], to: "A")
    try source.apply(tree, to: "s", animatingDifferences: false)
    let rows = app.makeHelpOverlay().rows.filter { $0.value == title }
    #expect(rows.map(\.label) == ["Left Right h l"])
  }
}
