// Screen-reader mode on a collection view with no terminal: what a screen
// reader is told as the focus moves, an item is selected and the data
// changes, and where the terminal's cursor rests.
import TermGrid

// snippet.hide
final class Novels: CollectionViewDataSource, CollectionViewDelegate {
  var books = [("Emma", 1815), ("Persuasion", 1817), ("Mansfield Park", 1814)]
  var heard: [String] = []

  func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { books.count }

  func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: books[indexPath.item].0, detail: "\(books[indexPath.item].1)", border: .rounded)
  }

  func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind _: ElementKind, at _: IndexPath
  ) -> ElementContent { .header("1814–1817") }

  func collectionView(_: CollectionView, didPostAccessibilityAnnouncement announcement: String) {
    heard.append(announcement)
  }
}

let novels = Novels()
let layout = FlowLayout(itemSize: Size(width: 18, height: 4), headerReferenceSize: Size(width: 0, height: 1))
let view = CollectionView(layout: layout)
view.dataSource = novels
view.delegate = novels
view.setFrame(CellRect(x: 0, y: 0, width: 60, height: 12))
view.reloadData()
// snippet.show

// snippet.labels
// The header shows the years, "1814–1817"; a screen reader is told the author.
extension Novels {
  func collectionView(_: CollectionView, accessibilityLabelForSection _: Int) -> String? { "Jane Austen" }
}
// snippet.end

// snippet.reading
view.accessibility = AccessibilitySettings(isScreenReaderModeOn: true)  // or TERMGRID_SCREEN_READER=1
view.moveFocus(.right)  // "Jane Austen, 2 of 3: Persuasion, 1817"
view.perform(.toggleSelection)  // "selected: Persuasion, 1817, 1 selected"
view.postAccessibilityAnnouncement("saved 3 books")  // the app's own news
print(novels.heard.joined(separator: "\n"))
// snippet.end

// snippet.hide
precondition(novels.heard.first == "Jane Austen, 2 of 3: Persuasion, 1817")
// snippet.show

// snippet.cursor
var surface = Surface(width: 60, height: 12)
view.draw(into: &surface)
// Where the terminal's cursor rests: the first cell of "Persuasion", inside its card.
print(surface.cursor.map { "cursor at \($0)" } ?? "no cursor", "shown:", surface.showsCursor)
// snippet.end
