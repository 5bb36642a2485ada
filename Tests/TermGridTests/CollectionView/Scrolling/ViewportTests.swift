import TermGridTesting
import Testing

@testable import TermGrid

@Suite struct ViewportTests {
  func viewport(x: Int = 2, y: Int = 1, width: Int = 20, height: Int = 10, offset: Point = Point(x: 0, y: 30))
    -> Viewport
  {
    Viewport(frame: CellRect(x: x, y: y, width: width, height: height), contentOffset: offset)
  }

  @Test func theScrollBarTakesTheLastColumnOrTheLastRow() {
    var v = viewport()
    #expect(v.contentArea == CellRect(x: 2, y: 1, width: 19, height: 10))
    v.scrollsHorizontally = true
    #expect(v.contentArea == CellRect(x: 2, y: 1, width: 20, height: 9))
    v.showsScrollIndicator = false
    #expect(v.contentArea == CellRect(x: 2, y: 1, width: 20, height: 10))
    // A frame one column wide has no room for a bar.
    let thin = Viewport(frame: CellRect(x: 0, y: 0, width: 1, height: 5))
    #expect(thin.contentArea.width == 1)
  }

  /// The content area, its size and the visible rect are kept, not worked
  /// out when asked: after any sequence of changes they are what the frame,
  /// the scroll bar, the axis and the offset make.
  @Test func theKeptAreaAndVisibleRectFollowEveryChange() {
    var rng = SplitMix64(seed: 41)
    var v = viewport()
    for _ in 0..<2_000 {
      switch rng.next() % 4 {
      case 0:
        v.frame = CellRect(
          x: Int(rng.next() % 5), y: Int(rng.next() % 5), width: Int(rng.next() % 4), height: Int(rng.next() % 4))
      case 1: v.contentOffset = Point(x: Double(rng.next() % 50), y: Double(rng.next() % 50))
      case 2: v.showsScrollIndicator.toggle()
      default: v.scrollsHorizontally.toggle()
      }
      let f = v.frame
      let bar = v.showsScrollIndicator && (v.scrollsHorizontally ? f.height : f.width) > 1 ? 1 : 0
      let area =
        v.scrollsHorizontally
        ? CellRect(x: f.x, y: f.y, width: f.width, height: f.height - bar)
        : CellRect(x: f.x, y: f.y, width: f.width - bar, height: f.height)
      #expect(v.contentArea == area)
      #expect(v.size == Size(width: Double(area.width), height: Double(area.height)))
      #expect(v.visibleRect == Rect(origin: v.contentOffset, size: v.size))
    }
  }

  @Test func contentAndSurfaceConvertBothWays() {
    let v = viewport()
    #expect(v.visibleRect == Rect(x: 0, y: 30, width: 19, height: 10))
    // Content (3, 32) is surface (5, 3); the rectangle is cut at the content area.
    #expect(v.surfaceRect(ofContent: Rect(x: 3, y: 32, width: 30, height: 2)) == CellRect(x: 5, y: 3, width: 16, height: 2))
    #expect(v.surfaceRect(ofContent: Rect(x: 0, y: 0, width: 5, height: 5)).isEmpty)
    #expect(v.contentRect(ofSurface: CellRect(x: 5, y: 3, width: 4, height: 2)) == Rect(x: 3, y: 32, width: 4, height: 2))
    #expect(v.contentPoint(atSurfaceX: 2, y: 1) == Point(x: 0.5, y: 30.5))
    #expect(v.contentPoint(atSurfaceX: 21, y: 1) == nil)  // the scroll bar
    #expect(v.contentPoint(atSurfaceX: 1, y: 1) == nil)
  }

  @Test func clampingKeepsTheOffsetInsideTheContentInWholeCells() {
    let v = viewport()
    let content = Size(width: 19, height: 100)
    #expect(v.clamped(Point(x: -3, y: -1), contentSize: content) == .zero)
    #expect(v.clamped(Point(x: 4, y: 200), contentSize: content) == Point(x: 0, y: 90))
    #expect(v.clamped(Point(x: 0, y: 12.4), contentSize: content) == Point(x: 0, y: 12))
    // Content smaller than the view does not scroll.
    #expect(v.clamped(Point(x: 0, y: 5), contentSize: Size(width: 10, height: 4)) == .zero)
  }

  @Test func surfaceRectsMatchACellByCellScan() {
    var rng = SplitMix64(seed: 23)
    for _ in 0..<500 {
      let v = viewport(
        x: Int(rng.next() % 5), y: Int(rng.next() % 5), width: Int(rng.next() % 12) + 1,
        height: Int(rng.next() % 8) + 1, offset: Point(x: Double(rng.next() % 10), y: Double(rng.next() % 10)))
      let rect = Rect(
        x: Double(rng.next() % 30), y: Double(rng.next() % 30), width: Double(rng.next() % 10),
        height: Double(rng.next() % 10))
      let area = v.contentArea
      var expected = Set<[Int]>()
      for y in area.y..<area.maxY {
        for x in area.x..<area.maxX {
          let p = v.contentPoint(atSurfaceX: x, y: y)!
          if rect.contains(p) { expected.insert([x, y]) }
        }
      }
      let got = v.surfaceRect(ofContent: rect)
      var cells = Set<[Int]>()
      for y in got.y..<got.maxY { for x in got.x..<got.maxX { cells.insert([x, y]) } }
      #expect(cells == expected)
    }
  }
}
