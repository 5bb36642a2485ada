import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// The accessibility part alone: its settings and announcements, where the
/// cursor rests in an item (against a cell-by-cell search), and how items and
/// batches are read.
@Suite struct AccessibilityStateTests {
  @Test func newSettingsAreTakenOnceAndReadingFollowsThem() {
    let part = AccessibilityState(settings: AccessibilitySettings())
    #expect(!part.isReading && part.settings.animates)
    #expect(!part.setSettings(AccessibilitySettings()), "the same settings change nothing")
    #expect(part.setSettings(AccessibilitySettings(isScreenReaderModeOn: true)))
    #expect(part.isReading && !part.settings.animates)
    #expect(part.setSettings(AccessibilitySettings(reducesMotion: true)))
    #expect(!part.isReading && !part.settings.animates)
  }

  @Test func theLastLineAnnouncedIsKept() {
    let part = AccessibilityState(settings: AccessibilitySettings())
    #expect(part.announcement == nil)
    part.post("1 of 3: Emma")
    part.post("saved 3 books")
    #expect(part.announcement == "saved 3 books")
  }

  @Test func theDrawnTextStartFollowsItsItemsFrameAndBelongsToThatItemOnly() {
    let part = AccessibilityState(settings: AccessibilitySettings())
    let emma = IndexPath(item: 1, section: 0)
    let frame = CellRect(x: 4, y: 2, width: 10, height: 4)
    #expect(part.drawnTextStart(of: emma, in: frame) == nil, "nothing drawn yet")
    part.focusedTextWasDrawn(at: emma, dx: 2, dy: 1)
    #expect(part.drawnTextStart(of: emma, in: frame) == CellPoint(x: 6, y: 3))
    // Scrolled three rows up since: the same place in the item.
    #expect(part.drawnTextStart(of: emma, in: frame.offsetBy(dx: 0, dy: -3)) == CellPoint(x: 6, y: 0))
    #expect(part.drawnTextStart(of: IndexPath(item: 2, section: 0), in: frame) == nil, "another item's text was not drawn")
    part.focusedTextWasDrawn(at: IndexPath(item: 2, section: 0), dx: 0, dy: 0)
    #expect(part.drawnTextStart(of: emma, in: frame) == nil, "the last drawn focused item only")
  }

  /// The cursor cell against a search: the text's start when it shows,
  /// else the first cell of the item that shows in reading order, else none.
  @Test func theCursorCellEqualsACellByCellSearchOnRandomFrames() {
    var random = SplitMix64(seed: 0xACCE55)
    func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
    for round in 0..<2_000 {
      let viewport = CellRect(x: int(0...5), y: int(0...5), width: int(0...20), height: int(0...12))
      let frame = CellRect(x: int(-10...25), y: int(-10...18), width: int(0...14), height: int(0...8))
      let start: CellPoint? =
        random.next() % 4 == 0 ? nil : CellPoint(x: frame.x + int(-2...frame.width + 1), y: frame.y + int(-2...frame.height + 1))
      var shows: [CellPoint] = []
      for y in frame.y..<frame.maxY {
        for x in frame.x..<frame.maxX where viewport.contains(CellPoint(x: x, y: y)) { shows.append(CellPoint(x: x, y: y)) }
      }
      let expected = start.flatMap { shows.contains($0) ? $0 : nil } ?? shows.first
      let cell = AccessibilityState.cursorCell(inItemFrame: frame, viewport: viewport, textStart: start)
      #expect(cell == expected, "round \(round): frame \(frame), viewport \(viewport), text at \(String(describing: start))")
    }
  }

  @Test func anItemIsReadAsItIsSeen() {
    var row = ElementContent(
      title: "  Mansfield Park ", lines: [StyledText("by Jane Austen")], detail: "1814", badge: Badge("★"))
    row.accessories = [.label(text: "3"), .checkmark(), .outlineDisclosure(isExpanded: false), .disclosureIndicator(), .reorder()]
    row.indentationLevel = 2
    #expect(
      AccessibilityState.label(of: row) == "Mansfield Park, by Jane Austen, 1814, ★, collapsed, 3, checked, level 3",
      "the leading disclosure first, then the trailing accessories in order; marks that say nothing left out")
    #expect(AccessibilityState.label(of: ElementContent(title: "   ")) == "", "nothing to say")
    #expect(AccessibilityState.label(of: ElementContent(title: "Emma", detail: "")) == "Emma")
  }

  @Test func anItemsDescriptionIsItsSectionItsPlaceAndItsLabel() {
    #expect(
      AccessibilityState.spokenDescription(item: 1, of: 6, label: "Emma, 1815", section: "Jane Austen")
        == "Jane Austen, 2 of 6: Emma, 1815")
    #expect(AccessibilityState.spokenDescription(item: 0, of: 1, label: "", section: nil) == "1 of 1")
    #expect(AccessibilityState.spokenDescription(item: 4, of: 5, label: "", section: "section 2") == "section 2, 5 of 5")
  }

  @Test func aBatchIsReadAsWhatItAddedAndRemoved() throws {
    var batch = BatchUpdate()
    batch.insertedItems = [IndexPath(item: 0, section: 0), IndexPath(item: 4, section: 0)]
    batch.deletedItems = [IndexPath(item: 1, section: 0)]
    let plan = try BatchUpdatePlan.plan(batch, before: [4], after: [5])
    #expect(AccessibilityState.summary(of: plan, oldTotal: 4, newTotal: 5) == "2 added, 1 removed")
    var move = BatchUpdate()
    move.movedItems = [IndexPath(item: 0, section: 0): IndexPath(item: 3, section: 0)]
    let moved = try BatchUpdatePlan.plan(move, before: [4], after: [4])
    #expect(AccessibilityState.summary(of: moved, oldTotal: 4, newTotal: 4) == "", "a move says nothing")
    let first = try BatchUpdatePlan.plan(BatchUpdate(), before: [0], after: [0])
    #expect(AccessibilityState.summary(of: first, oldTotal: 0, newTotal: 7) == "7 items")
    #expect(AccessibilityState.summary(of: first, oldTotal: 0, newTotal: 1) == "1 item")
  }

  @Test func paddingIsTrimmedOnBothSidesAndNothingElse() {
    #expect(AccessibilityState.trimmed("  Zoë \u{2003}") == "Zoë")
    #expect(AccessibilityState.trimmed("a  b") == "a  b")
    #expect(AccessibilityState.trimmed(" \n ") == "")
  }

  /// Through the view: settings it already has mark nothing for drawing; new ones redraw everything.
  @Test func theViewRedrawsForNewSettingsOnly() {
    let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 4, height: 1)))
    view.accessibility = AccessibilitySettings()
    var surface = Surface(width: 10, height: 4)
    view.draw(into: &surface)
    #expect(!view.needsDisplay)
    view.accessibility = AccessibilitySettings()
    view.accessibility.reducesMotion = false
    #expect(!view.needsDisplay, "the same settings again")
    view.accessibility.isScreenReaderModeOn = true
    #expect(view.needsDisplay && view.accessibility.isScreenReaderModeOn)
  }
}
