import GridLayout
import GridRender
import TermGrid

/// The catalogue on screen: a title line, the grid of books grouped into
/// sections (header: the group; footer: how many books), a status line, and
/// the detail and help overlays.
final class CatalogueScene: Scene, CollectionViewDataSource, CollectionViewDelegate {
  let catalogue: Catalogue
  let sourceName: String
  let skipped: [SkippedRow]
  let collectionView: CollectionView
  private(set) var detail: Book?
  private(set) var showsHelp = false
  private var dirty = true

  static let cardSize = Size(width: 24, height: 5)

  init(catalogue: Catalogue, sourceName: String, skipped: [SkippedRow]) {
    self.catalogue = catalogue
    self.sourceName = sourceName
    self.skipped = skipped
    let layout = FlowLayout(
      itemSize: Self.cardSize, minimumInteritemSpacing: 1, minimumLineSpacing: 0,
      sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1),
      headerReferenceSize: Size(width: 0, height: 1), footerReferenceSize: Size(width: 0, height: 1))
    layout.sectionHeadersPinToVisibleBounds = true
    layout.lineAlignment = .leading
    collectionView = CollectionView(layout: layout)
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.allowsSelection = false
    collectionView.drawsIncrementally = true
    collectionView.reloadData()
  }

  var needsDisplay: Bool { dirty || collectionView.needsDisplay }

  // MARK: data source

  func numberOfSections(in collectionView: CollectionView) -> Int { catalogue.groups.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    catalogue.groups[section].books.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellContent {
    let book = catalogue.groups[indexPath.section].books[indexPath.item]
    var detail = book.yearText
    if catalogue.grouping != .author {
      detail = detail.isEmpty ? book.author : "\(book.yearText) · \(book.author)"
    }
    return CellContent(title: book.title, titleLineLimit: 2, detail: detail, border: .rounded)
  }

  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> CellContent {
    let group = catalogue.groups[indexPath.section]
    if kind == .header {
      let name = group.name
      return .custom { surface, frame, _ in
        let style = Style(foreground: .cyan, attributes: [.bold])
        surface.fill(frame, with: "─", style: Style(foreground: .brightBlack))
        surface.draw("─ ", x: frame.x, y: frame.y, style: Style(foreground: .brightBlack))
        let used = surface.draw(name, x: frame.x + 2, y: frame.y, maxWidth: frame.width - 4, style: style)
        surface.draw(" ", x: frame.x + 2 + used, y: frame.y)
      }
    }
    return CellContent(
      title: catalogue.footer(for: group), alignment: .trailing, style: Style(attributes: [.dim]), padding: 1)
  }

  // MARK: delegate

  func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    detail = catalogue.groups[indexPath.section].books[indexPath.item]
    dirty = true
  }

  func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?) {
    dirty = true  // the status line names the focused book
  }

  // MARK: input

  func handle(_ event: InputEvent) -> EventResult {
    if case .resize = event {
      dirty = true
      return .continue
    }
    if showsHelp {
      if case .key = event {
        showsHelp = false
        dirty = true
      }
      return .continue
    }
    if detail != nil {
      if case .key(let key) = event, key.code == .escape || key == .char("q") || key.code == .enter {
        detail = nil
        dirty = true
      }
      return .continue
    }
    if case .key(let key) = event {
      if key == .char("q") { return .quit }
      if key == .char("?") {
        showsHelp = true
        dirty = true
        return .continue
      }
    }
    collectionView.handle(event)
    return .continue
  }

  // MARK: drawing

  /// Whether an overlay covered the grid in the last frame.
  private var overlayShown = false

  func draw(into surface: inout Surface) {
    dirty = false
    let w = surface.width
    let h = surface.height
    // The grid draws incrementally; after an overlay it redraws what was under it.
    if overlayShown { collectionView.setNeedsDisplay() }
    overlayShown = detail != nil || showsHelp
    let bars = h >= 4
    collectionView.setFrame(CellRect(x: 0, y: bars ? 1 : 0, width: w, height: bars ? h - 2 : h))
    collectionView.draw(into: &surface)
    if bars {
      drawTitleBar(&surface, width: w)
      drawStatusBar(&surface, width: w, y: h - 1)
    }
    if let detail { DetailOverlay(book: detail).draw(on: &surface) }
    if showsHelp { HelpOverlay().draw(on: &surface) }
  }

  private func drawTitleBar(_ surface: inout Surface, width: Int) {
    let style = Style(attributes: [.bold, .reverse])
    surface.fill(CellRect(x: 0, y: 0, width: width, height: 1), style: style)
    let by = "by \(catalogue.grouping.rawValue)"
    surface.draw(" Book catalogue · \(sourceName) · \(by)", x: 0, y: 0, maxWidth: width, style: style)
  }

  private func drawStatusBar(_ surface: inout Surface, width: Int, y: Int) {
    let style = Style(attributes: [.reverse])
    surface.fill(CellRect(x: 0, y: y, width: width, height: 1), style: style)
    var left = " \(catalogue.bookCount) books · \(catalogue.groups.count) \(groupNoun)"
    if !skipped.isEmpty {
      left += " · \(skipped.count) malformed row\(skipped.count == 1 ? "" : "s") skipped"
    }
    if let f = collectionView.focusedIndexPath {
      let book = catalogue.groups[f.section].books[f.item]
      left += " · \(f.item + 1)/\(catalogue.groups[f.section].books.count) \(book.title)"
    }
    let right = " Enter details  ? help  q quit "
    let rightWidth = DisplayWidth.of(right)
    let room = width - rightWidth
    if room >= 20 {
      surface.draw(left, x: 0, y: y, maxWidth: room - 1, style: style)
      surface.draw(right, x: width - rightWidth, y: y, style: style)
    } else {
      surface.draw(left, x: 0, y: y, maxWidth: width, style: style)
    }
  }

  private var groupNoun: String {
    switch catalogue.grouping {
    case .author: return catalogue.groups.count == 1 ? "author" : "authors"
    case .shelf: return catalogue.groups.count == 1 ? "shelf" : "shelves"
    case .decade: return catalogue.groups.count == 1 ? "decade" : "decades"
    }
  }
}
