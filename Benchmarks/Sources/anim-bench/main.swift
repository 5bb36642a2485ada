import CursesTerminal
import Foundation
import GridLayout
import GridRender
import TermGrid
import TermGridTesting

typealias IndexPath = GridLayout.IndexPath

// The cost of animation frames with 100 moving cards on a 200x60 surface:
// time to draw one frame (transition interpolation, content, rasterize, alpha)
// and bytes written to the terminal per frame (ncurses on a file, TERM
// xterm-256color, 256-colour alpha blending). Two animations: deleting the
// first card (99 slide one place, one fades) and a layout change (all 100
// move and resize). Frames are stepped at 60 a second with a manual clock.

final class Cards: CollectionViewDataSource {
  var ids = Array(1...100)
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: "Card \(ids[indexPath.item]) 紅樓夢", titleLineLimit: 2, detail: "1791", border: .rounded)
  }
}

func layout(_ width: Double, _ height: Double) -> FlowLayout {
  let l = FlowLayout(itemSize: Size(width: width, height: height), minimumInteritemSpacing: 1, minimumLineSpacing: 0)
  l.lineAlignment = .leading
  return l
}

setenv("LINES", "60", 1)
setenv("COLUMNS", "200", 1)
let outPath = NSTemporaryDirectory() + "anim-bench-\(getpid()).out"
_ = FileManager.default.createFile(atPath: outPath, contents: nil)
let out = open(outPath, O_WRONLY | O_TRUNC)
var pipeFDs: [Int32] = [0, 0]
pipe(&pipeFDs)
let terminal = try CursesTerminal(term: "xterm-256color", inputDescriptor: pipeFDs[0], outputDescriptor: out, mouse: false)
defer {
  terminal.restore()
  unlink(outPath)
}

@MainActor func fileSize() -> Int {
  (try? FileManager.default.attributesOfItem(atPath: outPath)[.size] as? Int) ?? 0
}

@MainActor func run(_ name: String, _ change: (CollectionView, Cards) throws -> Void) throws {
  let cards = Cards()
  let view = CollectionView(layout: layout(18, 5))
  let clock = ManualAnimationClock()
  view.clock = clock
  view.dataSource = cards
  view.rasterizer.blend.colors = .indexed256
  view.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
  view.reloadData()
  var surface = Surface(width: 200, height: 60)
  var screen = Screen()
  view.draw(into: &surface)
  try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
  surface.markPresented()
  try change(view, cards)
  var frameTimes: [Double] = []
  var frameBytes: [Int] = []
  while view.isAnimating {
    clock.advance(by: 1.0 / 60)
    let start = ContinuousClock.now
    view.draw(into: &surface)
    let d = ContinuousClock.now - start
    frameTimes.append(Double(d.components.attoseconds) / 1e12 + Double(d.components.seconds) * 1e6)
    let before = fileSize()
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    surface.markPresented()
    frameBytes.append(fileSize() - before)
  }
  let sorted = frameTimes.sorted()
  let mean = frameTimes.reduce(0, +) / Double(frameTimes.count)
  let bytes = frameBytes.reduce(0, +)
  print(
    "\(name): \(frameTimes.count) frames; draw per frame mean \(Int(mean)) µs, median \(Int(sorted[sorted.count / 2])) µs, "
      + "max \(Int(sorted.last!)) µs; bytes per frame mean \(bytes / max(1, frameBytes.count)), max \(frameBytes.max() ?? 0), "
      + "\(bytes) in all")
}

for round in 1...3 {
  print("round \(round)")
  try run("delete the first of 100 cards (99 move)") { view, cards in
    try view.performBatchUpdates {
      cards.ids.removeFirst()
      try view.deleteItems(at: [IndexPath(item: 0, section: 0)])
    }
  }
  try run("layout change 18x5 -> 24x4 (100 move)") { view, _ in
    view.setLayout(layout(24, 4), animated: true)
  }
}
