import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// Interactive layout transitions: progress held by the app, finished or
/// cancelled, interrupted, and driven by keys and by a mouse drag.
@Suite struct InteractiveTransitionTests {
  /// A full frame of `view` on a fresh 60x16 surface (cells and styles compared, not only text).
  func screen(_ view: CollectionView) -> Screenful {
    var s = Surface(width: 60, height: 16)
    view.draw(into: &s)
    return Screenful(s)
  }

  /// One item a row, 40x3.
  func listLayout() -> FlowLayout {
    FlowLayout(itemSize: Size(width: 40, height: 3), headerReferenceSize: Size(width: 0, height: 1))
  }

  /// A view of 40 items (the grid of `makeIDView`), the focus on item 20.
  func makeView() -> (CollectionView, IDModel, ManualAnimationClock) {
    let (view, model, clock) = makeIDView([Array(1...40)])
    view.focusItem(at: IndexPath(item: 20, section: 0))
    return (view, model, clock)
  }

  /// What the view would show after a plain change to `layout`.
  func reference(_ layout: any CollectionLayout, model: IDModel, configure: (CollectionView) -> Void = { _ in }) -> Screenful {
    let (fresh, _) = makeSmallView(showing: model, width: 60, height: 16)
    configure(fresh)
    fresh.focusItem(at: IndexPath(item: 20, section: 0))
    fresh.setLayout(layout, animated: false)
    return screen(fresh)
  }

  @Test func progressZeroIsTheOldScreenOneTheNewAndHalfIsMidwayPerElement() throws {
    let (view, model, clock) = makeView()
    let old = screen(view)
    let oldLayout = view.collectionViewLayout
    let oldOffset = view.contentOffset
    let oldFrames = Dictionary(
      uniqueKeysWithValues: oldLayout.layoutAttributesForElements(in: view.visibleRect).filter { $0.category == .item }
        .map { ($0.indexPath, $0.frame) })
    let list = listLayout()
    view.startInteractiveTransition(to: list)
    #expect(view.isInteractiveTransitionInProgress && view.transitionProgress == 0)
    #expect(view.collectionViewLayout === list)
    #expect(screen(view) == old)
    // Held: the clock does not move it, and no frame is due.
    clock.advance(by: 10)
    #expect(!view.needsDisplay)
    #expect(screen(view) == old)

    view.transitionProgress = 0.5
    #expect(view.needsDisplay)
    let newOffset = view.contentOffset
    let t = try #require(view.updates.transition)
    for (path, was) in oldFrames {
      let track = try #require(t.tracks.first { $0.key.category == .item && $0.key.indexPath == path && !$0.isDisappearing })
      let now = try #require(list.layoutAttributesForItem(at: path)).frame
      // Where it was on screen, in the new offset's terms, halfway to where the list puts it.
      let start = was.offsetBy(dx: newOffset.x - oldOffset.x, dy: newOffset.y - oldOffset.y)
      let expected = Rect(
        x: (start.minX + now.minX) / 2, y: (start.minY + now.minY) / 2, width: (start.width + now.width) / 2,
        height: (start.height + now.height) / 2)
      #expect(t.presented(track, at: clock.now).frame == expected, "item \(path)")
    }
    // On screen: item 21 (#21) is at its midway frame, snapped.
    let midway = try #require(t.tracks.first { $0.key.category == .item && $0.key.indexPath.item == 20 })
    let cellFrame = view.scrolling.viewport.surfaceRect(ofContent: t.presented(midway, at: clock.now).frame)
    #expect(screen(view).lines[cellFrame.y + 1].contains("#21"))

    view.transitionProgress = 1
    #expect(screen(view) == reference(listLayout(), model: model))
    view.transitionProgress = 0
    #expect(screen(view) == old)
    withExtendedLifetime(model) {}
  }

  @Test func theScrollBarToIsTheOldOneAtZeroAndTheNewOneAtOne() throws {
    let (view, model, _) = makeView()
    view.showsScrollIndicator = true
    let old = screen(view)
    view.startInteractiveTransition(to: listLayout())
    #expect(screen(view) == old)
    view.transitionProgress = 1
    #expect(screen(view) == reference(listLayout(), model: model) { $0.showsScrollIndicator = true })
    withExtendedLifetime(model) {}
  }

