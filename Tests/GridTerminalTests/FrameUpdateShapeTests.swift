import GridRender
import Testing

@testable import GridTerminal

/// A terminal receives the changes and nothing from which it could rebuild
/// the frame; the screen's state (lost, cleared) is the `Screen`'s; short
/// gaps between changes come with them, marked unchanged, so that a
/// terminal writes them instead of moving over them.
@Suite struct FrameUpdateShapeTests {
  /// A surface of `width` with `text` drawn at `x` on row 0 (in `style`).
  func surface(width: Int = 20, _ runs: [(x: Int, text: String, style: Style)]) -> Surface {
    var s = Surface(width: width, height: 2)
    for run in runs { s.draw(run.text, x: run.x, y: 0, style: run.style) }
    return s
  }

  @Test func anUpdateHoldsNoFrame() {
    var screen = Screen()
    var frame = surface([(0, "Hello, world", .plain)])
    frame.pixelImages = PixelImageTable(cellSize: PixelSize(width: 10, height: 20), colors: .trueColor)
    let update = screen.update(to: frame, scrollsRegions: true)
    // Nothing in it is a surface or a grid of cells: only the changes, the size and the pictures' table.
    for child in Mirror(reflecting: update).children {
      let type = ObjectIdentifier(Swift.type(of: child.value))
      #expect(type != ObjectIdentifier(Surface.self) && type != ObjectIdentifier(Surface?.self), "\(child.label ?? "?")")
      #expect(type != ObjectIdentifier([Cell].self), "\(child.label ?? "?") is a grid of cells")
    }
    #expect(update.width == 20 && update.height == 2)
    #expect(update.pixelImages === frame.pixelImages)
    // (The blank between the words is not written on a cleared screen.)
    #expect(update.changes.filter { !$0.isUnchanged }.count == 11)
  }

  @Test func aShortGapOfPlainTextInTheSameStyleComesWithTheChanges() {
    var screen = Screen()
    var frame = surface([(0, "ab   cd       ", .plain)])
    _ = screen.update(to: frame, scrollsRegions: true)
    frame.markPresented()
    // Columns 1 and 5 change: the three blanks between them come too, unchanged.
    frame.draw("B", x: 1, y: 0)
    frame.draw("C", x: 5, y: 0)
    let update = screen.update(to: frame, scrollsRegions: true)
    #expect(update.changes.map(\.x) == [1, 2, 3, 4, 5])
    #expect(update.changes.map(\.isUnchanged) == [false, true, true, true, false])
    #expect(update.changedCellCount == 2)
  }

  @Test func aGapIsLeftOutWhenMovingOverItIsNoDearer() {
    let bold = Style(attributes: .bold)
    for (before, gap, after, gapStyle) in [
      ("a", "    ", "b", Style.plain),  // four cells: a move costs no more
      ("a", "  ", "b", bold),  // another style: writing needs an attribute change
      ("─", "  ", "b", .plain),  // after a line, which the alternate set may draw
      ("🙂", "  ", "b", .plain),  // after an emoji, whose width terminals disagree on
      ("a", "é ", "b", .plain),  // not ASCII
    ] {
      var screen = Screen()
      var frame = Surface(width: 20, height: 1)
      let start = DisplayWidth.of(before)
      let end = start + DisplayWidth.of(gap)
      frame.draw(String(repeating: "?", count: start) + gap + "?", x: 0, y: 0)
      frame.restyle(CellRect(x: start, y: 0, width: end - start, height: 1)) { _ in gapStyle }
      _ = screen.update(to: frame, scrollsRegions: true)
      frame.markPresented()
      // The cells around the gap change; the gap does not.
      frame.draw(before, x: 0, y: 0)
      frame.draw(after, x: end, y: 0)
      let update = screen.update(to: frame, scrollsRegions: true)
      #expect(update.changes.allSatisfy { !$0.isUnchanged }, "\(before)|\(gap)|\(after)")
    }
  }

  @Test func aTerminalsReportsOfItsScreenAreKeptByTheScreen() {
    var screen = Screen()
    let frame = surface([(0, "abc", .plain)])
    #expect(screen.needsFullRepaint)
    screen.reset(.cleared)
    let first = screen.update(to: frame, scrollsRegions: true)
    #expect(first.clearsScreen && first.screenIsBlank)
    #expect(!screen.needsFullRepaint)
    #expect(screen.update(to: frame, scrollsRegions: true).changes.isEmpty)
    screen.reset(.lost)
    #expect(screen.needsFullRepaint)
    let again = screen.update(to: frame, scrollsRegions: true)
    #expect(again.clearsScreen && !again.screenIsBlank && again.changedCellCount == 3)
  }
}
