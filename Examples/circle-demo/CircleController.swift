import TermGrid

/// The circle demo: numbered cards on a ring. Enter or d deletes the
/// focused card, a click deletes the clicked one, i inserts a card at
/// position 0, as the seed's tap handler does; q or Esc quits.
final class CircleController: CollectionViewController {
  /// The cards' numbers, in ring order.
  private(set) var cards: [Int]
  private var nextNumber: Int
  /// The card under the last mouse press, deleted if the release is on it too.
  private var pressedPath: IndexPath?

  init(count: Int) {
    cards = Array(1...max(1, count))
    nextNumber = cards.count + 1
    super.init(layout: CircleLayout())
    collectionView.showsScrollIndicator = false
    collectionView.allowsSelection = false
    collectionView.animationDuration = 0.4
    collectionView.animationCurve = .easeInOut
    quitKeys = ["q", Key(.escape)]
  }

  override var statusText: String { "\(cards.count) card\(cards.count == 1 ? "" : "s")" }
  override var statusHints: [StatusHint] { ["Enter/d/click delete", "i insert", "? help", "q quit"] }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("i", Key(.insert), title: "insert a card at the start", action: insertCard),
      KeyCommand("d", Key(.enter), Key(.delete), title: "delete the focused card", action: deleteFocusedCard),
    ]
  }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    cards.count
  }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    let n = cards[indexPath.item]
    let palette: [Color] = [.red, .green, .yellow, .blue, .magenta, .cyan]
    return ElementContent(
      title: "\(n)", border: .rounded, alignment: .center, verticalAlignment: .center,
      style: Style(foreground: palette[n % palette.count]), titleAttributes: [.bold], padding: 0)
  }

  /// Deletes the card at `indexPath`, animated: it shrinks into the centre.
  func deleteCard(at indexPath: IndexPath) throws {
    guard indexPath.item < cards.count else { return }
    let removed = cards[indexPath.item]
    try collectionView.deleteItems(at: [indexPath]) { cards.remove(at: indexPath.item) }
    message = "deleted \(removed)"
  }

  /// Deletes the focused card, if any.
  func deleteFocusedCard() throws {
    if let f = collectionView.focusedIndexPath { try deleteCard(at: f) }
  }

  /// Inserts a new card at position 0, animated: it grows out of the centre.
  func insertCard() throws {
    try collectionView.insertItems(at: [IndexPath(item: 0, section: 0)]) { cards.insert(nextNumber, at: 0) }
    message = "inserted \(nextNumber)"
    nextNumber += 1
  }

  /// A click (a press and a release on the same card) deletes it.
  override func handle(_ event: InputEvent) throws -> EventResult {
    guard case .mouse(let m) = event, overlays.isEmpty else { return try super.handle(event) }
    switch m.kind {
    case .press:
      pressedPath = collectionView.indexPathForItem(atSurfaceX: m.x, y: m.y)
    case .release, .click:
      let path = collectionView.indexPathForItem(atSurfaceX: m.x, y: m.y)
      if let path, m.kind == .click || path == pressedPath { try deleteCard(at: path) }
      pressedPath = nil
    default:
      return try super.handle(event)
    }
    return .continue
  }
}
