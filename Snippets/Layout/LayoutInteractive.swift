// An interactive layout transition driven by keys and by a mouse drag,
// and a background behind the items.
import TermGrid

final class Cards: CollectionViewController {
  // snippet.hide
  let names = (1...40).map { "Card \($0)" }
  let grid = FlowLayout(itemSize: Size(width: 12, height: 3), minimumInteritemSpacing: 1)
  let list = FlowLayout(itemSize: Size(width: 40, height: 3))

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int { names.count }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: names[indexPath.item], border: .rounded)
  }

  // snippet.show
  // snippet.background
  init() {
    // snippet.hide
    super.init(layout: FlowLayout(itemSize: Size(width: 12, height: 3), minimumInteritemSpacing: 1))
    collectionView.setLayout(grid, animated: false)
    // snippet.show
    // Dots in the gaps and below the last card, fixed while the cards scroll over them.
    collectionView.backgroundView = .filled(with: "·", style: Style(foreground: .brightBlack))
  }
  // snippet.end

  // snippet.keys
  // t holds the change to the other layout; then the view's keys drive it:
  // arrows step the progress, Home and End go to either end, Enter finishes
  // and Esc cancels.
  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("t", title: "change the layout step by step") { [unowned self] in
        guard !collectionView.isInteractiveTransitionInProgress else { return }
        collectionView.startInteractiveTransition(to: otherLayout()) { completed, _ in
          self.message = completed ? "changed" : "put back"
        }
      }
    ]
  }

  func otherLayout() -> FlowLayout { collectionView.collectionViewLayout === grid ? list : grid }
  // snippet.end

  // snippet.drag
  // A drag sideways changes the layout as it goes: released past half way it stays.
  var drag = InteractiveTransitionDrag(axis: .horizontal, distance: 20)

  override func handle(_ event: InputEvent) throws -> EventResult {
    if case .mouse(let m) = event, overlays.isEmpty,
      drag.handle(m, in: collectionView, layout: { [unowned self] _ in otherLayout() })
    {
      return .continue
    }
    return try super.handle(event)
  }
  // snippet.end
}
