import TermGridTesting
import Testing

@testable import GridLayout

@Suite struct CircleLayoutTests {
  @Test func theRingIsTheSeedsCircleInCells() throws {
    let layout = CircleLayout()
    layout.prepare(for: LayoutContext(itemCounts: [16], boundsSize: Size(width: 80, height: 23)))
    // The smaller side as seen is min(80, 23 * 2) = 46 columns; radius 46 / 2.5 = 18.4 columns, 9.2 rows.
    let first = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
    #expect(abs(first.center.x - (40 + 18.4)) < 1e-9 && abs(first.center.y - 11.5) < 1e-9)
    let quarter = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0)))
    #expect(abs(quarter.center.x - 40) < 1e-9 && abs(quarter.center.y - (11.5 + 9.2)) < 1e-9)
    #expect(first.size == Size(width: 6, height: 3))  // 2π·18.4/16 = 7.2 columns apart, less one
    #expect(layout.contentSize == Size(width: 80, height: 23))
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 16, section: 0)) == nil)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
  }

  @Test func appearingItemsGrowOutOfTheCentreAndLeavingOnesShrinkIntoIt() throws {
    let layout = CircleLayout()
    layout.prepare(for: LayoutContext(itemCounts: [16], boundsSize: Size(width: 80, height: 23)))
    let appearing = try #require(layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 0, section: 0)))
    #expect(appearing.center == Point(x: 40, y: 11.5) && appearing.alpha == 0 && appearing.scale == Scale(0.1))
    #expect(appearing.size == layout.itemSize)
    let leaving = try #require(layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 3, section: 0)))
    #expect(leaving.center == Point(x: 40, y: 11.5) && leaving.alpha == 0 && leaving.scale == Scale(0.1))
  }

  @Test func aFixedItemSizeAndAWideBounds() throws {
    let layout = CircleLayout(radiusFraction: 0.5, fixedItemSize: Size(width: 2, height: 1))
    layout.prepare(for: LayoutContext(itemCounts: [4], boundsSize: Size(width: 200, height: 20)))
    // The smaller side as seen is min(200, 40) = 40 columns: radius 20 columns, 10 rows.
    let frames = (0..<4).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
    #expect(frames[0] == Rect(x: 119, y: 9.5, width: 2, height: 1))
    #expect(frames[1].origin.x.isApproximately(99) && frames[1].origin.y.isApproximately(19.5))
    #expect(frames[2].origin.x.isApproximately(79) && frames[2].origin.y.isApproximately(9.5))
    #expect(frames[3].origin.x.isApproximately(99) && frames[3].origin.y.isApproximately(-0.5))
    #expect(layout.layoutAttributesForElements(in: Rect(x: 110, y: 0, width: 90, height: 20)).map(\.indexPath.item) == [0])
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 15, width: 200, height: 5)).map(\.indexPath.item) == [1])
  }

  @Test func rectQueriesEqualABruteForceScan() {
    for seed in 0..<400 {
      var rng = SplitMix64(seed: seed)
      let layout = CircleLayout(
        radiusFraction: Double(Int.random(in: 0...60, using: &rng)) / 100,
        fixedItemSize: Bool.random(using: &rng)
          ? Size(width: Double(Int.random(in: 1...12, using: &rng)), height: Double(Int.random(in: 1...4, using: &rng)))
          : nil)
      let count = [0, 1, 2, 3, 7, 16, 100, 2000][Int.random(in: 0...7, using: &rng)]
      let bounds = Size(width: Double(Int.random(in: 2...220, using: &rng)), height: Double(Int.random(in: 2...70, using: &rng)))
      layout.prepare(for: LayoutContext(itemCounts: [count], boundsSize: bounds))
      let all = (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))! }
      for _ in 0..<12 {
        let rect = Rect(
          x: Double(Int.random(in: -10...Int(bounds.width), using: &rng)),
          y: Double(Int.random(in: -5...Int(bounds.height), using: &rng)),
          width: Double(Int.random(in: 1...80, using: &rng)), height: Double(Int.random(in: 1...30, using: &rng)))
        let expected = all.filter { $0.frame.intersects(rect) }.map(\.indexPath.item)
        let got = layout.layoutAttributesForElements(in: rect).map(\.indexPath.item)
        #expect(got == expected, "seed \(seed) count \(count) bounds \(bounds) rect \(rect)")
      }
    }
  }
}

extension Double {
  func isApproximately(_ other: Double) -> Bool { abs(self - other) < 1e-9 }
}
