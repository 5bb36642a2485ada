// Focus, selection and movement driven in code, on a collection view with no
// terminal at all: six cards in two rows of three, and a log of what the
// delegate is told.
import TermGrid

// snippet.hide
final class Numbers: CollectionViewDataSource, CollectionViewDelegate {
  var names = ["one", "two", "three", "four", "five", "six"]
  var told: [String] = []

  func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { names.count }

  func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: names[indexPath.item], border: .single)
  }

  func collectionView(_: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    told.append("moveItemAt \(source.item) to \(destination.item)")
    names.insert(names.remove(at: source.item), at: destination.item)
  }

  func collectionView(_: CollectionView, canMoveItemAt _: IndexPath) -> Bool { true }

  func collectionView(_: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    told.append("didHighlight \(indexPath.item)")
  }

  func collectionView(_: CollectionView, didSelectItemAt indexPath: IndexPath) {
    told.append("didSelect \(indexPath.item)")
  }
}

let numbers = Numbers()
let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 10, height: 3)))
view.dataSource = numbers
view.delegate = numbers
view.animationDuration = 0  // no animations to wait for
view.setFrame(CellRect(x: 0, y: 0, width: 33, height: 6))  // 3 columns (and the scroll bar's), 2 rows
view.reloadData()  // the focus goes to the first item
// snippet.show

// snippet.focus
view.moveFocus(.right)  // the next item of the row: item 1
view.moveFocus(.down)  // item 4, in the row below
let left = view.nearestItem(from: view.focusedIndexPath, .left)  // item 3: where Left would go
view.focusItem(at: IndexPath(item: 5, section: 0))  // scrolled into view; the delegate is told
print("focus:", view.focusedIndexPath?.item ?? -1, "left of 4:", left?.item ?? -1)
// snippet.end

// snippet.select
view.selectItem(at: IndexPath(item: 1, section: 0))  // in code: no delegate method
view.selectItem(at: IndexPath(item: 2, section: 0))
view.deselectItem(at: IndexPath(item: 1, section: 0))
view.perform(.toggleSelection)  // as Space does, on the focused item 5: asked, then told
view.perform(.extendSelection(.left))  // as Shift-Left: the focus to 4, 4 and 5 selected
print("selected:", view.indexPathsForSelectedItems.map(\.item))  // [2, 4, 5]
view.selectItem(at: nil)  // deselects every item
// snippet.end

// snippet.move
view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))  // canMoveItemAt said yes
view.moveInteractiveItem(.right)  // to item 1's place
view.moveInteractiveItem(.right)  // to item 2's place
print("moving", view.indexPathForMovingItemSource?.item ?? -1, "to", view.indexPathForMovingItem?.item ?? -1)
view.endInteractiveMovement()  // the data source's moveItemAt, once: 0 to 2
print(numbers.names)  // two, three, one, four, five, six
// snippet.end

// snippet.act
// What a command on "these items" acts on: the selection, or the focused item when nothing is selected.
view.focusItem(at: IndexPath(item: 3, section: 0))
print("acts on:", view.indexPathsForSelectedOrFocusedItems.map(\.item))  // [3]: the focused item
view.selectItem(at: IndexPath(item: 4, section: 0))
view.selectItem(at: IndexPath(item: 0, section: 0))
let doomed = view.indexPathsForSelectedOrFocusedItems  // [0, 4]: the selected items, sorted; not the focused one
try view.deleteItems(at: doomed) {
  for p in doomed.reversed() { numbers.names.remove(at: p.item) }  // the last first: no index shifts
}
print(numbers.names)  // three, one, four, six
// snippet.end

// snippet.hide
precondition(numbers.names == ["three", "one", "four", "six"])
precondition(view.indexPathsForSelectedOrFocusedItems == [view.focusedIndexPath!])
// snippet.show

print(numbers.told.joined(separator: "\n"))
