import GridPlatform
import TermGrid

/// Draws exactly what Benchmarks/reference/grid_ncurses.c (a copy of ../shared/bench/grid_ncurses.c) draws, with TermGrid: N
/// boxes of 14x3 cells titled " Book 00001 ", one column apart, in a flow
/// grid; the focused box in reverse video; arrows (Right/Left step through
/// items in order, as the C program does), PgUp/PgDn, Home/End; q quits.
/// Usage: `grid-bench [-n N]` (default 10,000). The command line is parsed by
/// hand: the benchmark measures the first frame from process start, and an
/// argument-parsing library's reflection would be counted in it.
@main
enum GridBench {
  static func main() {
    var n = 10_000
    var args = CommandLine.arguments.dropFirst()
    while let a = args.popFirst() {
      if a == "-n", let v = args.popFirst(), let value = Int(v), value >= 0 {
        n = value
      } else if a.hasPrefix("-n"), let value = Int(a.dropFirst(2)), value >= 0 {
        n = value
      } else {
        print(
          "usage: grid-bench [-n N]\n\nN titled boxes in a flow grid, as Benchmarks/reference/grid_ncurses.c (a copy of ../shared/bench/grid_ncurses.c) draws them."
        )
        exit(a == "-h" || a == "--help" ? 0 : 2)
      }
    }
    Application.run(Boxes(count: n), terminal: { try CursesTerminal(mouse: false, interruptKey: true) })
  }
}

/// The boxes, full screen (no status line), Right/Left in item order.
final class Boxes: CollectionViewController {
  let count: Int

  init(count: Int) {
    self.count = count
    let layout = FlowLayout(itemSize: Size(width: 14, height: 3), minimumInteritemSpacing: 1, minimumLineSpacing: 0)
    layout.lineAlignment = .leading
    super.init(layout: layout)
    showsStatusLine = false
    collectionView.showsScrollIndicator = false
    collectionView.keyBindings[Key(.right)] = .focusNextItem
    collectionView.keyBindings[Key(.left)] = .focusPreviousItem
  }

  /// PgDn and PgUp as the C program has them: the focus moves by a
  /// screenful of boxes (clamped to the first and last), and the view
  /// scrolls the least that shows it. (Made once: the controller asks for
  /// them on every key.)
  override var keyCommands: [KeyCommand] { commands }
  private lazy var commands = [
    KeyCommand(Key(.pageDown), title: "a screenful of boxes on") { [unowned self] in page(by: 1) },
    KeyCommand(Key(.pageUp), title: "a screenful of boxes back") { [unowned self] in page(by: -1) },
  ]

  func page(by direction: Int) {
    let columns = max(1, collectionView.frame.width / 15)
    let rows = max(1, collectionView.frame.height / 3)
    let focus = collectionView.focusedIndexPath?.item ?? 0
    let target = min(max(0, focus + direction * columns * rows), count - 1)
    if target >= 0 { collectionView.focusItem(at: IndexPath(item: target, section: 0)) }
  }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: title(indexPath.item + 1), border: .single, padding: 0)
  }

  /// " Book 00001 " (or " Item0000001" past 99,999), as the C program
  /// prints it (written into the string's own bytes: a short string needs
  /// no allocation).
  func title(_ number: Int) -> String {
    let wide = count > 99_999
    var digits = 1
    var rest = number / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    digits = max(digits, wide ? 7 : 5)
    return String(unsafeUninitializedCapacity: digits + 7) { buffer in
      var i = 0
      for b in (wide ? " Item" : " Book ").utf8 {
        buffer[i] = b
        i += 1
      }
      var n = max(0, number)
      for k in stride(from: digits - 1, through: 0, by: -1) {
        buffer[i + k] = UInt8(ascii: "0") + UInt8(n % 10)
        n /= 10
      }
      i += digits
      if !wide {
        buffer[i] = UInt8(ascii: " ")
        i += 1
      }
      return i
    }
  }
}
