// A diffable data source: the data is a snapshot of section and item
// identifiers; apply a changed copy and the view works out the inserts,
// deletes and moves, and animates them as one batch.
import TermGrid

// snippet.hide
let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 8, height: 3), headerHeight: 1))
view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 12))

// snippet.show
// snippet.source
var names: [Int: String] = [1: "one", 2: "two", 3: "three", 4: "four", 5: "five"]

let source = CollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, id in
  ElementContent(title: names[id] ?? "#\(id)", border: .rounded)
}
source.supplementaryProvider = { _, kind, indexPath in
  kind == .header ? .header(source.sectionIdentifier(for: indexPath.section) ?? "") : .empty
}

var snapshot = DiffableSnapshot<String, Int>()
snapshot.appendSections(["odd", "even"])
try snapshot.appendItems([1, 3, 5], toSection: "odd")
try snapshot.appendItems([2, 4], toSection: "even")
try source.apply(snapshot, animatingDifferences: false)  // the first state: nothing to animate from
// snippet.end

// snippet.change
var next = source.snapshot()  // a copy of what is shown
next.deleteItems([3])
try next.insertItems([7], afterItem: 5)
try next.moveItem(4, beforeItem: 2)
try source.apply(next)  // one batch: a delete, an insert and a move, animated
// snippet.end

// snippet.reconfigure
names[1] = "uno"  // the content changed, the identity did not
var renamed = source.snapshot()
try renamed.reconfigureItems([1])
try source.apply(renamed)  // item 1 is redrawn in place: nothing moves
// snippet.end

// snippet.hide
precondition(source.indexPath(for: 4) == IndexPath(item: 0, section: 1))
precondition(source.itemIdentifier(for: IndexPath(item: 2, section: 0)) == 7)
