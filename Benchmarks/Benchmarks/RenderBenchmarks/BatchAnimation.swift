import GridLayout
import GridRender
import GridTerminal
import SuiteSupport
import TermGrid
import TermGridTesting

// A batch update with animation: 100 cards of 18x5 on 200x60; the first is
// deleted (99 slide one place, one fades), then put back (all slide back),
// each animated to its end at 60 frames a second on a manual clock, every
// frame drawn, diffed against the screen and turned into a frame update.
// One iteration is both animations, so each starts from the same state.

/// The cards' ids (the data the batch changes).
final class MovingCards: CollectionViewDataSource {
  var ids = Array(1...100)
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: "Card \(ids[indexPath.item]) 紅樓夢", titleLineLimit: 2, detail: "1791", border: .rounded)
  }
}

/// The view, its clock and data, and what each frame is drawn into.
final class AnimationRig {
  let cards = MovingCards()
  let clock = ManualAnimationClock()
  let view: CollectionView
  var surface = Surface(width: 200, height: 60)
  var screen = Screen()
  var frames = 0

  init() {
    let layout = FlowLayout(itemSize: Size(width: 18, height: 5), minimumInteritemSpacing: 1, minimumLineSpacing: 0)
    layout.lineAlignment = .leading
    view = CollectionView(layout: layout)
    view.clock = clock
    view.dataSource = cards
    view.rasterizer.blend.colors = .indexed256
    view.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
    view.reloadData()
    frame()
  }

  /// Draws and diffs one frame.
  func frame() {
    view.draw(into: &surface)
    let update = screen.update(to: surface, scrollsRegions: true)
    precondition(update.width == 200)
    surface.markPresented()
    frames += 1
  }

  /// Steps the animation to its end, a frame each 1/60 s.
  func animate() {
    while view.isAnimating {
      clock.advance(by: 1.0 / 60)
      frame()
    }
  }
}

func registerBatchAnimationBenchmarks() {
  measure(
    "batch update animated: delete then reinsert 1 of 100 cards, every frame drawn and diffed", iterations: 10,
    setup: AnimationRig()
  ) { rig in
    let first = rig.cards.ids[0]
    try rig.view.performBatchUpdates {
      rig.cards.ids.removeFirst()
      try rig.view.deleteItems(at: [IndexPath(item: 0, section: 0)])
    }
    rig.animate()
    try rig.view.performBatchUpdates {
      rig.cards.ids.insert(first, at: 0)
      try rig.view.insertItems(at: [IndexPath(item: 0, section: 0)])
    }
    rig.animate()
  }
}
