import GridLayout
import GridRender

@testable import TermGrid

/// A data source of numbered items that counts the content requests.
final class NumberedItems: CollectionViewDataSource, CollectionViewDelegate {
  var counts: [Int]
  var cellRequests = 0
  var supplementaryRequests = 0
  var activated: [IndexPath] = []
  var focused: [IndexPath] = []
  /// A header's or footer's title; by default its kind and section.
  var supplementaryTitle: (ElementKind, Int) -> String = { kind, section in "\(kind) \(section)" }

  init(_ counts: [Int]) { self.counts = counts }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    cellRequests += 1
    return ElementContent(title: "Item \(indexPath.section).\(indexPath.item)", border: .single)
  }
  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    supplementaryRequests += 1
    return ElementContent(title: supplementaryTitle(kind, indexPath.section))
  }
  func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    activated.append(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    focused.append(indexPath)
  }
}

/// A collection view of `counts` items of 14x3 in a `width` x `height` frame.
func makeGrid(
  _ counts: [Int], width: Int = 80, height: Int = 24, header: Double = 0, footer: Double = 0
) -> (CollectionView, NumberedItems) {
  let layout = FlowLayout(
    itemSize: Size(width: 14, height: 3), minimumInteritemSpacing: 1,
    headerReferenceSize: Size(width: 0, height: header), footerReferenceSize: Size(width: 0, height: footer))
  layout.lineAlignment = .leading
  let view = CollectionView(layout: layout)
  let data = NumberedItems(counts)
  view.dataSource = data
  view.delegate = data
  view.showsScrollIndicator = false
  view.setFrame(CellRect(x: 0, y: 0, width: width, height: height))
  view.reloadData()
  return (view, data)
}

/// A scene that is just a collection view, quitting on q.
final class GridScene: Scene {
  let view: CollectionView
  init(_ view: CollectionView) { self.view = view }
  var needsDisplay: Bool { view.needsDisplay }
  func draw(into surface: inout Surface) {
    view.setFrame(surface.bounds)
    view.draw(into: &surface)
  }
  func handle(_ event: InputEvent) -> EventResult {
    if case .key(let k) = event, k == .char("q") { return .quit }
    view.handle(event)
    return .continue
  }
}
