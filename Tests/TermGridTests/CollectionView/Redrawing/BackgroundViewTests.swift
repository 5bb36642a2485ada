import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// ``CollectionView/backgroundView``: drawn under every element and in the
/// gaps, fixed or scrolling with the content, correct after incremental
/// draws and region scrolls, and during animations.
@Suite struct BackgroundViewTests {
  static let letters = Array("abcdefghijklmnopqrstuvwxyz")

  /// A background whose every row is one letter: a for its frame's first
  /// row, b for the next; so a fixed one and a scrolling one differ once the
  /// view scrolls.
  func rowLetters(scrolling: Bool) -> CollectionBackground {
    .custom(scrollsWithContent: scrolling) { surface, frame in
      let clip = surface.clip
      let top = max(frame.y, clip.y)
      let bottom = min(frame.maxY, clip.maxY)
      guard top < bottom else { return }
      for y in top..<bottom {
        surface.draw(String(repeating: Self.letters[(y - frame.y) % 26], count: frame.width), x: frame.x, y: y)
      }
    }
  }

  func render(_ view: CollectionView, width: Int = 80, height: Int = 24) -> Surface {
    var s = Surface(width: width, height: height)
    view.draw(into: &s)
    return s
  }

  func characters(_ s: Surface) -> [[Character]] { s.lines.map { Array($0) } }

