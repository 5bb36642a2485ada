import GridPlatform
import TermGrid
import TermGridTesting

// What the application layer costs per key: the same 10,000 boxes of
// grid-bench on a 200x60 headless terminal, driven by the 226 keys of the
// terminal benchmark (`right*100 down*100 pgdn*25 end`, one at a time, a
// frame each), once as a bare Scene around a CollectionView (what apps
// wrote before) and once as a CollectionViewController. Rounds alternate;
// the figure is the time per key (handle, draw into the surface, the
// headless diff), best and median of the rounds.

/// The boxes, the same in both.
final class Boxes: CollectionViewDataSource {
  let count = 10_000
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: " Book \(indexPath.item + 1) ", border: .single, padding: 0)
  }
}

func configure(_ view: CollectionView) {
  let layout = FlowLayout(itemSize: Size(width: 14, height: 3), minimumInteritemSpacing: 1, minimumLineSpacing: 0)
  layout.lineAlignment = .leading
  view.collectionViewLayout = layout
  view.showsScrollIndicator = false
  view.drawsIncrementally = true
  view.keyBindings[Key(.right)] = .focusNextItem
  view.keyBindings[Key(.left)] = .focusPreviousItem
}

/// A scene as apps wrote them before the controller.
final class BareScene: Scene {
  let view = CollectionView(layout: FlowLayout())
  let boxes = Boxes()
  init() {
    configure(view)
    view.dataSource = boxes
    view.reloadData()
  }
  var needsDisplay: Bool { view.needsDisplay }
  func draw(into surface: inout Surface) {
    view.setFrame(surface.bounds)
    view.draw(into: &surface)
  }
  func handle(_ event: InputEvent) -> EventResult {
    if case .key(let k) = event, k == "q" { return .quit }
    view.handle(event)
    return .continue
  }
}

/// The same on the controller.
final class Controller: CollectionViewController {
  let boxes = Boxes()
  init() {
    super.init(layout: FlowLayout())
    configure(collectionView)
    showsStatusLine = false
  }
  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    boxes.count
  }
  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    boxes.collectionView(collectionView, cellForItemAt: indexPath)
  }
}

/// Keys written as the terminal benchmark writes them: `right*100 down*100 pgdn*25 end`.
func parseKeys(_ script: String) -> [Key] {
  let names: [String: Key] = [
    "right": Key(.right), "left": Key(.left), "up": Key(.up), "down": Key(.down), "pgdn": Key(.pageDown),
    "pgup": Key(.pageUp), "home": Key(.home), "end": Key(.end),
  ]
  return script.split(separator: " ").flatMap { word -> [Key] in
    let parts = word.split(separator: "*")
    guard let key = names[String(parts[0])] else { fatalError("unknown key \(parts[0])") }
    return Array(repeating: key, count: parts.count > 1 ? Int(parts[1]) ?? 1 : 1)
  }
}

let keys = parseKeys(CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "right*100 down*100 pgdn*25 end")

/// Nanoseconds per key for one run of the script.
func run(_ scene: any Scene) throws -> Double {
  let terminal = HeadlessTerminal(width: 200, height: 60)
  let loop = TerminalRunLoop(terminal: terminal, scene: scene)
  try loop.run(untilIdle: true)
  let clock = ContinuousClock()
  let elapsed = try clock.measure {
    for key in keys {
      terminal.send(keys: key)
      try loop.run(untilIdle: true)
    }
  }
  let c = elapsed.components
  return (Double(c.seconds) * 1e9 + Double(c.attoseconds) / 1e9) / Double(keys.count)
}

if let only = CommandLine.arguments.dropFirst().first {
  // One run of one of them (for a profiler): `layer-bench bare` or
  // `layer-bench controller`, and optionally the keys: `layer-bench controller 'right*100'`.
  print(only == "bare" ? try run(BareScene()) : try run(Controller()))
  exit(0)
}
var bare: [Double] = []
var controller: [Double] = []
for _ in 0..<15 {
  bare.append(try run(BareScene()))
  controller.append(try run(Controller()))
}
func report(_ name: String, _ v: [Double]) {
  let s = v.sorted()
  print("\(name): best \(Int(s[0] / 1000)) µs, median \(Int(s[s.count / 2] / 1000)) µs per key")
}
report("bare scene             ", bare)
report("CollectionViewController", controller)
