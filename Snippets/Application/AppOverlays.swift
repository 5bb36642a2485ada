// The stock overlays in one small app (a panel of details on Enter, a
// yes/no question, a live filter typed on the bottom line, a form), and an
// overlay of your own.
import TermGrid

// snippet.custom
/// The last five keys pressed, in a box at the top right; Esc closes it.
final class KeyEcho: Overlay {
  private var keys: [Key] = []

  func handle(_ key: Key) -> OverlayResponse {
    if key.code == .escape { return .dismiss }
    keys = Array((keys + [key]).suffix(5))
    return .handled
  }

  // The surface is the whole screen; draw only where the overlay shows.
  func draw(into surface: inout Surface, theme: Theme) {
    let width = min(30, surface.width)
    let box = CellRect(x: surface.width - width, y: 0, width: width, height: 3)
    surface.fill(box)
    surface.drawBorder(box, border: theme.overlayBorder, style: theme.overlayTitle)
    let text = keys.isEmpty ? "press keys · Esc closes" : keys.map(\.displayName).joined(separator: " ")
    surface.draw(text, x: box.x + 2, y: 1, maxWidth: box.width - 4)
  }
}
// snippet.end

final class Words: CollectionViewController {
  var words = ["apple", "apricot", "banana", "blueberry", "cherry", "damson", "fig", "grape", "kiwi", "lemon"]
  var filter = ""
  var shown: [String] = []

  init() {
    super.init(layout: FlowLayout(itemSize: Size(width: 14, height: 3)))
    apply(filter: "")
  }

  /// Narrows the view to the words starting with `text`, without an animation.
  func apply(filter text: String) {
    filter = text
    shown = words.filter { $0.lowercased().hasPrefix(text.lowercased()) }
    collectionView.reloadData()
  }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("/", title: "filter the words", action: typeFilter),
      KeyCommand("a", title: "add a word", action: addWord),
      KeyCommand("d", title: "delete the focused word", action: deleteWord),
      KeyCommand("e", title: "show the keys pressed", action: { [unowned self] in present(KeyEcho()) }),
    ]
  }

  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { shown.count }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: shown[indexPath.item], border: .rounded)
  }

  // snippet.panel
  override func collectionView(_: CollectionView, didActivateItemAt indexPath: IndexPath) {
    let word = shown[indexPath.item]
    present(
      PanelOverlay(
        title: word,
        rows: [.init("Letters", "\(word.count)"), .init("Place", "\(indexPath.item + 1) of \(shown.count)")],
        footer: "any key closes",
        onDismiss: { [unowned self] in message = "closed \(word)" }))
  }
  // snippet.end

  // snippet.prompt
  func deleteWord() {
    guard let focused = collectionView.focusedIndexPath else { return }
    let word = shown[focused.item]
    present(
      PromptOverlay.confirm("Delete \(word)?") { [unowned self] in
        words.removeAll { $0 == word }
        apply(filter: filter)
        message = "deleted \(word)"
      })
  }
  // snippet.end

  // snippet.text
  func typeFilter() {
    present(
      TextInputOverlay(
        label: " / ", text: filter,
        hint: { [unowned self] _ in "  \(shown.count) of \(words.count) · Enter keeps · Esc clears" },
        onChange: { [unowned self] text in apply(filter: text) },  // after every change
        onCancel: { [unowned self] in apply(filter: "") },  // Esc does not call onChange
        onSubmit: { [unowned self] text in message = text.isEmpty ? nil : "words starting with \(text)" }))
  }
  // snippet.end

  // snippet.form
  func addWord() {
    let fields: [FormOverlay.Field] = [.init("Word"), .init("Copies", text: "1", maxLength: 2)]
    present(
      FormOverlay(title: "Add a word", fields: fields) { [unowned self] values in
        guard !values[0].isEmpty else { throw FormOverlay.Rejection("type a word", field: 0) }
        guard let copies = Int(values[1]), copies > 0 else {
          throw FormOverlay.Rejection("copies is a number from 1 to 99", field: 1)
        }
        words += Array(repeating: values[0], count: copies)
        apply(filter: filter)
        message = "added \(values[0])"
      })
  }
  // snippet.end
}

// snippet.hide
if CommandLine.arguments.count > 1 {
  Application.run(Words())
}
