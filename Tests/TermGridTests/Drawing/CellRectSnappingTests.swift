import GridLayout
import GridRender
import Testing

@testable import TermGrid

/// Where a layout's `Rect` becomes cells (TermGrid's `CellRect(snapping:)`).
@Suite struct CellRectSnappingTests {
  @Test func eachEdgeRoundsToTheNearestCell() {
    #expect(CellRect(snapping: Rect(x: 1.4, y: 2.6, width: 3.2, height: 1.0)) == CellRect(x: 1, y: 3, width: 4, height: 1))
    #expect(CellRect(snapping: Rect(x: -0.6, y: 0, width: 0.5, height: 2.49)) == CellRect(x: -1, y: 0, width: 1, height: 2))
    #expect(CellRect(snapping: Rect(x: 5, y: 5, width: 0.2, height: 0.2)).isEmpty)
  }

  /// Frames that touch in the layout touch on screen: no gap, no overlap,
  /// whatever fraction they start at (a brute-force check over a row of
  /// frames of random fractional widths).
  @Test func framesThatTouchInTheLayoutTouchOnScreen() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      var x = Double.random(in: -50...50, using: &random)
      var previous: CellRect?
      for _ in 0..<20 {
        let width = Double.random(in: 0...7, using: &random)
        let cells = CellRect(snapping: Rect(x: x, y: 0, width: width, height: 1))
        if let previous { #expect(cells.x == previous.maxX) }
        previous = cells
        x += width
      }
    }
  }
}
