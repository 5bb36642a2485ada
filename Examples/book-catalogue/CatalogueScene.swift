import GridLayout
import GridRender
import TermGrid

/// The catalogue on screen: a title line, the grid of books grouped into
/// sections (header: the group; footer: how many books), a status line, and
/// the detail, help and add-a-book overlays. Edits (d deletes, a adds, u
/// undoes) are diffs of the catalogue's snapshot, animated as one batch.
final class CatalogueScene: Scene, CollectionViewDataSource, CollectionViewDelegate {
  /// How the books are laid out; L switches.
  enum Arrangement: CaseIterable {
    case grid, list
  }

  private(set) var catalogue: Catalogue
  let sourceName: String
  let skipped: [SkippedRow]
  let collectionView: CollectionView
  private(set) var detail: Book?
  private(set) var showsHelp = false
  private(set) var form: BookForm?
  private(set) var arrangement = Arrangement.grid
  /// What the last edit did (shown in the status line until the next key).
  private(set) var message: String?
  /// Earlier states of the catalogue, the latest last (u goes back one).
  private var undoStack: [Catalogue] = []
  private var dirty = true

  static let cardSize = Size(width: 24, height: 5)

  init(catalogue: Catalogue, sourceName: String, skipped: [SkippedRow]) {
    self.catalogue = catalogue
    self.sourceName = sourceName
    self.skipped = skipped
    collectionView = CollectionView(layout: Self.layout(for: .grid))
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.allowsSelection = true
    collectionView.drawsIncrementally = true
    collectionView.reloadData()
  }

  var needsDisplay: Bool { dirty || collectionView.needsDisplay }
  var isAnimating: Bool { collectionView.isAnimating }

  /// The grid: cards of 24x5; the list: one full-width row per book (a
  /// flow layout clips an item wider than the line to the line).
  static func layout(for arrangement: Arrangement) -> FlowLayout {
    let size = arrangement == .grid ? cardSize : Size(width: 10_000, height: 3)
    let layout = FlowLayout(
      itemSize: size, minimumInteritemSpacing: 1, minimumLineSpacing: 0,
      sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1),
      headerReferenceSize: Size(width: 0, height: 1), footerReferenceSize: Size(width: 0, height: 1))
    layout.sectionHeadersPinToVisibleBounds = true
    layout.lineAlignment = .leading
    return layout
  }

  // MARK: editing

  /// The books that d deletes: the selected ones, else the focused one.
  var booksToDelete: [IndexPath] {
    let selected = collectionView.indexPathsForSelectedItems
    if !selected.isEmpty { return selected }
    return collectionView.focusedIndexPath.map { [$0] } ?? []
  }

  /// Deletes the selected books (or the focused one), animated; u undoes.
  func deleteBooks() {
    let paths = booksToDelete
    guard !paths.isEmpty else { return }
    let gone = Set(paths.map { catalogue.groups[$0.section].books[$0.item].id })
    let first = catalogue.groups[paths[0].section].books[paths[0].item]
    let books = catalogue.books.filter { !gone.contains($0.id) }
    let what = gone.count == 1 ? "“\(first.title)”" : "\(gone.count) books"
    change(to: Catalogue(books: books, grouping: catalogue.grouping), message: "deleted \(what) · u undoes")
  }

  /// Adds a book into its group (creating the group when new), animated, and focuses it.
  func add(_ book: Book) {
    var book = book
    book.id = (catalogue.books.map(\.id).max() ?? 0) + 1
    let next = Catalogue(books: catalogue.books + [book], grouping: catalogue.grouping)
    guard change(to: next, message: "added “\(book.title)” · u undoes") else { return }
    collectionView.focusItem(at: next.snapshot.indexPath(of: book.id))
  }

  /// Goes back to the catalogue before the last edit.
  func undo() {
    guard let previous = undoStack.popLast() else {
      message = "nothing to undo"
      dirty = true
      return
    }
    change(to: previous, message: "undone", remember: false)
  }

  /// Shows `next` in place of the catalogue: the difference of their
  /// snapshots is one animated batch. Returns false (keeping everything as
  /// it was) when the batch is refused.
  @discardableResult
  private func change(to next: Catalogue, message text: String, remember: Bool = true) -> Bool {
    let previous = catalogue
    do {
      let update = try next.snapshot.batchUpdate(from: previous.snapshot)
      try collectionView.performBatchUpdates {
        catalogue = next
        try collectionView.apply(update)
      }
    } catch {
      catalogue = previous
      message = "\(error)"
      dirty = true
      return false
    }
    if remember {
      undoStack.append(previous)
      if undoStack.count > 100 { undoStack.removeFirst() }
    }
    for p in collectionView.indexPathsForSelectedItems { collectionView.deselectItem(at: p) }
    message = text
    dirty = true
    return true
  }

  /// Switches between the grid and the list, animated.
  func switchArrangement() {
    arrangement = arrangement == .grid ? .list : .grid
    collectionView.setLayout(Self.layout(for: arrangement), animated: true)
    dirty = true
  }

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
    if arrangement == .list {
      return CellContent(title: detail.isEmpty ? book.title : "\(book.title) · \(detail)", border: .rounded)
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
    if form != nil {
      guard case .key(let key) = event else { return .continue }
      switch form!.handle(key) {
      case .editing: break
      case .cancelled: form = nil
      case .submitted(let book):
        form = nil
        add(book)
      }
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
      if message != nil {
        message = nil
        dirty = true
      }
      switch key {
      case .char("q"): return .quit
      case .char("?"):
        showsHelp = true
        dirty = true
        return .continue
      case .char("d"), Key(.delete):
        deleteBooks()
        return .continue
      case .char("a"), Key(.insert):
        let author = catalogue.grouping == .author
          ? collectionView.focusedIndexPath.map { catalogue.groups[$0.section].name } ?? "" : ""
        form = BookForm(author: author)
        dirty = true
        return .continue
      case .char("u"):
        undo()
        return .continue
      case .char("L"):
        switchArrangement()
        return .continue
      case Key(.escape):
        for p in collectionView.indexPathsForSelectedItems { collectionView.deselectItem(at: p) }
        return .continue
      default: break
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
    overlayShown = detail != nil || showsHelp || form != nil
    let bars = h >= 4
    collectionView.setFrame(CellRect(x: 0, y: bars ? 1 : 0, width: w, height: bars ? h - 2 : h))
    collectionView.draw(into: &surface)
    if bars {
      drawTitleBar(&surface, width: w)
      drawStatusBar(&surface, width: w, y: h - 1)
    }
    if let detail { DetailOverlay(book: detail).draw(on: &surface) }
    if showsHelp { HelpOverlay().draw(on: &surface) }
    form?.draw(on: &surface)
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
    let selected = collectionView.indexPathsForSelectedItems.count
    if selected > 0 { left += " · \(selected) selected" }
    if let message {
      left += " · \(message)"
    } else if let f = collectionView.focusedIndexPath {
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
