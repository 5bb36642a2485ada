import Testing

@testable import TermGrid

@Suite struct RedrawStateTests {
  let frame = CellRect(x: 0, y: 0, width: 40, height: 10)
  let area = CellRect(x: 0, y: 0, width: 39, height: 10)

  func drawn(at offset: Point = .zero) -> RedrawState {
    var state = RedrawState()
    state.didDraw(at: offset, surfaceWidth: 40, surfaceHeight: 12)
    return state
  }

  @Test func theFirstFrameDrawsEverythingAndNothingIsPendingAfterIt() {
    var state = RedrawState()
    #expect(state.isPending)
    #expect(state.plan(at: .zero, frame: frame, area: area, surfaceWidth: 40, surfaceHeight: 12, incrementally: true) == .all)
    state.didDraw(at: .zero, surfaceWidth: 40, surfaceHeight: 12)
    #expect(!state.isPending)
    #expect(
      state.plan(at: .zero, frame: frame, area: area, surfaceWidth: 40, surfaceHeight: 12, incrementally: true)
        == .incremental(scroll: 0))
  }

  @Test func incrementalDrawingNeedsTheSurfaceAsLastDrawn() {
    let state = drawn(at: Point(x: 0, y: 20))
    func plan(_ offset: Point, surfaceWidth: Int = 40, incrementally: Bool = true, frame: CellRect? = nil) -> RedrawState.Plan {
      state.plan(
        at: offset, frame: frame ?? self.frame, area: area, surfaceWidth: surfaceWidth, surfaceHeight: 12,
        incrementally: incrementally)
    }
    #expect(plan(Point(x: 0, y: 23)) == .incremental(scroll: 3))
    #expect(plan(Point(x: 0, y: 17)) == .incremental(scroll: -3))
    #expect(plan(Point(x: 0, y: 23), incrementally: false) == .all)
    #expect(plan(Point(x: 1, y: 20)) == .all)  // sideways
    #expect(plan(Point(x: 0, y: 30)) == .all)  // a whole screen
    #expect(plan(Point(x: 0, y: 21), surfaceWidth: 41) == .all)  // another surface
    // A view narrower than the surface cannot scroll the terminal's rows, but redraws changed items in place.
    let narrow = CellRect(x: 0, y: 0, width: 20, height: 10)
    #expect(plan(Point(x: 0, y: 21), frame: narrow) == .all)
    #expect(plan(Point(x: 0, y: 20), frame: narrow) == .incremental(scroll: 0))
  }

  @Test func aChangeEverywhereForcesAFullDrawAndItemsAreCountedOnce() {
    var state = drawn()
    state.invalidateItem(IndexPath(item: 1, section: 0))
    state.invalidateItem(IndexPath(item: 1, section: 0))
    state.invalidateItem(IndexPath(item: 2, section: 0))
    #expect(state.isPending)
    #expect(state.dirtyItems == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
    #expect(state.screenIsCurrent(at: .zero))
    state.invalidateAll()
    #expect(!state.screenIsCurrent(at: .zero))
    #expect(state.plan(at: .zero, frame: frame, area: area, surfaceWidth: 40, surfaceHeight: 12, incrementally: true) == .all)
    state.didDraw(at: .zero, surfaceWidth: 40, surfaceHeight: 12)
    #expect(state.dirtyItems.isEmpty)
  }

  @Test func aPictureRedrawsWhatWaitedForItOnce() {
    final class Source {}
    let (a, b) = (Source(), Source())
    var state = drawn()
    state.awaitPicture(from: ObjectIdentifier(a), for: IndexPath(item: 4, section: 1))
    state.awaitPicture(from: ObjectIdentifier(b), for: nil)
    let first = state.pictureArrived(from: ObjectIdentifier(a))
    #expect(first)
    #expect(state.dirtyItems == [IndexPath(item: 4, section: 1)])
    #expect(state.screenIsCurrent(at: .zero))
    let again = state.pictureArrived(from: ObjectIdentifier(a))
    #expect(!again)
    let whole = state.pictureArrived(from: ObjectIdentifier(b))
    #expect(whole)
    #expect(!state.screenIsCurrent(at: .zero))  // nil: the whole view
  }

  @Test func anAnimationFrameLeavesAFullDrawForTheNextPlainFrame() {
    var state = drawn()
    state.setFloatingRects([CellRect(x: 0, y: 0, width: 39, height: 1)])
    state.didDrawAnimationFrame()
    #expect(!state.isPending)
    #expect(state.floatingRects.isEmpty)
    #expect(state.plan(at: .zero, frame: frame, area: area, surfaceWidth: 40, surfaceHeight: 12, incrementally: true) == .all)
  }
}