  @Test func cancelRestoresTheOldLayoutOffsetFocusAndScreenExactly() throws {
    let (view, model, clock) = makeView()
    view.selectItem(at: IndexPath(item: 21, section: 0), animated: false, scrollPosition: nil)
    let old = screen(view)
    let oldLayout = view.collectionViewLayout
    let oldOffset = view.contentOffset
    var results: [String] = []
    view.startInteractiveTransition(to: listLayout()) { results.append("\($0) \($1)") }
    view.transitionProgress = 0.6
    let atSixty = screen(view)
    view.cancelInteractiveTransition()
    #expect(!view.isInteractiveTransitionInProgress && view.isAnimating && results.isEmpty)
    // The old layout is back at once; the screen does not jump.
    #expect(view.collectionViewLayout === oldLayout && view.contentOffset == oldOffset)
    #expect(view.focusedIndexPath == IndexPath(item: 20, section: 0))
    #expect(screen(view) == atSixty)
    // It goes back over 0.6 of the duration.
    clock.advance(by: view.animationDuration * 0.3)
    let middle = screen(view)
    #expect(middle != atSixty && middle != old && view.isAnimating)
    clock.advance(by: view.animationDuration * 0.3 + 1e-9)
    #expect(screen(view) == old)
    #expect(!view.isAnimating && results == ["false true"])
    #expect(view.collectionViewLayout === oldLayout && view.contentOffset == oldOffset)
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 21, section: 0)])
    clock.advance(by: 1)
    _ = screen(view)
    #expect(results == ["false true"])
    withExtendedLifetime(model) {}
  }

  @Test func cancelWithoutAnimationOrAtZeroIsAtOnce() throws {
    for (duration, progress) in [(0.0, 0.7), (0.25, 0.0)] {
      let (view, model, _) = makeView()
      view.animationDuration = duration
      let old = screen(view)
      let oldLayout = view.collectionViewLayout
      var results: [String] = []
      view.startInteractiveTransition(to: listLayout()) { results.append("\($0) \($1)") }
      view.transitionProgress = progress
      view.cancelInteractiveTransition()
      #expect(results == ["false true"] && !view.isAnimating)
      #expect(view.collectionViewLayout === oldLayout && screen(view) == old)
      withExtendedLifetime(model) {}
    }
  }

  @Test func finishGoesOnOverTheRestOfTheDurationAndEndsInTheNewLayout() throws {
    let (view, model, clock) = makeView()
    view.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: nil)
    let list = listLayout()
    var results: [String] = []
    view.startInteractiveTransition(to: list) { results.append("\($0) \($1)") }
    view.transitionProgress = 0.3
    let atThirty = screen(view)
    view.finishInteractiveTransition()
    #expect(!view.isInteractiveTransitionInProgress && view.transitionProgress == 0)
    #expect(screen(view) == atThirty)  // no jump
    clock.advance(by: view.animationDuration * 0.7 - 0.01)
    #expect(view.isAnimating && screen(view) != atThirty && results.isEmpty)
    clock.advance(by: 0.02)
    let last = screen(view)
    #expect(!view.isAnimating && results == ["true true"])
    #expect(view.collectionViewLayout === list)
    #expect(last == reference(listLayout(), model: model))
    #expect(view.focusedIndexPath == IndexPath(item: 20, section: 0))
    #expect(view.indexPathsForVisibleItems.contains(IndexPath(item: 20, section: 0)))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    clock.advance(by: 1)
    _ = screen(view)
    #expect(results == ["true true"])
  }

  @Test func finishWithoutAnimationIsAtOnce() throws {
    let (view, model, _) = makeView()
    view.animationDuration = 0
    var results: [String] = []
    view.startInteractiveTransition(to: listLayout()) { results.append("\($0) \($1)") }
    view.transitionProgress = 0.4
    view.finishInteractiveTransition()
    #expect(results == ["true true"] && !view.isAnimating)
    #expect(screen(view) == reference(listLayout(), model: model))
    // Nothing is held: these do nothing.
    view.transitionProgress = 0.5
    view.finishInteractiveTransition()
    view.cancelInteractiveTransition()
    #expect(view.transitionProgress == 0 && results == ["true true"])
  }

  @Test func progressIsClampedAndNaNIgnored() {
    let (view, model, _) = makeView()
    view.startInteractiveTransition(to: listLayout())
    view.transitionProgress = 1.7
    #expect(view.transitionProgress == 1)
    view.transitionProgress = -3
    #expect(view.transitionProgress == 0)
    view.transitionProgress = 0.25
    view.transitionProgress = .nan
    #expect(view.transitionProgress == 0.25)
    withExtendedLifetime(model) {}
  }

  @Test func anotherChangeWhileHeldCompletesItWithTheNewLayout() throws {
    // setLayout, animated: the held transition completes, the new animation starts from what is on screen.
    do {
      let (view, model, clock) = makeView()
      var results: [String] = []
      let list = listLayout()
      view.startInteractiveTransition(to: list) { results.append("\($0) \($1)") }
      view.transitionProgress = 0.5
      let half = screen(view)
      let grid = FlowLayout(itemSize: Size(width: 12, height: 3), minimumInteritemSpacing: 1)
      view.setLayout(grid, animated: true)
      #expect(results == ["true false"] && !view.isInteractiveTransitionInProgress)
      #expect(screen(view) == half)
      clock.advance(by: 1)
      #expect(screen(view) == reference(grid, model: model) && view.collectionViewLayout === grid)
    }
    // reloadData, a resize, a batch without animation, another interactive transition.
    let changes: [(String, (CollectionView, IDModel) throws -> Void)] = [
      ("reload", { view, _ in view.reloadData() }),
      ("resize", { view, _ in view.setFrame(CellRect(x: 0, y: 0, width: 50, height: 16)) }),
      (
        "batch",
        { view, model in
          try view.performBatchUpdates(
            {
              model.sections[0].remove(at: 0)
              try view.deleteItems(at: [IndexPath(item: 0, section: 0)])
            }, animated: false)
        }
      ),
      (
        "animated batch",
        { view, model in
          try view.performBatchUpdates {
            model.sections[0].remove(at: 0)
            try view.deleteItems(at: [IndexPath(item: 0, section: 0)])
          }
        }
      ),
    ]
    for (name, change) in changes {
      let (view, model, clock) = makeView()
      let list = listLayout()
      var results: [String] = []
      view.startInteractiveTransition(to: list) { results.append("\($0) \($1)") }
      view.transitionProgress = 0.5
      try change(view, model)
      #expect(results == ["true false"], "\(name)")
      #expect(!view.isInteractiveTransitionInProgress && view.collectionViewLayout === list, "\(name)")
      clock.advance(by: 1)
      _ = screen(view)
      #expect(!view.isAnimating && results == ["true false"], "\(name)")
    }
    // Another interactive transition: the first completes; cancelling the second brings the first's layout back.
    let (view, model, clock) = makeView()
    let list = listLayout()
    var results: [String] = []
    view.startInteractiveTransition(to: list) { results.append("first \($0) \($1)") }
    view.transitionProgress = 0.5
    view.startInteractiveTransition(to: FlowLayout(itemSize: Size(width: 12, height: 3))) {
      results.append("second \($0) \($1)")
    }
    #expect(results == ["first true false"] && view.isInteractiveTransitionInProgress)
    view.transitionProgress = 0.5
    view.cancelInteractiveTransition()
    clock.advance(by: 1)
    #expect(screen(view) == reference(listLayout(), model: model))
    #expect(view.collectionViewLayout === list && results == ["first true false", "second false true"])
  }

  @Test func anAnimationCutShortAfterFinishOrCancelSaysNotFinished() throws {
    for finishes in [true, false] {
      let (view, model, clock) = makeView()
      let oldLayout = view.collectionViewLayout
      let list = listLayout()
      var results: [String] = []
      view.startInteractiveTransition(to: list) { results.append("\($0) \($1)") }
      view.transitionProgress = 0.5
      if finishes { view.finishInteractiveTransition() } else { view.cancelInteractiveTransition() }
      clock.advance(by: 0.01)
      view.reloadData()
      #expect(results == [finishes ? "true false" : "false false"])
      #expect(view.collectionViewLayout === (finishes ? list : oldLayout))
      withExtendedLifetime(model) {}
    }
  }

  @Test func boundKeysDriveTheProgressEnterFinishesEscCancels() throws {
    let (view, model, clock) = makeView()
    let old = screen(view)
    var results: [String] = []
    view.startInteractiveTransition(to: listLayout()) { results.append("\($0) \($1)") }
    for _ in 0..<3 { #expect(view.handle(.key(Key(.right)))) }
    #expect(abs(view.transitionProgress - 0.3) < 1e-9)
    view.handle(.key(Key(.up)))
    #expect(abs(view.transitionProgress - 0.2) < 1e-9)
    #expect(view.focusedIndexPath == IndexPath(item: 20, section: 0))  // the arrows did not move the focus
    view.handle(.key(Key(.end)))
    #expect(view.transitionProgress == 1)
    view.handle(.key(Key(.home)))
    #expect(view.transitionProgress == 0)
    view.handle(.mouse(MouseEvent(.scrollDown, x: 5, y: 5)))
    #expect(abs(view.transitionProgress - 0.1) < 1e-9)
    view.handle(.key(.char(" ")))
    #expect(view.indexPathsForSelectedItems.isEmpty)
    #expect(!view.handle(.mouse(MouseEvent(.click, x: 5, y: 5))))
    view.handle(.key(Key(.escape)))
    clock.advance(by: 1)
    #expect(screen(view) == old && results == ["false true"])

    view.startInteractiveTransition(to: listLayout()) { results.append("\($0) \($1)") }
    view.handle(.key(Key(.down)))
    view.handle(.key(Key(.enter)))
    clock.advance(by: 1)
    #expect(screen(view) == reference(listLayout(), model: model) && results == ["false true", "true true"])
  }

  /// A controller of 40 numbered cards that a horizontal drag takes to a list and back.
  final class DragController: CollectionViewController {
    var drag = InteractiveTransitionDrag(axis: .horizontal, distance: 20)
    let grid: FlowLayout
    let list = FlowLayout(itemSize: Size(width: 40, height: 3))
    var results: [String] = []

    init() {
      grid = FlowLayout(itemSize: Size(width: 8, height: 3), minimumInteritemSpacing: 1)
      super.init(layout: grid)
      collectionView.clock = ManualAnimationClock()
    }
    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 40 }
    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      ElementContent(title: "#\(indexPath.item + 1)", border: .single)
    }
    override func handle(_ event: InputEvent) throws -> EventResult {
      if case .mouse(let m) = event, overlays.isEmpty,
        drag.handle(
          m, in: collectionView,
          layout: { forward in
            let current = self.collectionView.collectionViewLayout
            return forward ? (current === self.grid ? self.list : nil) : (current === self.list ? self.grid : nil)
          }, completion: { self.results.append("\($0) \($1)") })
      {
        return .continue
      }
      return try super.handle(event)
    }
  }

  @Test func aMouseDragDrivesTheTransitionAndTheReleaseFinishesOrCancels() throws {
    let scene = DragController()
    let clock = try #require(scene.collectionView.clock as? ManualAnimationClock)
    var surface = Surface(width: 60, height: 16)
    scene.willAppear(on: TerminalCapabilities(colors: .trueColor))
    scene.draw(into: &surface)
    // A press on #2 focuses it; a drag 5 cells right is a quarter of the way.
    _ = try scene.handle(.mouse(MouseEvent(.press, x: 12, y: 1)))
    #expect(scene.collectionView.focusedIndexPath == IndexPath(item: 1, section: 0))
    scene.draw(into: &surface)
    let start = Screenful(surface)
    _ = try scene.handle(.mouse(MouseEvent(.drag, x: 17, y: 1)))
    #expect(scene.collectionView.isInteractiveTransitionInProgress && scene.collectionView.transitionProgress == 0.25)
    #expect(scene.collectionView.collectionViewLayout === scene.list)
    // Across the axis nothing changes; back past the start is 0.
    _ = try scene.handle(.mouse(MouseEvent(.drag, x: 17, y: 9)))
    #expect(scene.collectionView.transitionProgress == 0.25)
    _ = try scene.handle(.mouse(MouseEvent(.drag, x: 2, y: 1)))
    #expect(scene.collectionView.transitionProgress == 0)
    var frame = surface
    scene.draw(into: &frame)
    #expect(Screenful(frame) == start)
    // Released 8 cells right: 0.4, under the threshold: cancelled.
    _ = try scene.handle(.mouse(MouseEvent(.release, x: 20, y: 1)))
    #expect(!scene.collectionView.isInteractiveTransitionInProgress && scene.collectionView.collectionViewLayout === scene.grid)
    clock.advance(by: 1)
    scene.draw(into: &surface)
    #expect(Screenful(surface) == start && scene.results == ["false true"])
    #expect(!scene.collectionView.isMovingItem)
    // Dragged 15 cells right and released there: finished, the list stays.
    _ = try scene.handle(.mouse(MouseEvent(.press, x: 12, y: 1)))
    _ = try scene.handle(.mouse(MouseEvent(.drag, x: 20, y: 1)))
    _ = try scene.handle(.mouse(MouseEvent(.release, x: 27, y: 1)))
    #expect(scene.collectionView.collectionViewLayout === scene.list && scene.results == ["false true"])
    clock.advance(by: 1)
    scene.draw(into: &surface)
    #expect(scene.results == ["false true", "true true"] && !scene.collectionView.isAnimating)
    #expect(surface.text.contains("#2"))
    // A drag right from the list asks for no layout: it is left to the view (a click still selects).
    _ = try scene.handle(.mouse(MouseEvent(.press, x: 5, y: 4)))
    _ = try scene.handle(.mouse(MouseEvent(.drag, x: 9, y: 4)))
    #expect(!scene.collectionView.isInteractiveTransitionInProgress)
    _ = try scene.handle(.mouse(MouseEvent(.release, x: 9, y: 4)))
    #expect(scene.collectionView.collectionViewLayout === scene.list)
  }
}

/// What a surface shows, cell by cell (styles included), compared without
/// what the drawing left for the terminal (scroll hints, changed columns);
/// printed as text when a comparison fails.
struct Screenful: Equatable, CustomStringConvertible {
  var cells: [Cell]
  var text: String
  init(_ surface: Surface) {
    cells = (0..<surface.height).flatMap { y in (0..<surface.width).map { x in surface[x, y] } }
    text = surface.lines.joined(separator: "\n")
  }
  var lines: [String] { text.components(separatedBy: "\n") }
  var description: String { "\n" + text }
  static func == (a: Screenful, b: Screenful) -> Bool { a.cells == b.cells }
}
