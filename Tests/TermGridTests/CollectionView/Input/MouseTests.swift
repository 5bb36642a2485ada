import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

@Suite struct MouseTests {
  func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int, _ modifiers: Key.Modifiers = []) -> InputEvent {
    .mouse(MouseEvent(kind, x: x, y: y, modifiers: modifiers))
  }

  @Test func aPressFocusesAReleaseOnTheSameItemSelects() {
    let (view, data) = makeGrid([20])
    let delegate = RecordingDelegate()
    view.delegate = delegate
    #expect(view.handle(mouse(.press, 17, 4)))  // item 6 (row 1, column 1)
    #expect(view.focusedIndexPath == path(0, 6) && view.indexPathsForSelectedItems.isEmpty)
    view.handle(mouse(.release, 18, 5))
    #expect(view.indexPathsForSelectedItems == [path(0, 6)])
    // A release over another item is no click.
    view.handle(mouse(.press, 2, 1))
    view.handle(mouse(.release, 17, 1))
    #expect(view.indexPathsForSelectedItems == [path(0, 6)])
    // Headers, footers and empty space are not items.
    #expect(!view.handle(mouse(.press, 79, 23)))
    withExtendedLifetime(data) {}
  }

  @Test func twoQuickClicksActivate() {
    let (view, data) = makeGrid([20])
    let delegate = RecordingDelegate()
    let clock = ManualAnimationClock()
    view.clock = clock
    view.delegate = delegate
    for _ in 0..<2 {
      view.handle(mouse(.press, 2, 1))
      view.handle(mouse(.release, 2, 1))
      clock.advance(by: 0.2)
    }
    #expect(delegate.calls.contains("activate 0.0"))
    #expect(view.indexPathsForSelectedItems == [path(0, 0)])  // the first click selected, the second activated
    clock.advance(by: 1)
    view.handle(mouse(.press, 2, 1))
    view.handle(mouse(.release, 2, 1))  // a slow third click: a click again
    #expect(view.indexPathsForSelectedItems.isEmpty)
    withExtendedLifetime(data) {}
  }

  @Test func shiftClickSelectsFromTheAnchor() {
    let (view, data) = makeGrid([20])
    view.handle(mouse(.click, 2, 1))  // 0
    view.handle(mouse(.click, 32, 4, .shift))  // 7
    #expect(view.indexPathsForSelectedItems == (0...7).map { path(0, $0) })
    withExtendedLifetime(data) {}
  }

  @Test func pressAndDragMovesAnItem() {
    let (view, model, clock) = makeMovableView([[1, 2, 3, 4, 5]])
    view.handle(mouse(.press, 2, 2))  // item 0 (the header is row 0)
    view.handle(mouse(.drag, 3, 2))
    #expect(view.isMovingItem)
    view.handle(mouse(.drag, 30, 2))  // over item 3
    #expect(view.indexPathForMovingItem == path(0, 3))
    // The lifted item follows the pointer: centred on it.
    var s = Surface(width: 60, height: 16)
    clock.advance(by: 1)
    view.draw(into: &s)
    #expect(s[27, 1].grapheme == "╔" && s.lines[2].contains("║ #1   ║"))
    view.handle(mouse(.release, 30, 2))
    #expect(model.sections == [[2, 3, 4, 1, 5]])
    #expect(model.moves.count == 1 && !view.isMovingItem)
    #expect(view.indexPathsForSelectedItems.isEmpty)  // a drag is no click
  }

  @Test func aDragOfAnItemThatCannotMoveDoesNothing() {
    let (view, model, _) = makeMovableView([[1, 2, 3]])
    model.fixed = [1]
    view.handle(mouse(.press, 2, 2))
    #expect(!view.handle(mouse(.drag, 12, 2)))
    view.handle(mouse(.release, 12, 2))
    #expect(!view.isMovingItem && model.moves.isEmpty)
  }

  @Test func hoverWithoutAPressIsIgnored() {
    let (view, model, _) = makeMovableView([[1, 2, 3]])
    #expect(!view.handle(mouse(.move, 2, 2)))
    #expect(!view.handle(mouse(.drag, 12, 2)))
    #expect(!view.isMovingItem && model.moves.isEmpty)
  }
}
