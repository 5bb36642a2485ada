import TermGrid

final class Planets: CollectionViewController {
  var names = [["Mercury", "Venus", "Earth", "Mars"], ["Jupiter", "Saturn", "Uranus", "Neptune"]]
  override var keyCommands: [KeyCommand] {
    [KeyCommand("i", title: "insert a moon", action: insertMoon), KeyCommand("d", title: "delete", action: delete)]
  }
  func insertMoon() throws {
    let p = collectionView.focusedIndexPath ?? IndexPath(item: 0, section: 0)
    try collectionView.insertItems(at: [p]) { names[p.section].insert("Moon", at: p.item) }
  }
  func delete() throws {
    guard let p = collectionView.focusedIndexPath else { return }
    try collectionView.deleteItems(at: [p]) { names[p.section].remove(at: p.item) }
  }
  override func numberOfSections(in _: CollectionView) -> Int { names.count }
  override func collectionView(_: CollectionView, numberOfItemsInSection s: Int) -> Int { names[s].count }
  override func collectionView(_: CollectionView, cellForItemAt p: IndexPath) -> ElementContent {
    ElementContent(title: names[p.section][p.item], border: .rounded)
  }
  override func collectionView(_: CollectionView, contentForSupplementaryElementOfKind k: ElementKind, at p: IndexPath) -> ElementContent {
    k == .header ? .header(p.section == 0 ? "Rocky" : "Giants") : .footer("\(names[p.section].count) worlds")
  }
}
Application.run(Planets(layout: FlowLayout(itemSize: Size(width: 14, height: 3), headerHeight: 1, footerHeight: 1)))
