// text-entry: the library's text fields on their own, in a small app.
// `/` types a note on the bottom line (TextInputOverlay, with the count of
// characters typed as its hint); `a` opens a form (FormOverlay) for a name
// and a city; each note or person becomes a card. The tests type
// characters that join the one before them into both, in tmux.
import TermGrid

final class Notes: CollectionViewController {
  var notes: [String] = ["Type / for a note", "a for a person"]

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("/", title: "type a note", action: typeNote),
      KeyCommand("a", title: "add a person (name, city)", action: addPerson),
    ]
  }

  /// The characters typed, as a reader counts them (grapheme clusters).
  static func count(_ text: String) -> String { text.count == 1 ? " 1 character" : " \(text.count) characters" }

  func typeNote() {
    present(TextInputOverlay(label: " Note: ", hint: Self.count) { [unowned self] text in try add(text) })
  }

  func addPerson() {
    present(
      FormOverlay(title: "Add a person", fields: [.init("Name"), .init("City")]) { [unowned self] values in
        guard !values[0].isEmpty else { throw FormOverlay.Rejection("a person needs a name", field: 0) }
        try add(values[1].isEmpty ? values[0] : "\(values[0]) · \(values[1])")
      })
  }

  func add(_ text: String) throws {
    guard !text.isEmpty else { return }
    try collectionView.insertItems(at: [IndexPath(item: notes.count, section: 0)]) { notes.append(text) }
    collectionView.focusItem(at: IndexPath(item: notes.count - 1, section: 0))
    message = "added: \(text)" + Self.count(text)
  }

  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { notes.count }
  override func collectionView(_: CollectionView, cellForItemAt p: IndexPath) -> ElementContent {
    ElementContent(title: notes[p.item], border: .rounded)
  }
}

Application.run(Notes(layout: FlowLayout(itemSize: Size(width: 24, height: 3))))
