// The two-section grid of the getting-started article, as a program.
import TermGrid

// snippet.show
final class Planets: CollectionViewController {
  var names = [["Mercury", "Venus", "Earth", "Mars"], ["Jupiter", "Saturn", "Uranus", "Neptune"]]

  override func numberOfSections(in _: CollectionView) -> Int { names.count }
  override func collectionView(_: CollectionView, numberOfItemsInSection s: Int) -> Int { names[s].count }
  override func collectionView(_: CollectionView, cellForItemAt p: IndexPath) -> CellContent {
    CellContent(title: names[p.section][p.item], border: .rounded)
  }
}
// snippet.hide
if CommandLine.arguments.count > 1 {
  Application.run(Planets(layout: FlowLayout(itemSize: Size(width: 14, height: 3))))
}
