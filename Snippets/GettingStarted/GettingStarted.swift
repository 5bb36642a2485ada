// The planets grid built step by step: the data, headers and footers,
// key commands that insert and delete with animation, and the run.
import TermGrid

// snippet.data
final class Planets: CollectionViewController {
  var names = [["Mercury", "Venus", "Earth", "Mars"], ["Jupiter", "Saturn", "Uranus", "Neptune"]]

  override func numberOfSections(in _: CollectionView) -> Int { names.count }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int {
    names[section].count
  }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: names[indexPath.section][indexPath.item], border: .rounded)
  }
  // snippet.end

  // snippet.supplementary
  override func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    if kind == .header { return .header(indexPath.section == 0 ? "Rocky" : "Giants") }
    return .footer("\(names[indexPath.section].count) worlds")
  }
  // snippet.end

  // snippet.commands
  override var keyCommands: [KeyCommand] {
    [
      KeyCommand("i", title: "insert a moon", action: insertMoon),
      KeyCommand("d", title: "delete", action: delete),
    ]
  }

  func insertMoon() throws {
    let p = collectionView.focusedIndexPath ?? IndexPath(item: 0, section: 0)
    try collectionView.insertItems(at: [p]) { names[p.section].insert("Moon", at: p.item) }
  }

  func delete() throws {
    guard let p = collectionView.focusedIndexPath else { return }
    try collectionView.deleteItems(at: [p]) { names[p.section].remove(at: p.item) }
  }
  // snippet.end

  // snippet.bars
  override var titleText: String? { "The planets" }
  override var statusText: String { "\(names.joined().count) worlds" }
  // snippet.end
}

// snippet.hide
if CommandLine.arguments.count > 1 {
  // snippet.show
  // snippet.run
  let layout = FlowLayout(itemSize: Size(width: 14, height: 3), headerHeight: 1, footerHeight: 1)
  Application.run(Planets(layout: layout))
  // snippet.end
  // snippet.hide
}
