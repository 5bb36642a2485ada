// A playlist in two sides: the delegate refuses to select or move the
// locked tracks, names the focused track in the status line, and keeps a
// moved track on its own side; the data source moves it in the model.
import TermGrid

// snippet.hide
struct Track {
  var title: String
  var isLocked = false
}
// snippet.show

final class Playlist: CollectionViewController {
  var sides: [[Track]] = [
    [Track(title: "Overture", isLocked: true), Track(title: "Blue Hour"), Track(title: "Salt"), Track(title: "Tides")],
    [Track(title: "Lanterns"), Track(title: "Static"), Track(title: "Paper Moon"), Track(title: "Coda", isLocked: true)],
  ]

  init() {
    super.init(layout: FlowLayout(itemSize: Size(width: 16, height: 3), headerHeight: 1))
    collectionView.allowsSelection = true  // the default: Space and clicks select
    collectionView.allowsMultipleSelection = true  // the default: Shift-arrows select a range
  }

  func track(at indexPath: IndexPath) -> Track { sides[indexPath.section][indexPath.item] }

  // snippet.hide
  override func numberOfSections(in _: CollectionView) -> Int { sides.count }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int { sides[section].count }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    let item = track(at: indexPath)
    return ElementContent(title: item.isLocked ? "\(item.title) (locked)" : item.title, border: .rounded)
  }

  override func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    kind == .header ? .header(indexPath.section == 0 ? "Side A" : "Side B") : .empty
  }
  // snippet.show

  // snippet.selection
  override func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    !track(at: indexPath).isLocked
  }

  override func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    message = "\(collectionView.indexPathsForSelectedItems.count) selected"
  }

  override func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    message = "\(collectionView.indexPathsForSelectedItems.count) selected"
  }

  // Told however the focus moves (keys, the mouse, code, updates).
  override func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    super.collectionView(collectionView, didHighlightItemAt: indexPath)  // draws the status line again
    if !collectionView.isMovingItem, track(at: indexPath).isLocked { message = "locked: stays where it is" }
  }

  override var statusText: String {
    if let source = collectionView.indexPathForMovingItemSource { return "moving \(track(at: source).title)" }
    return collectionView.focusedIndexPath.map { track(at: $0).title } ?? ""
  }
  // snippet.end

  // snippet.moving
  override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    !track(at: indexPath).isLocked
  }

  // What m on a locked track says.
  override func collectionView(
    _ collectionView: CollectionView, messageForRefusedMoveOfItemAt indexPath: IndexPath
  ) -> String? {
    "\(track(at: indexPath).title) is locked in its place"
  }

  // A proposal on the other side stops at this side's nearer end.
  override func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt original: IndexPath,
    toProposedIndexPath proposed: IndexPath
  ) -> IndexPath {
    guard proposed.section != original.section else { return proposed }
    let last = sides[original.section].count - 1
    return IndexPath(item: proposed.section > original.section ? last : 0, section: original.section)
  }

  // Called once, when the track is dropped somewhere new.
  override func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    let moved = sides[source.section].remove(at: source.item)
    sides[destination.section].insert(moved, at: destination.item)
    message = "moved \(moved.title) to \(destination.item + 1)"
  }
  // snippet.end
}

// snippet.hide
if CommandLine.arguments.count > 1 {
  Application.run(Playlist())
}
