import GridLayout
import GridRender
import TermGrid

/// The circle demo: numbered cards on a ring. Enter or d deletes the
/// focused card, a click deletes the clicked one, i inserts a card at
/// position 0, as the seed's tap handler does; q quits.
final class CircleScene: Scene, CollectionViewDataSource {
  let collectionView = CollectionView(layout: CircleLayout())
  /// The cards' numbers, in ring order.
  private(set) var cards: [Int]
  private var nextNumber: Int
  private var dirty = true
  private(set) var message = ""
  /// The card under the last mouse press, deleted if the release is on it too.
  private var pressedPath: IndexPath?

  init(count: Int) {
    cards = Array(1...max(1, count))
    nextNumber = cards.count + 1
    collectionView.dataSource = self
    collectionView.showsScrollIndicator = false
    collectionView.allowsSelection = false
    collectionView.animationDuration = 0.4
    collectionView.animationCurve = .easeInOut
    collectionView.reloadData()
  }

  var needsDisplay: Bool { dirty || collectionView.needsDisplay }
  var isAnimating: Bool { collectionView.isAnimating }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { cards.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellContent {
    let n = cards[indexPath.item]
    let palette: [Color] = [.red, .green, .yellow, .blue, .magenta, .cyan]
    return CellContent(
      title: "\(n)", border: .rounded, alignment: .center,
      style: Style(foreground: palette[n % palette.count]), titleAttributes: [.bold], padding: 0)
  }

  /// Deletes the card at `indexPath`, animated: it shrinks into the centre.
  func deleteCard(at indexPath: IndexPath) {
    guard indexPath.item < cards.count else { return }
    let removed = cards[indexPath.item]
    do {
      try collectionView.performBatchUpdates {
        cards.remove(at: indexPath.item)
        try collectionView.deleteItems(at: [indexPath])
      }
      message = "deleted \(removed)"
    } catch {
      cards.insert(removed, at: indexPath.item)  // the batch was refused: keep the data as the view has it
      message = "\(error)"
    }
    dirty = true
  }

  /// Inserts a new card at position 0, animated: it grows out of the centre.
  func insertCard() {
    do {
      try collectionView.performBatchUpdates {
        cards.insert(nextNumber, at: 0)
        try collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
      }
      message = "inserted \(nextNumber)"
      nextNumber += 1
    } catch {
      cards.removeFirst()
      message = "\(error)"
    }
    dirty = true
  }

  func handle(_ event: InputEvent) -> EventResult {
    switch event {
    case .key(let key):
      if key == .char("q") || key.code == .escape { return .quit }
      if key == .char("i") || key.code == .insert {
        insertCard()
      } else if key == .char("d") || key.code == .enter || key.code == .delete {
        if let f = collectionView.focusedIndexPath { deleteCard(at: f) }
      } else {
        collectionView.handle(event)
      }
    case .mouse(let m) where m.kind == .press:
      pressedPath = collectionView.indexPathForItem(atSurfaceX: m.x, y: m.y)
    case .mouse(let m) where m.kind == .release || m.kind == .click:
      // A click is a press and a release on the same card.
      let path = collectionView.indexPathForItem(atSurfaceX: m.x, y: m.y)
      if let path, m.kind == .click || path == pressedPath { deleteCard(at: path) }
      pressedPath = nil
    case .resize:
      dirty = true
    default:
      collectionView.handle(event)
    }
    return .continue
  }

  func draw(into surface: inout Surface) {
    dirty = false
    let w = surface.width
    let h = surface.height
    let bar = h >= 3
    collectionView.setFrame(CellRect(x: 0, y: 0, width: w, height: bar ? h - 1 : h))
    collectionView.draw(into: &surface)
    guard bar else { return }
    let left = " \(cards.count) card\(cards.count == 1 ? "" : "s")\(message.isEmpty ? "" : " · \(message)")"
    surface.drawStatusLine(left, right: " Enter/d/click delete  i insert  q quit ", y: h - 1, minimumLeft: 16)
  }
}
