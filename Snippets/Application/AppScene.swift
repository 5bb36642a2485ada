import TermGrid
// Without the controller: a Scene of your own draws a title line and a
// CollectionView below it, routes the events, and is run by a
// TerminalRunLoop, here on a HeadlessTerminal whose screen is printed.
import TermGridTesting

// snippet.hide
final class Palette: CollectionViewDataSource {
  let names = ["red", "green", "blue", "cyan", "magenta", "yellow"]

  func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { names.count }

  func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: names[indexPath.item], border: .single)
  }
}
// snippet.show

final class ColourPicker: Scene {
  let palette = Palette()
  let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 11, height: 3)))
  private(set) var chosen: String?
  private var titleNeedsDisplay = true

  init() {
    view.dataSource = palette
    view.reloadData()
  }

  var needsDisplay: Bool { titleNeedsDisplay || view.needsDisplay }

  func willAppear(on capabilities: TerminalCapabilities) {
    view.adapt(to: capabilities)
  }

  func draw(into surface: inout Surface) {
    let bar = Style(attributes: [.reverse])
    surface.fill(CellRect(x: 0, y: 0, width: surface.width, height: 1), style: bar)
    surface.draw(" Pick a colour (Enter)", x: 0, y: 0, style: bar)
    titleNeedsDisplay = false
    // The view in the rows under the title (a new frame lays it out again).
    view.setFrame(CellRect(x: 0, y: 1, width: surface.width, height: surface.height - 1))
    view.draw(into: &surface)
  }

  func handle(_ event: InputEvent) -> EventResult {
    switch event {
    case .key(let key) where key == Key(.enter):
      chosen = view.focusedIndexPath.map { palette.names[$0.item] }
      return .quit
    case .key(let key) where key == "q":
      return .quit
    case .resize:
      titleNeedsDisplay = true
    default:
      break
    }
    view.handle(event)  // arrows, paging, Space, the mouse
    return .continue
  }
}

// snippet.hide
if CommandLine.arguments.count > 1 {
  // snippet.show
  // On the real terminal, as any scene:
  Application.run(ColourPicker())
  // snippet.hide
}
// snippet.show

// In a test, or here: a terminal of 36x8 cells, and the keys it will deliver.
let terminal = HeadlessTerminal(width: 36, height: 8)
terminal.send(keys: Key(.right), Key(.down), Key(.enter))
let picker = ColourPicker()
try TerminalRunLoop(terminal: terminal, scene: picker).run()
print(terminal.text)
print("chosen:", picker.chosen ?? "nothing")
