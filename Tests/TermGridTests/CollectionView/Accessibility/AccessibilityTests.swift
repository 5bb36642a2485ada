import Foundation
import GridLayout
import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import TermGrid

/// Items of random looks: borders or none, every alignment, padding,
/// details, wide titles. Titles start with a letter of their own, so the
/// cell under the cursor tells which item's title it is on.
final class VariedItems: CollectionViewDataSource, CollectionViewDelegate {
  var contents: [[ElementContent]]
  var label: ((IndexPath) -> String?)?
  var announcements: [String] = []

  init(sections: Int, perSection: Int, random: inout SplitMix64) {
    let titles = ["Emma", "日本語の本", "Persuasion and other stories of a long title", "Zoë", "Ulysses"]
    let alignments: [ElementContent.Alignment] = [.leading, .center, .trailing]
    let vertical: [ElementContent.VerticalAlignment] = [.top, .center, .bottom]
    contents = (0..<sections).map { _ in
      (0..<perSection).map { _ in
        ElementContent(
          title: titles[Int(random.next() % UInt64(titles.count))],
          titleLineLimit: 1 + Int(random.next() % 2),
          detail: random.next() % 2 == 0 ? "1815" : nil,
          border: random.next() % 2 == 0 ? .rounded : nil,
          alignment: alignments[Int(random.next() % 3)],
          verticalAlignment: vertical[Int(random.next() % 3)],
          padding: Int(random.next() % 3))
      }
    }
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { contents.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    contents[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    contents[indexPath.section][indexPath.item]
  }
  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent { .header("Shelf \(indexPath.section + 1)") }
  func collectionView(_ collectionView: CollectionView, accessibilityLabelForItemAt indexPath: IndexPath) -> String? {
    label?(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didPostAccessibilityAnnouncement announcement: String) {
    announcements.append(announcement)
  }
}

/// The terminal's cursor on the focused item, screen-reader announcements
/// and reduced motion.
@Suite struct AccessibilityTests {
  /// The view's frame of the focused item on the surface.
  func focusedFrame(_ view: CollectionView) -> CellRect? {
    guard let f = view.focusedIndexPath, let a = view.layoutAttributesForItem(at: f) else { return nil }
    return view.scrolling.viewport.unclippedSurfaceRect(ofContent: a.frame)
  }

  @Test func theCursorRestsOnTheFirstCellOfTheFocusedItemsTitleAfterEveryMove() {
    var random = SplitMix64(seed: 0xC0_2507)
    let directions: [FocusDirection] = [.up, .down, .left, .right]
    for round in 0..<60 {
      let w = 6 + Int(random.next() % 60)
      let h = 4 + Int(random.next() % 30)
      let data = VariedItems(sections: 1 + Int(random.next() % 3), perSection: 1 + Int(random.next() % 12), random: &random)
      let item = Size(width: Double(3 + Int(random.next() % 24)), height: Double(1 + Int(random.next() % 6)))
      let layout = FlowLayout(
        itemSize: item, minimumInteritemSpacing: 1, minimumLineSpacing: Double(random.next() % 2),
        headerReferenceSize: Size(width: 0, height: Double(random.next() % 2)))
      let view = CollectionView(layout: layout)
      view.accessibility = AccessibilitySettings()
      view.dataSource = data
      view.delegate = data
      view.setFrame(CellRect(x: 0, y: round % 2, width: w, height: h))
      view.reloadData()
      var surface = Surface(width: w, height: h + 1)
      for step in 0..<12 {
        if step > 0 { view.moveFocus(directions[Int(random.next() % 4)]) }
        surface.cursor = nil
        view.draw(into: &surface)
        let context = "round \(round) step \(step), \(w)x\(h), item \(item), focus \(String(describing: view.focusedIndexPath))"
        guard let f = view.focusedIndexPath, let frame = focusedFrame(view) else {
          #expect(surface.cursor == nil, "\(context)")
          continue
        }
        let shown = frame.intersection(view.viewport)
        guard let cursor = surface.cursor else {
          #expect(shown.isEmpty, "no cursor with the focused item on screen: \(context)")
          continue
        }
        #expect(shown.contains(cursor), "the cursor \(cursor) is outside the focused item \(shown): \(context)")
        // Where the title shows whole at its start, the cursor is on its first character.
        let title = data.contents[f.section][f.item].title
        let under = surface[cursor.x, cursor.y].grapheme
        let first = Grapheme(title.first!)
        if frame == shown, surface.text.contains(String(title.prefix(1))), under != first {
          // Only a frame too small to show any text leaves the cursor elsewhere.
          let anyOfTitle = (shown.y..<shown.maxY).contains { y in
            (shown.x..<shown.maxX).contains { x in surface[x, y].grapheme == first }
          }
          #expect(!anyOfTitle, "the cursor is on \(under), not the title's first character \(first): \(context)")
        }
      }
    }
  }

  @Test func theRunLoopLeavesTheTerminalsCursorOnTheFocusedItemHiddenUnlessReading() throws {
    let (view, data) = makeGrid([12], width: 60, height: 12)
    defer { withExtendedLifetime(data) {} }
    view.accessibility = AccessibilitySettings()
    let terminal = HeadlessTerminal(width: 60, height: 12)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    terminal.send(keys: Key(.right), Key(.down))
    try loop.run(untilIdle: true)
    // Four to a line: the sixth item; its title inside the border, after a cell of padding.
    #expect(view.focusedIndexPath == IndexPath(item: 5, section: 0))
    let frame = try #require(view.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))).frame
    #expect(terminal.cursor == CellPoint(x: Int(frame.minX) + 2, y: Int(frame.minY) + 1))
    #expect(terminal.screen[Int(frame.minX) + 2, Int(frame.minY) + 1].grapheme == "I", "the title starts there")
    #expect(!terminal.isCursorVisible)
    view.accessibility.isScreenReaderModeOn = true
    terminal.send(keys: Key(.left))
    try loop.run(untilIdle: true)
    #expect(terminal.cursor == CellPoint(x: 2, y: Int(frame.minY) + 1))
    #expect(terminal.isCursorVisible, "shown in screen-reader mode")
  }

  @Test func focusSelectionAndUpdatesAreAnnouncedInScreenReaderModeOnly() throws {
    var random = SplitMix64(seed: 7)
    let data = VariedItems(sections: 2, perSection: 6, random: &random)
    data.contents[0][1].title = "Emma"
    data.contents[0][1].detail = "1815"
    data.contents[1][0].title = "Dubliners"
    data.contents[1][0].detail = nil
    let layout = FlowLayout(itemSize: Size(width: 12, height: 3), headerReferenceSize: Size(width: 0, height: 1))
    let view = CollectionView(layout: layout)
    view.accessibility = AccessibilitySettings()
    view.dataSource = data
    view.delegate = data
    view.setFrame(CellRect(x: 0, y: 0, width: 80, height: 20))
    view.reloadData()
    view.focusItem(at: IndexPath(item: 1, section: 0))
    #expect(data.announcements.isEmpty, "nothing is said unless reading")
    view.accessibility.isScreenReaderModeOn = true
    view.focusItem(at: IndexPath(item: 0, section: 1))
    #expect(view.accessibilityAnnouncement == "Shelf 2, 1 of 6: Dubliners")
    view.focusItem(at: IndexPath(item: 1, section: 0))
    #expect(view.accessibilityAnnouncement == "Shelf 1, 2 of 6: Emma, 1815")
    // The delegate's label in place of the title and detail.
    data.label = { $0.item == 2 ? "Mansfield Park, by Jane Austen" : nil }
    view.focusItem(at: IndexPath(item: 2, section: 0))
    #expect(view.accessibilityAnnouncement == "Shelf 1, 3 of 6: Mansfield Park, by Jane Austen")
    // What the accessories and the indentation say, after the title.
    data.contents[0][4].accessories = [.checkmark(), .label(text: "3")]
    data.contents[0][4].indentationLevel = 2
    view.focusItem(at: IndexPath(item: 4, section: 0))
    #expect(view.accessibilityAnnouncement?.hasSuffix(", checked, 3, level 3") == true, "\(view.accessibilityAnnouncement ?? "")")
    view.focusItem(at: IndexPath(item: 2, section: 0))
    // Selecting as the person does (Space).
    _ = view.handle(.key(Key.char(" ")))
    #expect(view.accessibilityAnnouncement == "selected: Mansfield Park, by Jane Austen, 1 selected")
    _ = view.handle(.key(Key.char(" ")))
    #expect(view.accessibilityAnnouncement == "deselected: Mansfield Park, by Jane Austen, 0 selected")
    // A batch: two added before the focused item, one removed.
    try view.performBatchUpdates({
      data.contents[0].insert(contentsOf: [data.contents[0][0], data.contents[0][0]], at: 0)
      data.contents[1].removeLast()
      try view.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
      try view.deleteItems(at: [IndexPath(item: 5, section: 1)])
    })
    #expect(view.accessibilityAnnouncement == "2 added, 1 removed")
    #expect(data.announcements.count == 8)
    // No header: sections by number; one section and no header: the place alone.
    let (plain, numbered) = makeGrid([3, 2])
    defer { withExtendedLifetime(numbered) {} }
    plain.accessibility = AccessibilitySettings(isScreenReaderModeOn: true)
    plain.focusItem(at: IndexPath(item: 1, section: 1))
    #expect(plain.accessibilityAnnouncement == "section 2, 2 of 2: Item 1.1")
    #expect(plain.accessibilityDescription(ofItemAt: IndexPath(item: 9, section: 0)) == "")
  }

  @Test func aRowIsReadAsItIsSeenAndASectionByTheLabelItsDelegateGives() throws {
    let map = CharacterMapController()
    let terminal = HeadlessTerminal(width: 80, height: 12)
    let loop = TerminalRunLoop(terminal: terminal, scene: map)
    func said(after key: Key) throws -> String {
      terminal.send(keys: key)
      try loop.run(untilIdle: true)
      return terminal.screen.lines[11].trimmingCharacters(in: .whitespaces)
    }
    // Sections by the delegate's names, not by the ranges and symbols their headers show.
    #expect(try said(after: Key(.down)) == "Basic Latin, 2 of 2: A, new, used 12 times, U+0041")
    #expect(try said(after: Key(.down)) == "Favourites, 1 of 2: !, EXCLAMATION MARK")
    // No label for a section: its header's title; an empty one: nothing of the section.
    map.names[1] = nil
    #expect(try said(after: Key(.down)) == "★, 2 of 2: A, new, used 12 times, U+0041")
    map.names[1] = ""
    #expect(try said(after: Key(.up)) == "1 of 2: !, EXCLAMATION MARK")
    #expect(try said(after: Key(.end)) == "U+2600–U+26FF, 2 of 2: A, new, used 12 times, U+0041")
    #expect(
      map.collectionView.accessibilityDescription(ofItemAt: IndexPath(item: 0, section: 0)) == "Basic Latin, 1 of 2: !, EXCLAMATION MARK")
  }

  @Test func reducedMotionAndScreenReaderModeMakeEveryChangeImmediate() throws {
    for settings in [AccessibilitySettings(reducesMotion: true), AccessibilitySettings(isScreenReaderModeOn: true)] {
      let (view, data) = makeGrid([8])
      defer { withExtendedLifetime(data) {} }
      view.accessibility = settings
      #expect(view.animationDuration > 0)
      try view.performBatchUpdates({
        data.counts[0] += 2
        try view.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
      })
      #expect(!view.isAnimating, "\(settings)")
      view.setLayout(FlowLayout(itemSize: Size(width: 20, height: 3)), animated: true)
      #expect(!view.isAnimating, "\(settings)")
      var surface = Surface(width: 80, height: 24)
      view.draw(into: &surface)
      #expect(surface.text.contains("Item 0.9"))
    }
    // With neither, the same batch animates.
    let (view, data) = makeGrid([8])
    defer { withExtendedLifetime(data) {} }
    view.accessibility = AccessibilitySettings()
    try view.performBatchUpdates({
      data.counts[0] += 1
      try view.insertItems(at: [IndexPath(item: 0, section: 0)])
    })
    #expect(view.isAnimating)
  }

  @Test func theSettingsComeFromTheEnvironment() {
    #expect(AccessibilitySettings(environment: [:]) == AccessibilitySettings())
    #expect(AccessibilitySettings(environment: ["TERMGRID_SCREEN_READER": "1"]).isScreenReaderModeOn)
    #expect(AccessibilitySettings(environment: ["TERMGRID_REDUCE_MOTION": "yes"]).reducesMotion)
    for off in ["", "0", "no", "OFF", "false"] {
      let environment = ["TERMGRID_SCREEN_READER": off, "TERMGRID_REDUCE_MOTION": off]
      #expect(AccessibilitySettings(environment: environment) == AccessibilitySettings())
    }
    #expect(!AccessibilitySettings(isScreenReaderModeOn: true).animates)
    #expect(!AccessibilitySettings(reducesMotion: true).animates)
    #expect(AccessibilitySettings().animates)
  }

  @Test func aTextFieldOrAnOverlayTakesTheCursorFromTheFocusedItem() throws {
    let controller = ShelfController()
    controller.collectionView.accessibility = AccessibilitySettings()
    let terminal = HeadlessTerminal(width: 60, height: 16)
    let loop = TerminalRunLoop(terminal: terminal, scene: controller)
    try loop.run(untilIdle: true)
    let onItem = try #require(terminal.cursor)
    #expect(controller.collectionView.focusedItemTextCell == onItem)
    controller.present(TextInputOverlay(label: "Find: ", text: "ab") { _ in })
    terminal.send(keys: Key.char("é"))
    try loop.run(untilIdle: true)
    // After "Find: abé", on the cell the next character goes to.
    #expect(terminal.cursor == CellPoint(x: 9, y: 15))
    terminal.send(keys: Key(.escape))
    try loop.run(untilIdle: true)
    #expect(terminal.cursor == onItem, "back on the item")
  }
}

/// A character map as a newcomer wrote one: blocks named by their
/// code-point ranges, a favourites section headed "★", rows that show a
/// count and a badge.
final class CharacterMapController: CollectionViewController {
  let blocks = [("U+0020–U+007F", "Basic Latin"), ("★", "Favourites"), ("U+2600–U+26FF", "Miscellaneous Symbols")]
  var names: [Int: String] = [1: "Favourites"]
  init() {
    var list = LayoutListConfiguration(appearance: .plain)
    list.headerMode = .supplementary
    super.init(layout: CompositionalLayout.list(using: list))
    collectionView.accessibility = AccessibilitySettings(isScreenReaderModeOn: true)
  }
  override func numberOfSections(in collectionView: CollectionView) -> Int { blocks.count }
  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    var row = ElementContent(title: indexPath.item == 0 ? "!" : "A", detail: indexPath.item == 0 ? "EXCLAMATION MARK" : nil)
    if indexPath.item == 1 {
      row.badge = Badge("new")
      var mark = CellAccessory.label(text: "used 12 times")
      mark.placement = .leading
      row.accessories = [.label(text: "U+0041"), .disclosureIndicator(), mark]
    }
    return row
  }
  override func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent { .header(blocks[indexPath.section].0) }
  override func collectionView(_ collectionView: CollectionView, accessibilityLabelForSection section: Int) -> String? {
    section == 0 ? blocks[section].1 : names[section]
  }
}

/// A controller of a dozen items in one section, for the overlay test.
final class ShelfController: CollectionViewController {
  init() { super.init(layout: FlowLayout(itemSize: Size(width: 16, height: 3))) }
  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: "Book \(indexPath.item)", border: .single)
  }
}
