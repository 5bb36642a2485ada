import CursesTerminal
import GridLayout
import GridPlatform
import GridRender
import GridTerminal
import SuiteSupport
import TermGrid

// A frame as a key makes it: a 200x60 view of 10,000 titled cards, the focus
// moved one card (Right, then Left on the next iteration, so every other
// iteration is the same), drawn into the surface, diffed against the screen
// (`Screen.update`) and encoded as xterm-256color's control sequences by a
// `StreamTerminal` writing to /dev/null. And a page: PgDn then PgUp, the
// whole screen redrawn each time.

/// Cards with titles in several scripts.
final class Cards: CollectionViewDataSource {
  let titles = ["Pride and Prejudice", "源氏物語", "Cien años de soledad", "紅樓夢", "Middlemarch", "吾輩は猫である"]
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10_000 }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: titles[indexPath.item % titles.count], titleLineLimit: 2, detail: "1813", border: .rounded)
  }
}

/// The view, the surface, the screen and the terminal a frame goes through.
final class FrameRig {
  let cards = Cards()
  let view = CollectionView(
    layout: FlowLayout(itemSize: Size(width: 24, height: 5), minimumInteritemSpacing: 1, minimumLineSpacing: 0))
  var surface = Surface(width: 200, height: 60)
  var screen = Screen()
  let terminal: StreamTerminal
  let input: [Int32]
  let output: Int32
  var step = 0

  init() throws {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw FrameRigError.cannotOpen("a pipe") }
    input = fds
    output = open("/dev/null", O_WRONLY)
    guard output >= 0 else { throw FrameRigError.cannotOpen("/dev/null") }
    terminal = try StreamTerminal(
      input: fds[0], output: output, term: "xterm-256color", width: 200, height: 60,
      environment: ["LANG": "C.UTF-8", "COLORTERM": "truecolor"], mouse: false, probesPictures: false)
    view.dataSource = cards
    view.drawsIncrementally = true
    // No scrolling animation on the real clock: every frame is the move's
    // last, so that each iteration does the same work whatever the time.
    view.animationDuration = 0
    view.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
    view.reloadData()
    view.focusItem(at: IndexPath(item: 4_000, section: 0))
    try present()
  }

  deinit {
    terminal.restore()
    close(output)
    for fd in input { close(fd) }
  }

  /// A rig, or the benchmark stops (no pipe, no /dev/null, no xterm-256color).
  static func make() -> FrameRig {
    do { return try FrameRig() } catch { preconditionFailure("the frame's terminal: \(error)") }
  }

  /// Draws the view and writes the frame's difference.
  func present() throws {
    view.draw(into: &surface)
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    surface.markPresented()
  }

  /// One key, `forward` on even steps and `back` on odd ones, and its frame.
  func key(_ forward: FocusDirection, _ back: FocusDirection) throws {
    precondition(view.moveFocus(step % 2 == 0 ? forward : back))
    step += 1
    try present()
  }
}

/// What the rig could not open.
enum FrameRigError: Error {
  case cannotOpen(String)
}

func registerFrameBenchmarks() {
  measure("frame: focus Right/Left, draw + diff + encode 200x60", iterations: 100, setup: FrameRig.make()) { rig in
    try rig.key(.right, .left)
  }
  measure("frame: page down/up, draw + diff + encode 200x60", iterations: 50, setup: FrameRig.make()) { rig in
    precondition(rig.view.handle(.key(Key(rig.step % 2 == 0 ? .pageDown : .pageUp))))
    rig.step += 1
    try rig.present()
  }
}
