import GridLayout
import GridRender
import SuiteSupport
import TermGrid

// One full frame of a catalogue-like grid: a million books in 100 sections
// of 10,000 (titles in several scripts), focused in the middle; the layout
// query, the content and rasterizing into a reused 200x60 surface.

/// The books' titles by index, and a header and footer per author.
final class Books: CollectionViewDataSource {
  let titles = [
    "Pride and Prejudice", "源氏物語", "The Brothers Karamazov", "吾輩は猫である", "Middlemarch",
    "Cien años de soledad", "One Hundred Years of Solitude", "紅樓夢",
  ]
  func numberOfSections(in collectionView: CollectionView) -> Int { 100 }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10_000 }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: titles[indexPath.item % titles.count], titleLineLimit: 2, detail: "1813", border: .rounded)
  }
  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    ElementContent(title: kind == .header ? "Author \(indexPath.section)" : "Author has 10000 books")
  }
}

/// The view, its data source (which it holds weakly) and the surface drawn into.
final class CatalogueFrame {
  let books = Books()
  let view = CollectionView(layout: makeFlow())
  var surface = Surface(width: 200, height: 60)

  init() {
    view.dataSource = books
    view.setFrame(CellRect(x: 0, y: 0, width: 200, height: 60))
    view.reloadData()
    view.focusItem(at: IndexPath(item: 5000, section: 50))
  }
}

func registerCatalogueFrameBenchmark() {
  measure("one catalogue frame: query + content + rasterize 200x60", iterations: 50, setup: CatalogueFrame()) { frame in
    frame.view.setNeedsDisplay()
    frame.view.draw(into: &frame.surface)
  }
}
