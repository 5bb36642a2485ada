// Refused updates: a batch whose counts do not add up, a snapshot with a
// duplicate identifier, and how to react to them. Nothing on screen changes
// when one is thrown; the model is the caller's to put back.
import TermGrid

// snippet.hide
final class Names: CollectionViewDataSource {
  var names = ["Mercury", "Venus", "Earth"]

  func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { names.count }

  func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: names[indexPath.item])
  }
}

let model = Names()
let view = CollectionView(layout: FlowLayout())
view.dataSource = model
view.reloadData()

// snippet.show
// snippet.batch
let before = model.names
do {
  try view.performBatchUpdates {
    model.names.append("Mars")  // one more item in the model...
    // ...but no insertItems(at:) to say so
  }
} catch let error as BatchUpdateError {
  model.names = before  // the view still shows the old data: make the model match it again
  switch error {
  case .invalidNumberOfItems(let section, let old, let new, _, _, _, _):
    print("section \(section) went from \(old) to \(new) items, and the batch explains none of it")
  case .itemOutOfRange(let indexPath, change: .delete, let count):
    print("there is no item \(indexPath.item) to delete: the section has \(count)")
  case .conflicting(.deletedAndMoved(.item)):
    print("an item was both deleted and moved")
  case .invalidNumberOfSections, .itemOutOfRange, .sectionOutOfRange, .conflicting:
    print(error)  // the description reads like UIKit's message
  }
}
// snippet.end

// snippet.hide
precondition(view.numberOfItems(inSection: 0) == 3 && model.names.count == 3)

// snippet.show
// snippet.controller
final class Planets: CollectionViewController {
  var names = ["Mercury", "Venus", "Earth", "Mars"]

  /// A refused batch ends the app if it escapes a key command; caught, it
  /// becomes a note in the status line and the app carries on.
  func deleteFocused() {
    guard let p = collectionView.focusedIndexPath else { return }
    let before = names
    do {
      try collectionView.deleteItems(at: [p]) { names.remove(at: p.item) }
    } catch {
      names = before
      message = "\(error)"
    }
  }
  // snippet.hide

  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { names.count }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: names[indexPath.item], border: .rounded)
  }
  // snippet.show
}
// snippet.end

// snippet.hide
let planets = CollectionView(layout: FlowLayout())

// snippet.show
// snippet.snapshot
let source = CollectionViewDiffableDataSource<String, String>(collectionView: planets) { _, _, id in
  ElementContent(title: id)
}
var snapshot = DiffableSnapshot<String, String>()
snapshot.appendSections(["planets"])
try snapshot.appendItems(["Mercury", "Venus", "Venus"])  // accepted here: duplicates are found when applied
do {
  try source.apply(snapshot)
} catch SnapshotError.duplicateItem(let id) {
  print("\(id) is listed twice; nothing was applied")  // the snapshot shown is still the old one
}

do {
  try snapshot.insertItems(["Earth"], afterItem: "Mars")  // refused at once: there is no Mars
} catch {
  print(error)  // Invalid snapshot: no item with the identifier Mars
}
// snippet.end

// snippet.hide
precondition(source.snapshot().numberOfItems == 0)
