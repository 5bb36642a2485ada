import GridLayout
import GridRender
import PropertyBased
import TermGridTesting
import Testing

@testable import TermGrid

@Suite struct IncrementalDrawingTests {
  /// Whatever keys are pressed, the incrementally drawn screen equals a full
  /// redraw of the same state, and scrolls of less than a page are replayed
  /// as terminal scrolls.
  @Test func incrementalFramesEqualFullRedraws() async {
    let keys: [Key] = [
      Key(.up), Key(.down), Key(.left), Key(.right), Key(.pageDown), Key(.pageUp), .char(" "), Key(.tab), Key(.end), Key(.home),
    ]
    await propertyCheck(count: 80, input: Gen.int(in: 0...keys.count - 1).array(of: 1...40), Gen.bool, Gen.bool, Gen.bool) {
      presses, headers, pinned, longTitles in
      let (view, data) = makeGrid([300, 7, 120], width: 80, height: 23, header: headers ? 1 : 0, footer: headers ? 1 : 0)
      defer { withExtendedLifetime(data) {} }
      if longTitles {
        // Titles that cross the cards under a pinned header, wide graphemes on their edges.
        data.supplementaryTitle = { kind, section in "\(kind) \(section) · 漢字かな交じりの見出し · a title long enough to cross cards" }
        view.reloadData()
      }
      (view.collectionViewLayout as? FlowLayout)?.sectionHeadersPinToVisibleBounds = pinned
      view.setNeedsLayout()
      view.drawsIncrementally = true
      view.showsScrollIndicator = true
      let terminal = HeadlessTerminal(width: 80, height: 23)
      let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
      for p in presses {
        terminal.send(keys: keys[p])
        try? loop.run(untilIdle: true)
      }
      var full = Surface(width: 80, height: 23)
      view.drawsIncrementally = false
      view.setNeedsDisplay()
      view.draw(into: &full)
      #expect(terminal.screen.lines == full.lines)
      #expect(terminal.screen.cells == full.cells)
    }
  }

  /// Whatever keys move the focus, incrementally drawn or not, the focused
  /// item's top row is never left under a pinned header: a move within the
  /// screen that lands under one scrolls it out (the view asks the layout
  /// what floats over the item only when something may).
  @Test func theFocusIsNeverLeftUnderAPinnedHeader() async {
    let keys: [Key] = [Key(.up), Key(.down), Key(.left), Key(.right), Key(.pageDown), Key(.pageUp), Key(.end), Key(.home)]
    await propertyCheck(count: 60, input: Gen.int(in: 0...keys.count - 1).array(of: 1...40), Gen.bool) {
      presses, incremental in
      let (view, data) = makeGrid([40, 7, 60], width: 61, height: 14, header: 2, footer: 1)
      defer { withExtendedLifetime(data) {} }
      (view.collectionViewLayout as? FlowLayout)?.sectionHeadersPinToVisibleBounds = true
      view.setNeedsLayout()
      view.drawsIncrementally = incremental
      let terminal = HeadlessTerminal(width: 61, height: 14)
      let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
      for p in presses {
        terminal.send(keys: keys[p])
        try? loop.run(untilIdle: true)
        guard let focus = view.focusedIndexPath, let item = view.layoutAttributesForItem(at: focus)?.frame else { continue }
        let visible = view.visibleRect
        let floating = view.collectionViewLayout.layoutAttributesForElements(in: visible)
          .filter { $0.zIndex > 0 && $0.category == .supplementary }
        for header in floating {
          // The header's rows on screen against the item's top row.
          let covers =
            header.frame.minY <= item.minY && item.minY < header.frame.maxY
            && header.frame.minX < item.maxX && item.minX < header.frame.maxX
          #expect(!covers, "\(focus) under \(header.indexPath) after \(presses.map { keys[$0] })")
        }
      }
    }
  }

  /// An item that changes under a pinned header is drawn again with the
  /// header over it, the header's title cut where it is cut on a full
  /// redraw (not with "…" at the item's edge).
  @Test(arguments: 0...3) func anItemRedrawnUnderAPinnedHeaderLeavesTheHeaderAsItWas(offset: Int) throws {
    let (view, data) = makeGrid([40, 40], width: 80, height: 23, header: 1)
    defer { withExtendedLifetime(data) {} }
    (view.collectionViewLayout as? FlowLayout)?.sectionHeadersPinToVisibleBounds = true
    data.supplementaryTitle = { _, section in "Section \(section) · 漢字かな交じりの見出し · a title long enough to cross several cards" }
    view.reloadData()
    view.drawsIncrementally = true
    let terminal = HeadlessTerminal(width: 80, height: 23)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    try loop.run(untilIdle: true)
    view.setContentOffset(Point(x: 0, y: Double(offset)))
    try loop.run(untilIdle: true)
    for item in [0, 1, 2] {
      view.selectItem(at: IndexPath(item: item, section: 0))  // the items of the first row, under the header
      try loop.run(untilIdle: true)
    }
    var full = Surface(width: 80, height: 23)
    view.drawsIncrementally = false
    view.setNeedsDisplay()
    view.draw(into: &full)
    #expect(terminal.screen.lines == full.lines)
    #expect(terminal.screen.lines[0].contains("a title long enough") || offset == 0)
  }

  @Test func aOneRowScrollShiftsTheScreenAndDrawsOnlyTheNewRow() throws {
    let (view, data) = makeGrid([1000], width: 200, height: 60)
    defer { withExtendedLifetime(data) {} }
    view.drawsIncrementally = true
    let terminal = HeadlessTerminal(width: 200, height: 60)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    for _ in 0..<19 { terminal.send(keys: Key(.down)) }
    try loop.run(untilIdle: true)
    data.cellRequests = 0
    terminal.send(keys: Key(.down))
    try loop.run(untilIdle: true)
    #expect(terminal.scrolls == 1)
    #expect(view.contentOffset.y == 3)
    // The new row of 13 boxes plus the two whose focus changed.
    #expect(data.cellRequests == 13 + 2)
    // A focus move without scrolling redraws two boxes.
    data.cellRequests = 0
    terminal.send(keys: Key(.right))
    try loop.run(untilIdle: true)
    #expect(data.cellRequests == 2)
    #expect(terminal.lastChangedCells == 2 * 14 * 3)
  }
}
