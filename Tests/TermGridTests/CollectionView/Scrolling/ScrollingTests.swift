import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// The scrolling part alone: the offsets that reveal an item (exact values),
/// a section's sideways offsets, and when the layout is prepared again.
@Suite struct ScrollingTests {
  let view = Size(width: 40, height: 10)
  let item = Rect(x: 10, y: 30, width: 14, height: 3)

  @Test func minimalScrollsAsLittleAsShowsTheItem() {
    // Below the view: its bottom comes to the view's bottom.
    #expect(
      Scrolling.offset(showing: item, header: nil, footer: nil, at: .minimal, from: .zero, viewSize: view)
        == Point(x: 0, y: 23))
    // Above: its top to the top.
    #expect(
      Scrolling.offset(showing: item, header: nil, footer: nil, at: .minimal, from: Point(x: 0, y: 50), viewSize: view)
        == Point(x: 0, y: 30))
    // Already in view: nothing moves.
    #expect(
      Scrolling.offset(showing: item, header: nil, footer: nil, at: .minimal, from: Point(x: 0, y: 25), viewSize: view)
        == Point(x: 0, y: 25))
    // Sideways both ways.
    let wide = Rect(x: 50, y: 0, width: 14, height: 3)
    #expect(
      Scrolling.offset(showing: wide, header: nil, footer: nil, at: .minimal, from: .zero, viewSize: view)
        == Point(x: 24, y: 0))
    #expect(
      Scrolling.offset(showing: wide, header: nil, footer: nil, at: .minimal, from: Point(x: 60, y: 0), viewSize: view)
        == Point(x: 50, y: 0))
  }

  @Test func topBottomAndCentredPutTheItemThereAndKeepItInViewSideways() {
    let from = Point(x: 30, y: 0)
    #expect(
      Scrolling.offset(showing: item, header: nil, footer: nil, at: .top, from: from, viewSize: view)
        == Point(x: 10, y: 30))
    #expect(
      Scrolling.offset(showing: item, header: nil, footer: nil, at: .bottom, from: from, viewSize: view)
        == Point(x: 10, y: 23))
    #expect(
      Scrolling.offset(showing: item, header: nil, footer: nil, at: .centered, from: from, viewSize: view)
        == Point(x: 10, y: 26.5))
    // Sideways it moves only as far as shows the item.
    #expect(
      Scrolling.offset(showing: item, header: nil, footer: nil, at: .top, from: Point(x: 0, y: 0), viewSize: view)
        == Point(x: 0, y: 30))
  }

  @Test func anItemInTheFirstLineBringsItsHeaderAndInTheLastItsFooter() {
    let header = Rect(x: 0, y: 28, width: 40, height: 1)
    let footer = Rect(x: 0, y: 34, width: 40, height: 1)
    #expect(
      Scrolling.offset(showing: item, header: header, footer: nil, at: .minimal, from: Point(x: 0, y: 50), viewSize: view)
        == Point(x: 0, y: 28))
    #expect(
      Scrolling.offset(showing: item, header: nil, footer: footer, at: .minimal, from: .zero, viewSize: view)
        == Point(x: 0, y: 25))
    #expect(
      Scrolling.offset(showing: item, header: header, footer: footer, at: .top, from: .zero, viewSize: view)
        == Point(x: 0, y: 28))
    // A header farther above than the item is high belongs to another line: not brought.
    let far = Rect(x: 0, y: 20, width: 40, height: 1)
    #expect(
      Scrolling.offset(showing: item, header: far, footer: nil, at: .minimal, from: Point(x: 0, y: 50), viewSize: view)
        == Point(x: 0, y: 30))
    // Nor one that would not fit in the view with the item.
    let low = Size(width: 40, height: 4)
    #expect(
      Scrolling.offset(showing: item, header: header, footer: nil, at: .minimal, from: Point(x: 0, y: 50), viewSize: low)
        == Point(x: 0, y: 30))
  }

  @Test func aSectionScrollsSidewaysWithACellOfMargin() {
    // Frames as the section is scrolled now (at `old`), in a view 40 wide.
    let offRight = Rect(x: 45, y: 0, width: 10, height: 3)
    #expect(Scrolling.sectionOffset(showing: offRight, at: .minimal, from: 0, width: 40) { _ in nil } == 16)
    #expect(Scrolling.sectionOffset(showing: offRight, at: .minimal, from: 12, width: 40) { _ in nil } == 28)
    let offLeft = Rect(x: -5, y: 0, width: 10, height: 3)
    #expect(Scrolling.sectionOffset(showing: offLeft, at: .minimal, from: 20, width: 40) { _ in nil } == 14)
    let shown = Rect(x: 5, y: 0, width: 10, height: 3)
    #expect(Scrolling.sectionOffset(showing: shown, at: .minimal, from: 20, width: 40) { _ in nil } == 20)
    #expect(Scrolling.sectionOffset(showing: shown, at: .centered, from: 20, width: 40) { _ in nil } == 10)
  }

  @Test func aSectionThatRestsAtCertainOffsetsGoesToTheNearestThatShowsTheItem() {
    // Pages of 40: the item at 45...55 unscrolled shows from the page at 40 only.
    var asked: [ClosedRange<Double>] = []
    let pages: (ClosedRange<Double>) -> [Double]? = { range in
      asked.append(range)
      return stride(from: 0.0, through: 200, by: 40).filter { range.contains($0) }
    }
    let item = Rect(x: 45, y: 0, width: 10, height: 3)
    #expect(Scrolling.sectionOffset(showing: item, at: .minimal, from: 0, width: 40, resting: pages) == 40)
    #expect(asked == [-40...56], "asked once, for the offsets within a view of the way")
    // Centred: the page nearest the centring offset that shows it.
    let later = Rect(x: 5, y: 0, width: 10, height: 3)
    #expect(Scrolling.sectionOffset(showing: later, at: .centered, from: 80, width: 40, resting: pages) == 80)
    // A step goes to the next resting offset, or six cells without any.
    #expect(Scrolling.sectionStep(from: 40, right: true, width: 40, resting: pages) == 80)
    #expect(Scrolling.sectionStep(from: 40, right: false, width: 40, resting: pages) == 0)
    #expect(Scrolling.sectionStep(from: 0, right: false, width: 40, resting: pages) == 0)
    #expect(Scrolling.sectionStep(from: 10, right: true, width: 40) { _ in nil } == 16)
    #expect(Scrolling.sectionStep(from: 10, right: false, width: 40) { _ in nil } == 4)
  }

  @Test func theLayoutIsPreparedOnceForEachNeedOrNewSize() {
    let scrolling = Scrolling()
    scrolling.adopt(FlowLayout())
    scrolling.setFrame(CellRect(x: 0, y: 0, width: 20, height: 10))
    #expect(scrolling.takeLayoutNeed())
    #expect(!scrolling.takeLayoutNeed(), "nothing changed since")
    scrolling.setContentOffset(Point(x: 0, y: 5))
    #expect(!scrolling.takeLayoutNeed(), "a scroll is no new size")
    scrolling.setFrame(CellRect(x: 3, y: 3, width: 20, height: 10))
    #expect(!scrolling.takeLayoutNeed(), "nor a move")
    scrolling.setFrame(CellRect(x: 3, y: 3, width: 21, height: 10))
    #expect(scrolling.takeLayoutNeed())
    // The scroll bar moves to the bottom row: the content area changes shape.
    scrolling.setScrollsHorizontally(true)
    #expect(scrolling.viewport.contentArea == CellRect(x: 3, y: 3, width: 21, height: 9))
    scrolling.setShowsScrollIndicator(false)
    #expect(scrolling.takeLayoutNeed())
    scrolling.setNeedsLayout()
    #expect(scrolling.takeLayoutNeed())
    #expect(!scrolling.takeLayoutNeed())
    #expect(scrolling.sectionScrollingLayout == nil)
    scrolling.adopt(ShelfLayout())
    #expect(scrolling.sectionScrollingLayout != nil && scrolling.takeLayoutNeed())
  }
}
