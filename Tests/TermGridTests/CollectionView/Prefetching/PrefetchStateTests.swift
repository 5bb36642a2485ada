import GridLayout
import GridRender
import Testing

@testable import TermGrid

/// The prefetching part alone: which way the view scrolls, when it looks again, what a reset keeps.
@Suite struct PrefetchStateTests {
  @Test func theDirectionFollowsEachAxisThatMoved() {
    var state = PrefetchState()
    #expect(state.direction == (1, 1))
    let first = state.scrolled(to: Point(x: 0, y: 10))
    let again = state.scrolled(to: Point(x: 0, y: 10))
    #expect(first && !again, "the first look; no move, no look")
    let up = state.scrolled(to: Point(x: 0, y: 4))
    #expect(up)
    #expect(state.direction == (1, -1))
    let left = state.scrolled(to: Point(x: -3, y: 4))
    #expect(left)
    #expect(state.direction == (-1, -1), "up stays up while only x moved")
    state.lookAgain()
    let same = state.scrolled(to: Point(x: -3, y: 4))
    #expect(same, "looks again at the same offset")
    #expect(state.direction == (-1, -1))
  }

  @Test func aResetForgetsTheAnnouncedItemsAndKeepsTheCellSizes() {
    var state = PrefetchState()
    let size = PixelSize(width: 10, height: 20)
    state.setCellSizes(picture: size, symbol: nil)
    state.announce([IndexPath(item: 1, section: 0)])
    _ = state.scrolled(to: Point(x: 0, y: 5))
    _ = state.scrolled(to: Point(x: 0, y: 1))
    state.reset()
    #expect(state.announced.isEmpty && state.offset == nil && state.direction == (1, 1))
    #expect(state.pictureCellSize == size && state.symbolCellSize == nil)
  }
}
