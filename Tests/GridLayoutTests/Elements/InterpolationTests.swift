import Testing

@testable import GridLayout

@Suite struct InterpolationTests {
  @Test(arguments: [TimingCurve.linear, .easeIn, .easeOut, .easeInOut])
  func curvesRunFromZeroToOneAndNeverGoBack(_ curve: TimingCurve) {
    #expect(curve.value(at: 0) == 0)
    #expect(curve.value(at: 1) == 1)
    #expect(curve.value(at: -3) == 0)
    #expect(curve.value(at: 7) == 1)
    var last = 0.0
    for i in 1...100 {
      let v = curve.value(at: Double(i) / 100)
      #expect(v >= last)
      last = v
    }
  }

  @Test func easeOutIsAheadOfLinearAndEaseInBehind() {
    #expect(TimingCurve.easeOut.value(at: 0.5) == 0.875)
    #expect(TimingCurve.easeIn.value(at: 0.5) == 0.125)
    #expect(TimingCurve.easeInOut.value(at: 0.5) == 0.5)
  }

  @Test func attributesMoveFrameAlphaAndScaleLinearly() {
    let path = IndexPath(item: 3, section: 1)
    var start = LayoutAttributes(forItemAt: path, frame: Rect(x: 0, y: 0, width: 10, height: 4))
    start.alpha = 0
    start.scale = Scale(0.1)
    var end = LayoutAttributes(forItemAt: path, frame: Rect(x: 20, y: 8, width: 20, height: 2))
    end.zIndex = 1
    let mid = start.interpolated(to: end, fraction: 0.5)
    #expect(mid.frame == Rect(x: 10, y: 4, width: 15, height: 3))
    #expect(mid.alpha == 0.5)
    #expect(mid.scale == Scale(0.55))
    #expect(mid.zIndex == 1)
    #expect(start.interpolated(to: end, fraction: 0).frame == start.frame)
    #expect(start.interpolated(to: end, fraction: 1) == end)
    // Sinking: the higher zIndex is kept until the end.
    #expect(end.interpolated(to: start, fraction: 0.9).zIndex == 1)
    #expect(end.interpolated(to: start, fraction: 1).zIndex == 0)
  }
}