  @Test func theBackgroundShowsInTheGapsAndWhereThereIsNoItemAndItemsCoverIt() throws {
    let (view, data) = makeGrid([7])
    let (plainView, plainData) = makeGrid([7])
    view.backgroundView = .filled(with: "·", style: Style(foreground: .blue))
    let with = render(view)
    let without = render(plainView)
    let items = try (0..<7).map { item in
      view.scrolling.viewport.surfaceRect(
        ofContent: try #require(view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))).frame)
    }
    var gaps = 0
    for y in 0..<24 {
      for x in 0..<80 {
        if items.contains(where: { $0.contains(x: x, y: y) }) {
          #expect(with[x, y] == without[x, y], "(\(x), \(y)) in an item")
        } else {
          #expect(with[x, y].grapheme == "·" && with[x, y].style.foreground == .blue, "(\(x), \(y))")
          #expect(without[x, y].grapheme == " ")
          gaps += 1
        }
      }
    }
    // Between the items of the first row (x = 14, 29, ...), right of the last, and below them all.
    #expect(gaps == 80 * 24 - 7 * 14 * 3)
    #expect(characters(with)[1][14] == "·" && characters(with)[10][0] == "·")
    withExtendedLifetime((data, plainData)) {}
  }

  @Test(arguments: [false, true])
  func afterAScrollAFixedBackgroundStaysAndAScrollingOneMovesNothingStale(scrolling: Bool) throws {
    let (view, data) = makeGrid([60])
    view.backgroundView = rowLetters(scrolling: scrolling)
    view.drawsIncrementally = true
    let terminal = HeadlessTerminal(width: 80, height: 24)
    let loop = TerminalRunLoop(terminal: terminal, scene: GridScene(view))
    try loop.run(untilIdle: true)
    // Column 14 is a gap on every row: it shows the background's letter for that row.
    func gapColumn() -> String { String(terminal.screen.lines.map { Array($0)[14] }) }
    #expect(gapColumn() == String((0..<24).map { Self.letters[$0 % 26] }))
    for step in [3.0, 4.0, 2.0] {
      view.setContentOffset(Point(x: 0, y: view.contentOffset.y + step))
      // A focus change in the same frame: an item redrawn alone, over the background.
      view.focusItem(at: view.indexPathsForVisibleItems[view.indexPathsForVisibleItems.count / 2])
      try loop.drawFrame(force: false)
    }
    let offset = Int(view.contentOffset.y)
    #expect(offset == 9)
    let expected = (0..<24).map { Self.letters[((scrolling ? offset : 0) + $0) % 26] }
    #expect(gapColumn() == String(expected))
    // What the terminal shows is what a full draw of the same state shows.
    let (fresh, freshData) = makeGrid([60])
    fresh.backgroundView = rowLetters(scrolling: scrolling)
    fresh.focusItem(at: view.focusedIndexPath)
    fresh.setContentOffset(view.contentOffset)
    #expect(terminal.screen.lines == render(fresh).lines)
    #expect(Screenful(terminal.screen) == Screenful(render(fresh)))
    // Region scrolls only where the background moves with the rows.
    #expect(scrolling ? terminal.scrolls > 0 : terminal.scrolls == 0, "\(terminal.scrolls)")
    withExtendedLifetime((data, freshData)) {}
  }

  @Test func settingTheBackgroundRedrawsAndNothingElseDoes() throws {
    let (view, data) = makeGrid([10])
    _ = render(view)
    #expect(!view.needsDisplay)
    view.backgroundView = .filled(with: "~")
    #expect(view.needsDisplay)
    #expect(characters(render(view))[23][0] == "~")
    #expect(!view.needsDisplay)
    view.backgroundView = nil
    #expect(characters(render(view))[23][0] == " ")
    withExtendedLifetime(data) {}
  }

  @Test(arguments: [false, true])
  func theBackgroundShowsDuringAnimationsAndInteractiveTransitions(scrolling: Bool) throws {
    let (view, model, clock) = makeIDView([Array(1...40)])
    let (plain, plainModel, plainClock) = makeIDView([Array(1...40)])
    let background = CollectionBackground.filled(with: "·", scrollsWithContent: scrolling)
    view.backgroundView = background
    for v in [view, plain] { v.focusItem(at: IndexPath(item: 20, section: 0)) }
    let old = Screenful(render(view, width: 60, height: 16))
    func list() -> FlowLayout { FlowLayout(itemSize: Size(width: 40, height: 3), headerReferenceSize: Size(width: 0, height: 1)) }
    // Every cell shows what the view without a background shows, or the background where that is blank.
    func expectBackgroundUnder(_ a: Surface, _ b: Surface, _ what: String) {
      var dots = 0
      for y in 0..<16 {
        for x in 0..<60 where a[x, y] != b[x, y] {
          #expect(a[x, y].grapheme == "·" && b[x, y].grapheme == " ", "\(what) (\(x), \(y))")
          dots += 1
        }
      }
      #expect(dots > 100, "\(what)")
    }
    // Held at 0: exactly the old screen, background included; at 0.5 under the moving items.
    view.startInteractiveTransition(to: list())
    plain.startInteractiveTransition(to: list())
    #expect(Screenful(render(view, width: 60, height: 16)) == old)
    view.transitionProgress = 0.5
    plain.transitionProgress = 0.5
    expectBackgroundUnder(render(view, width: 60, height: 16), render(plain, width: 60, height: 16), "held")
    view.finishInteractiveTransition()
    plain.finishInteractiveTransition()
    clock.advance(by: 0.05)
    plainClock.advance(by: 0.05)
    expectBackgroundUnder(render(view, width: 60, height: 16), render(plain, width: 60, height: 16), "finishing")
    clock.advance(by: 1)
    plainClock.advance(by: 1)
    let end = render(view, width: 60, height: 16)
    expectBackgroundUnder(end, render(plain, width: 60, height: 16), "finished")
    // And an animated layout change.
    let grid = { FlowLayout(itemSize: Size(width: 8, height: 3), minimumInteritemSpacing: 1) }
    view.setLayout(grid(), animated: true)
    plain.setLayout(grid(), animated: true)
    #expect(Screenful(render(view, width: 60, height: 16)) == Screenful(end))
    clock.advance(by: view.animationDuration / 2)
    plainClock.advance(by: plain.animationDuration / 2)
    expectBackgroundUnder(render(view, width: 60, height: 16), render(plain, width: 60, height: 16), "animating")
    withExtendedLifetime((model, plainModel)) {}
  }
}
