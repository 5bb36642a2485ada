import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// A compositional layout with shelves does what every layout does:
/// animated batch updates, interactive movement, prefetching and clicks.
@Suite struct CompositionalLayoutUpdateTests {
  /// Shelves of 10-wide items 3 tall, one per section, in a 40x16 view, over `model`.
  static func makeShelves(_ model: MovableModel) -> (CollectionView, ManualAnimationClock, CompositionalLayout) {
    let (view, clock) = makeSmallView(showing: model, width: 40, height: 16)
    let size = { (w: LayoutDimension, h: LayoutDimension) in LayoutSize(widthDimension: w, heightDimension: h) }
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
    let section = LayoutSection(
      group: .horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [.item(item)]),
      contentInsets: EdgeInsets(top: 0, left: 1, bottom: 1, right: 1), interGroupSpacing: 1, orthogonalScrollingBehavior: .continuous)
    let layout = CompositionalLayout(section: section)
    view.setLayout(layout, animated: false)
    return (view, clock, layout)
  }

  static func screen(_ view: CollectionView) -> [String] {
    var s = Surface(width: 40, height: 16)
    view.draw(into: &s)
    return s.lines
  }

  @Test func anInsertIntoAScrolledShelfAnimatesAndEndsAsAFreshViewShowsIt() throws {
    let model = MovableModel([Array(1...12), Array(21...32)])
    let (view, clock, layout) = Self.makeShelves(model)
    view.focusItem(at: path(0, 6))
    let offset = layout.horizontalOffset(ofSection: 0)
    #expect(offset > 0)
    let before = Self.screen(view)
    try view.performBatchUpdates {
      model.sections[0].insert(99, at: 5)
      try view.insertItems(at: [path(0, 5)])
    }
    #expect(view.isAnimating)
    clock.advance(by: view.animationDuration / 2)
    let middle = Self.screen(view)
    clock.advance(by: 1)
    let after = Self.screen(view)
    #expect(middle != before && middle != after)
    #expect(view.focusedIndexPath == path(0, 7), "the focus stays on its item")
    #expect(layout.horizontalOffset(ofSection: 0) >= offset, "the shelf kept (or moved on to show) the focus")
    #expect(after.joined().contains("#99"))
    // A view made from the final state, focused and scrolled alike, shows the same.
    let (fresh, _, freshLayout) = Self.makeShelves(MovableModel(model.sections))
    fresh.focusItem(at: path(0, 7))
    freshLayout.setHorizontalOffset(layout.horizontalOffset(ofSection: 0), ofSection: 0)
    fresh.setNeedsDisplay()
    #expect(Self.screen(fresh) == after)
  }

  @Test func anItemIsMovedAlongItsShelfAndTheShelfFollowsIt() {
    let model = MovableModel([Array(1...8), Array(21...28)])
    let (view, clock, layout) = Self.makeShelves(model)
    view.focusItem(at: path(0, 0))
    view.handle(.key(.char("m")))
    for _ in 0..<5 { view.handle(.key(Key(.right))) }
    clock.advance(by: 1)
    #expect(layout.horizontalOffset(ofSection: 0) > 0, "the lifted item was kept in view")
    view.handle(.key(Key(.enter)))
    clock.advance(by: 1)
    #expect(model.sections[0] == [2, 3, 4, 5, 6, 1, 7, 8])
    #expect(model.moves.map { [$0.0, $0.1] } == [[path(0, 0), path(0, 5)]])
    #expect(view.focusedIndexPath == path(0, 5))
    let frame = view.layoutAttributesForItem(at: path(0, 5))!.frame
    #expect(frame.minX >= 0 && frame.maxX <= 40)
  }

  @Test func theNextScreenOfEachShelfIsPrefetchedAndAClickSelectsWhatIsThere() {
    final class Recorder: CollectionViewDataSourcePrefetching {
      var prefetched: [IndexPath] = []
      func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) { prefetched += indexPaths }
    }
    let model = MovableModel([Array(1...20), Array(21...40)])
    let (view, _, layout) = Self.makeShelves(model)
    let recorder = Recorder()
    view.prefetchDataSource = recorder
    _ = Self.screen(view)
    // Items 0-3 show (1-11, 12-22, 23-33, 34-44); the next screen, to x 80, holds 4-7.
    #expect(Set(recorder.prefetched) == Set((3...7).flatMap { [path(0, $0), path(1, $0)] }.filter { $0.item > 3 }))
    // Scrolled sideways by the wheel: the shelf's next screen is announced.
    view.handle(.mouse(MouseEvent(.scrollRight, x: 5, y: 1)))
    view.handle(.mouse(MouseEvent(.scrollRight, x: 5, y: 1)))
    _ = Self.screen(view)
    #expect(layout.horizontalOffset(ofSection: 0) == 12)
    #expect(
      recorder.prefetched.contains(path(0, 8)) && !recorder.prefetched.contains(path(1, 8)),
      "shelf 0 to x 92 (item 8 starts at 89), shelf 1 to 80")
    // A click on the shelf scrolled by 12 lands on what is drawn there: x 5 is item 1 (12-22, now 0-10).
    view.allowsSelection = true
    view.handle(.mouse(MouseEvent(.press, x: 5, y: 1)))
    view.handle(.mouse(MouseEvent(.release, x: 5, y: 1)))
    #expect(view.focusedIndexPath == path(0, 1))
    #expect(view.indexPathsForSelectedItems == [path(0, 1)])
  }
}
