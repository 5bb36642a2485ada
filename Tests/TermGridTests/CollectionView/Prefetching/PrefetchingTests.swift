import GridLayout
import GridRender
import GridTerminal
import Testing

@testable import TermGrid

/// The prefetch data source is told of the items one screen ahead of the
/// scrolling, and of those no longer ahead when the scrolling turns back.
@Suite struct PrefetchingTests {
  final class Recorder: CollectionViewDataSourcePrefetching {
    var prefetched: [[IndexPath]] = []
    var cancelled: [[IndexPath]] = []
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
      prefetched.append(indexPaths)
    }
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
      cancelled.append(indexPaths)
    }
  }

  /// By brute force over every item: those whose frames meet `rect` and not `visible`.
  static func items(in rect: Rect, notIn visible: Rect, of view: CollectionView) -> Set<IndexPath> {
    var found: Set<IndexPath> = []
    for s in 0..<view.numberOfSections {
      for i in 0..<view.numberOfItems(inSection: s) {
        let p = IndexPath(item: i, section: s)
        guard let f = view.collectionViewLayout.layoutAttributesForItem(at: p)?.frame else { continue }
        if f.intersects(rect) && !f.intersects(visible) { found.insert(p) }
      }
    }
    return found
  }

  static func screen(at y: Double, _ view: CollectionView) -> Rect {
    Rect(x: 0, y: y, width: Double(view.viewport.width), height: Double(view.viewport.height))
  }

  @Test func scrollingDownAnnouncesTheNextScreenAndTurningBackCancelsIt() {
    let (view, _) = makeGrid([300], width: 80, height: 24)
    let recorder = Recorder()
    view.prefetchDataSource = recorder
    var surface = Surface(width: 80, height: 24)
    view.draw(into: &surface)
    // The first frame: the screen below, nearest first.
    let below = Self.items(in: Self.screen(at: 24, view), notIn: Self.screen(at: 0, view), of: view)
    #expect(!below.isEmpty)
    #expect(recorder.prefetched.count == 1 && Set(recorder.prefetched[0]) == below)
    #expect(recorder.prefetched[0] == recorder.prefetched[0].sorted(), "nearest (topmost) first")
    #expect(recorder.cancelled.isEmpty)

    // A frame that does not scroll asks nothing.
    _ = view.moveFocus(.right)
    view.draw(into: &surface)
    #expect(recorder.prefetched.count == 1)

    // Down one screen, then another: what comes below each time; nothing cancelled (it came into view).
    view.setContentOffset(Point(x: 0, y: 24))
    view.draw(into: &surface)
    view.setContentOffset(Point(x: 0, y: 48))
    view.draw(into: &surface)
    #expect(recorder.prefetched.count == 3)
    #expect(Set(recorder.prefetched[2]) == Self.items(in: Self.screen(at: 72, view), notIn: Self.screen(at: 48, view), of: view))
    #expect(recorder.cancelled.isEmpty)
    let lastBelow = Set(recorder.prefetched[2])

    // Up: what is above is announced (nearest, the lowest, first), what was below is cancelled.
    view.setContentOffset(Point(x: 0, y: 24))
    view.draw(into: &surface)
    let above = Self.items(in: Self.screen(at: 0, view), notIn: Self.screen(at: 24, view), of: view)
    #expect(Set(recorder.prefetched.last!) == above)
    #expect(recorder.prefetched.last! == recorder.prefetched.last!.sorted(by: >))
    let cancelled = Set(recorder.cancelled.flatMap { $0 })
    #expect(cancelled == lastBelow.subtracting(Self.items(in: Self.screen(at: 24, view), notIn: .zero, of: view)))
    #expect(!cancelled.isEmpty)
  }

  @Test func aSidewaysLayoutLooksSideways() {
    let layout = FlowLayout(itemSize: Size(width: 10, height: 3), minimumInteritemSpacing: 0)
    layout.scrollDirection = .horizontal
    let view = CollectionView(layout: layout)
    let data = NumberedItems([200])
    view.dataSource = data
    view.showsScrollIndicator = false
    view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 12))
    view.reloadData()
    let recorder = Recorder()
    view.prefetchDataSource = recorder
    var surface = Surface(width: 40, height: 12)
    view.draw(into: &surface)
    let right = Rect(x: 40, y: 0, width: 40, height: 12)
    #expect(Set(recorder.prefetched.first ?? []) == Self.items(in: right, notIn: Rect(x: 0, y: 0, width: 40, height: 12), of: view))
    #expect(!(recorder.prefetched.first ?? []).isEmpty)
  }

  @Test func reloadingAnnouncesAgainAndDisablingStops() {
    let (view, data) = makeGrid([100], width: 80, height: 24)
    let recorder = Recorder()
    view.prefetchDataSource = recorder
    var surface = Surface(width: 80, height: 24)
    view.draw(into: &surface)
    data.counts = [90]
    view.reloadData()
    view.draw(into: &surface)
    #expect(recorder.prefetched.count == 2 && recorder.prefetched[0] == recorder.prefetched[1])
    view.isPrefetchingEnabled = false
    view.setContentOffset(Point(x: 0, y: 24))
    view.draw(into: &surface)
    #expect(recorder.prefetched.count == 2)
  }

  @Test func switchingToPixelsAnnouncesTheItemsAheadAgain() {
    let (view, _) = makeGrid([100], width: 80, height: 24)
    let recorder = Recorder()
    view.prefetchDataSource = recorder
    var surface = Surface(width: 80, height: 24)
    view.adapt(to: TerminalCapabilities(colors: .trueColor))
    view.draw(into: &surface)
    view.draw(into: &surface)
    #expect(recorder.prefetched.count == 1)
    // The terminal's answers: sixel, with its cell size. The same items, to be made in pixels.
    view.adapt(to: TerminalCapabilities(colors: .trueColor, pictures: .sixel, cellPixelSize: PixelSize(width: 9, height: 18)))
    view.draw(into: &surface)
    #expect(recorder.prefetched.count == 2 && recorder.prefetched[1] == recorder.prefetched[0])
    // Told the same again: nothing new.
    view.adapt(to: TerminalCapabilities(colors: .trueColor, pictures: .sixel, cellPixelSize: PixelSize(width: 9, height: 18)))
    view.draw(into: &surface)
    #expect(recorder.prefetched.count == 2)
  }
}

