// An outline: a section's items as a tree of section snapshots. Right and
// Left expand and collapse as in tree views, animated; a folder's children
// load off the main thread the first time it opens, under a placeholder row.
import TermGrid

// snippet.hide
let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 30, height: 1)))
view.setFrame(CellRect(x: 0, y: 0, width: 32, height: 12))
/// The slow part of the model: reading a folder.
@Sendable func readFolder(_ path: String) throws -> [String] { ["\(path)/notes.txt", "\(path)/plan.md"] }

// snippet.show
// snippet.tree
let source = CollectionViewDiffableDataSource<String, String>(collectionView: view) { _, _, path in
  ElementContent(title: path.hasSuffix("/…") ? "Loading…" : path)  // the data source adds ▸ or ▾, and indents
}
var sections = DiffableSnapshot<String, String>()
sections.appendSections(["files"])
try source.apply(sections, animatingDifferences: false)

var tree = DiffableSectionSnapshot<String>()
try tree.append(["Documents", "Music", "todo.txt"])
try tree.append(["Documents/letters", "Documents/taxes"], to: "Documents")
try tree.expand(["Documents"])
try source.apply(tree, to: "files", animatingDifferences: false)
// ▾ Documents
//     Documents/letters
//     Documents/taxes
//   Music
//   todo.txt
// snippet.end

// snippet.expand
var shown = source.snapshot(for: "files")  // with the expansion on screen
try shown.collapse(["Documents"])
try source.apply(shown, to: "files")  // the two children animate out
// snippet.end

// snippet.lazy
source.sectionSnapshotHandlers.placeholderForLoadingChildren = { path in
  path == "Music" ? "Music/…" : nil  // Music has children to load
}
source.sectionSnapshotHandlers.loadChildren = { path in  // off the main thread
  var children = DiffableSectionSnapshot<String>()
  try children.append(try readFolder(path))
  return children
}
source.sectionSnapshotHandlers.didFailToLoadChildren = { path, error in
  print(error)  // the placeholder is gone and the folder closed again; Right tries again
}
// Right on Music: "Loading…" shows under it, then its files.
// snippet.end

// snippet.hide
precondition(source.snapshot(for: "files").visibleItems == ["Documents", "Music", "todo.txt"])
