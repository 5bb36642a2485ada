import Testing

@testable import GridRender

/// The parts a `Surface` is a facade over, each on its own: the frame
/// buffer, the change tracker and the clip stack.
@Suite struct SurfacePartsTests {
  @Test func theBufferKeepsAWideGraphemeWhole() {
    var grid = CellGrid(width: 4, height: 1)
    let wide = Cell(grapheme: "日", style: .plain, width: 2)
    grid.store(wide, x: 1, y: 0)
    grid.store(Cell(grapheme: .space, style: .plain, width: 0), x: 2, y: 0)
    // Over its second half: the head becomes a blank.
    grid.store(Cell(grapheme: "a", style: .plain, width: 1), x: 2, y: 0)
    #expect(grid[1, 0] == Cell(grapheme: .space, style: .plain, width: 1) && grid[2, 0].grapheme == "a")
    // A fill whose edge cuts one blanks the half outside it.
    grid.store(wide, x: 0, y: 0)
    grid.store(Cell(grapheme: .space, style: .plain, width: 0), x: 1, y: 0)
    grid.fill(CellRect(x: 1, y: 0, width: 2, height: 1), with: Cell(grapheme: "x", style: .plain, width: 1))
    #expect((0..<4).map { grid[$0, 0].grapheme } == [.space, "x", "x", .space])
  }

  @Test func theTrackerUnitesWhatWasDrawnUntilPresented() {
    var tracker = ChangeTracker(width: 10, height: 3)
    #expect(tracker.changedColumns == [0..<10, 0..<10, 0..<10])
    tracker.markPresented()
    #expect(tracker.changedColumns.allSatisfy { $0.isEmpty })
    tracker.markChanged(row: 1, from: 2, to: 4)
    tracker.markChanged(row: 1, from: 6, to: 7)
    tracker.markChanged(0..<1, columns: 8..<9)
    #expect(tracker.changedColumns == [8..<9, 2..<7, 0..<0])
    tracker.recordScroll(1..<3, by: 1, width: 10)
    #expect(tracker.scrollHints == [ScrollHint(rows: 1..<3, by: 1)])
    #expect(tracker.changedColumns == [8..<9, 0..<10, 0..<10])
    tracker.markPresented()
    #expect(tracker.scrollHints.isEmpty && tracker.changedColumns.allSatisfy { $0.isEmpty })
  }

  @Test func theClipStackRestoresWhatItNarrowed() {
    var stack = ClipStack(bounds: CellRect(x: 0, y: 0, width: 20, height: 10))
    let outer = stack.push(CellRect(x: 2, y: 2, width: 10, height: 5))
    let inner = stack.pushConfined(CellRect(x: 5, y: 0, width: 20, height: 20))
    #expect(stack.clip == CellRect(x: 5, y: 2, width: 7, height: 5))
    #expect(stack.extent == CellRect(x: 2, y: 2, width: 10, height: 5))
    stack.pop(inner)
    #expect(stack.clip == CellRect(x: 2, y: 2, width: 10, height: 5))
    stack.pop(outer)
    #expect(stack.clip == CellRect(x: 0, y: 0, width: 20, height: 10) && stack.extent == stack.clip)
  }
}