/// A picture that arrives later redraws its item alone; the focus and the scroll stay.
@Suite struct BackgroundPictureTests {
  final class Gate: PictureSource {
    var ready = false
    func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? {
      ready ? Picture(width: width, height: height, color: .red) : nil
    }
  }

  final class Work: BackgroundWork {
    var finished: [ObjectIdentifier] = []
    var hasPendingResults: Bool { !finished.isEmpty }
    func takeFinishedSources() -> [ObjectIdentifier] {
      defer { finished = [] }
      return finished
    }
  }

  final class Covers: CollectionViewDataSource {
    let gate = Gate()
    var requests: [IndexPath] = []
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 200 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      requests.append(indexPath)
      let picture = indexPath.item == 7 ? CellPicture(gate) : CellPicture(FixedPicture(Picture(width: 2, height: 1, color: .blue)))
      return ElementContent(title: "Book \(indexPath.item)", border: .single, picture: picture)
    }
  }

  @Test func aFinishedPictureRedrawsOnlyItsItem() {
    let layout = FlowLayout(itemSize: Size(width: 14, height: 6), minimumInteritemSpacing: 1)
    let view = CollectionView(layout: layout)
    let data = Covers()
    let work = Work()
    view.dataSource = data
    view.backgroundWork = [work]
    view.drawsIncrementally = true
    view.setFrame(CellRect(x: 0, y: 0, width: 80, height: 24))
    view.reloadData()
    var surface = Surface(width: 80, height: 24)
    _ = view.moveFocus(.down)
    _ = view.moveFocus(.down)
    _ = view.moveFocus(.down)
    view.draw(into: &surface)
    let focus = view.focusedIndexPath
    let offset = view.contentOffset
    guard let frame = view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 7, section: 0))?.frame else {
      Issue.record("no frame")
      return
    }
    let (x, y) = (Int(frame.minX) + 3, Int(frame.minY - offset.y) + 2)
    #expect(surface[x, y].style.background == CellPicture.placeholderColor(for: "Book 7"), "the placeholder first")
    #expect(!view.needsDisplay)

    // Nothing finished: nothing to draw.
    #expect(!view.takeBackgroundResults())
    data.gate.ready = true
    work.finished = [ObjectIdentifier(data.gate)]
    data.requests = []
    #expect(view.takeBackgroundResults())
    view.draw(into: &surface)
    #expect(data.requests == [IndexPath(item: 7, section: 0)], "only the item that waited is asked for again")
    #expect(surface[x, y].style.background == .red)
    #expect(view.focusedIndexPath == focus && view.contentOffset == offset)
  }
}
