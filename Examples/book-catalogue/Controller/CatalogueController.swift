import BookCatalogueModel
import Foundation
import TermGrid
import TermGridImages

/// The catalogue on screen: a title line, the grid of books grouped into
/// sections (header: the group; footer: how many books), a status line,
/// and the overlays: a book's details, the help, the add-a-book form, the
/// filter and file-name inputs, the quit prompt. Every change of what is
/// shown (an edit, a filter, an order) is the difference of two snapshots,
/// animated as one batch.
///
/// The books are a ``SharedCatalogue``'s, which other viewers (each with a
/// controller of their own, on a thread of their own) may be editing at
/// the same time: an edit here is a request to it, and another viewer's
/// change is pulled on this controller's thread when the catalogue wakes
/// its run loop, and animated with this viewer's own grouping, order and
/// filter, the focus staying on its book (see CatalogueController+Sharing).
final class CatalogueController: CollectionViewController, WaterfallLayoutDelegate, ShelfLayoutDelegate {
  /// How the books are laid out; L goes to the next.
  enum Arrangement: String, CaseIterable {
    /// Cards of 24x5 in rows.
    case grid
    /// The library's list layout: a row a book in an inset grouped section
    /// per group, the year (or author) and marks at the row's end.
    case list
    /// Columns of cards as tall as their titles need.
    case waterfall
    /// Each group one row of cards as wide as their titles, scrolling sideways.
    case shelves
    /// The home view (H, not on L's cycle): a compositional layout of one
    /// shelf per reading status (or per the --group-by grouping), each
    /// scrolling sideways, covers where there are, the title and year under each.
    case home

    /// The arrangements L cycles through.
    static let cycle: [Arrangement] = [.grid, .list, .waterfall, .shelves]

    /// The arrangement after this one on L's cycle (back to the grid after the shelves).
    var next: Arrangement {
      let all = Self.cycle
      return all[((all.firstIndex(of: self) ?? -1) + 1) % all.count]
    }
  }

  /// The books, shared with every other viewer.
  let shared: SharedCatalogue
  /// This viewer's registration with `shared` (made when the run loop starts).
  var viewer: CatalogueViewer?
  /// Set (from any thread) when the shared catalogue has changed since the
  /// last look; taken on the controller's own thread.
  let sharedNews = SharedNews()
  /// The shared catalogue as last pulled: its books are ``library``'s.
  var seen: CatalogueState
  /// The shared books as this viewer groups and orders them.
  var library: Catalogue
  /// What the grid shows: the library, filtered.
  var shown: Catalogue
  /// The filter (empty: every book).
  var query = ""
  var search = BookSearch()
  var sourceName: String
  let skipped: [SkippedRow]
  var arrangement = Arrangement.grid
  /// The grouping the home view shows: the --group-by given, or nil (then
  /// reading status when the file has statuses, else shelf or decade).
  var homeGrouping: Grouping?
  /// What H returns to: the arrangement and grouping before the home view.
  var beforeHome: (arrangement: Arrangement, grouping: Grouping)?
  /// The requests that undo this viewer's edits, with the order shown
  /// before each, the latest last (u applies one).
  var undoStack: [(edits: [CatalogueEdit], sort: BookOrder)] = []
  /// Set when a move left what is shown out of step with the library (an emptied group).
  var needsResync = false
  /// True for a viewer who may look but not change anything (a public
  /// demo's, served read-only): the keys that add, delete, move, undo and
  /// save say so instead, and the title says read-only. Other viewers'
  /// changes come in as ever.
  var isReadOnly = false {
    didSet { setNeedsTitleUpdate() }
  }

  static let cardSize = Size(width: 24, height: 5)
  /// A card with a cover: the cover (14 x 9 inside the border), two lines of title and the year under it.
  static let coverCardSize = Size(width: 16, height: 14)

  /// The shared document as it is now (the books, the file, whether it is saved).
  var document: CatalogueDocument { shared.document }
  /// The cover files, by ISBN (nil: cards without covers).
  let covers: CoverIndex?
  /// Makes the covers' pictures in the background.
  let loader: PictureLoader?
  /// Plain boards for books without a cover file, by title.
  var plainCovers: [String: PlainCover] = [:]

  /// A viewer of `catalogue`, grouping its books by `grouping` and
  /// ordering them by `sort` within a group; covers from `covers` when given.
  init(
    catalogue: SharedCatalogue, grouping: Grouping = .author, sort: BookOrder = .file, sourceName: String,
    covers: CoverIndex? = nil, loader: PictureLoader? = nil
  ) {
    shared = catalogue
    seen = catalogue.state
    library = Catalogue(books: seen.books, grouping: grouping, sort: sort)
    shown = library
    self.sourceName = sourceName
    skipped = catalogue.skipped
    self.covers = covers
    self.loader = covers == nil ? nil : loader ?? PictureLoader()
    super.init(layout: Self.flowLayout(covers: covers != nil))
    if let loader = self.loader {
      collectionView.backgroundWork = [loader]
      collectionView.prefetchDataSource = self
    }
    collectionView.register(
      { [unowned collectionView] attributes in Self.plank(for: attributes, in: collectionView) },
      forDecorationViewOfKind: ShelfLayout.plankKind)
    collectionView.reloadData()
    if let first = skipped.first {
      // Where and why (the first), until a key; the status line keeps the count.
      message = "line \(first.line): \(first.reason)"
    }
  }

  // MARK: data source

  override func numberOfSections(in collectionView: CollectionView) -> Int { shown.groups.count }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    shown.groups[section].books.count
  }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    let book = shown.groups[indexPath.section].books[indexPath.item]
    let detail = detailText(for: book)
    if arrangement == .list { return listRow(for: book, at: indexPath) }
    if arrangement == .shelves {
      return ElementContent(title: book.title, titleLineLimit: 2, detail: detail, border: .rounded, alignment: .center)
    }
    if arrangement == .home { return homeCard(for: book) }
    let lines = arrangement == .waterfall ? Self.waterfallTitleLines : 2
    if covers != nil {
      // The cover with the title and the year under it.
      return ElementContent(
        title: book.title, titleLineLimit: lines, detail: book.yearText, border: .rounded, badge: ratingBadge(for: book),
        alignment: .center, padding: 0, picture: CellPicture(cover(for: book), placement: .top))
    }
    return ElementContent(title: book.title, titleLineLimit: lines, detail: detail, border: .rounded, badge: ratingBadge(for: book))
  }

  /// The reader's stars, on the card's top border (none when unrated).
  func ratingBadge(for book: Book) -> Badge? {
    let r = book.rating
    guard r > 0 else { return nil }
    return Badge(Self.stars(r), foreground: .yellow)
  }

  /// "★★★★☆" for 4 of 5.
  static func stars(_ rating: Int) -> String {
    String(repeating: "★", count: rating) + String(repeating: "☆", count: max(0, 5 - rating))
  }

  /// The book's cover file, if the covers folder has one.
  func coverPath(for book: Book) -> String? { covers?.path(forISBNs: book.isbns) }

  /// The book's cover: its file's picture, or a plain board.
  func cover(for book: Book) -> any PictureSource {
    if let loader, let path = coverPath(for: book) { return loader.source(forFileAt: path) }
    if let plain = plainCovers[book.title] { return plain }
    let plain = PlainCover(title: book.title)
    plainCovers[book.title] = plain
    return plain
  }

  override func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    let group = shown.groups[indexPath.section]
    if kind == .header {
      if arrangement == .home { return homeHeader(for: group, section: indexPath.section) }
      if arrangement == .list { return listHeader(for: group) }
      // Shelves have no footers: the header says how many.
      return .header(arrangement == .shelves ? "\(group.name) · \(group.books.count)" : group.name, color: .cyan)
    }
    return .footer(shown.footer(for: group))
  }

  /// A card's detail line: the year, and the author unless grouped by author.
  func detailText(for book: Book) -> String {
    if shown.grouping == .author { return book.yearText }
    return book.yearText.isEmpty ? book.author : "\(book.yearText) · \(book.author)"
  }

  // MARK: delegate

  /// Enter or a double click: every field of the book.
  override func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    let book = shown.groups[indexPath.section].books[indexPath.item]
    let panel = PanelOverlay(title: "Book", rows: Self.detailRows(for: book), footer: "Esc or q to return")
    if let loader, let path = coverPath(for: book) {
      panel.picture = CellPicture(loader.source(forFileAt: path), placement: .leading(width: 30))
      panel.pictureTitle = book.title
    }
    present(panel)
  }

  // MARK: bars

  override var titleText: String? {
    var title = "Book catalogue · \(sourceName) · by \(library.grouping.rawValue) · order: \(library.sort.rawValue)"
    if !query.isEmpty { title += " · filter “\(query)”" }
    if seen.isModified { title += " · modified" }
    if isReadOnly { title += " · read-only" }
    return title
  }

  /// The counts, the selection and the focused book, with the keys: said
  /// together, so a frame asks once.
  override var status: Status {
    var left =
      query.isEmpty
      ? "\(shown.bookCount) books · \(shown.groups.count) \(groupNoun)"
      : "\(shown.bookCount) of \(library.bookCount) books · \(shown.groups.count) \(groupNoun)"
    if seen.viewerCount > 1 { left += " · \(seen.viewerCount) viewing" }
    if !skipped.isEmpty {
      left += " · \(skipped.count) row\(skipped.count == 1 ? "" : "s") skipped"
    }
    let selected = collectionView.indexPathsForSelectedItems.count
    if selected > 0 { left += " · \(selected) selected" }
    if let source = collectionView.indexPathForMovingItemSource {
      let book = shown.groups[source.section].books[source.item]
      left += " · moving “\(book.title)”: arrows move · Enter drops · Esc cancels"
    } else if message == nil, let f = collectionView.focusedIndexPath, f.section < shown.groups.count,
      f.item < shown.groups[f.section].books.count
    {
      let book = shown.groups[f.section].books[f.item]
      left += " · \(f.item + 1)/\(shown.groups[f.section].books.count) \(book.title)"
    }
    return Status(text: left, hints: Self.keyHints)
  }

  /// The status line's keys (they never change).
  private static let keyHints: [StatusHint] = ["Enter details", "? help", "q quit"]

  var groupNoun: String {
    switch shown.grouping {
    case .author: return shown.groups.count == 1 ? "author" : "authors"
    case .shelf: return shown.groups.count == 1 ? "shelf" : "shelves"
    case .decade: return shown.groups.count == 1 ? "decade" : "decades"
    case .status: return shown.groups.count == 1 ? "status" : "statuses"
    }
  }

  // MARK: moving

  /// A book moved with m or the mouse: it takes its new place in the file's
  /// order (next to its neighbours as shown), and when grouped by shelf and
  /// moved to another shelf, that shelf becomes its first. u undoes.
  override func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    var groups = shown.groups
    let original = groups[source.section].books[source.item]
    var book = groups[source.section].books.remove(at: source.item)
    let target = groups[destination.section].name
    if source.section != destination.section, library.grouping == .shelf {
      book.shelves = [target] + book.shelves.dropFirst().filter { $0 != target }
      search.forget(book.id)
    }
    groups[destination.section].books.insert(book, at: destination.item)
    let list = groups[destination.section].books
    let next = destination.item + 1 < list.count ? list[destination.item + 1].id : nil
    let previous = destination.item > 0 ? list[destination.item - 1].id : nil
    var edits: [CatalogueEdit] = book == original ? [] : [.edit(book, was: original)]
    if library.sort == .file {
      edits.append(.move(book, before: next, after: previous))
    } else {
      // In another order than the file's, the order shown becomes the file's.
      edits.append(.reorder(library.placing(book, before: next, after: previous).books.map(\.id), revision: seen.revision))
    }
    // Show what the view shows now; the library (an emptied group, another
    // viewer's change, or the book back in its place when the move was
    // refused) after this call.
    shown = Catalogue(groups: groups, grouping: shown.grouping, sort: .file, books: shown.books)
    needsResync = true
    let moved = "moved “\(book.title)”\(source.section != destination.section ? " to \(target)" : "") · u undoes"
    request(edits, sort: .file, message: moved, refused: "not moved", animated: false)
  }

  override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { !isReadOnly }

  override func collectionView(_ collectionView: CollectionView, messageForRefusedMoveOfItemAt indexPath: IndexPath) -> String? {
    Self.readOnlyMessage
  }

  /// Books move within their group, except on shelves, where a book may go
  /// to another shelf (not to "(no shelf)"); across, the book stops at its group's end.
  override func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt original: IndexPath,
    toProposedIndexPath proposed: IndexPath
  ) -> IndexPath {
    let across = proposed.section != original.section
    if !across || (library.grouping == .shelf && shown.groups[proposed.section].name != Catalogue.noShelf) {
      return proposed
    }
    let last = shown.groups[original.section].books.count - 1
    return IndexPath(item: proposed.section > original.section ? last : 0, section: original.section)
  }

  // MARK: sharing

  /// Registers with the shared catalogue, which wakes the loop after each
  /// change (and marks that there is news, so a frame without any does not
  /// ask the catalogue).
  override func willStart(wakeUp: @escaping @Sendable () -> Void) {
    super.willStart(wakeUp: wakeUp)
    let news = sharedNews
    viewer = shared.addViewer {
      news.mark()
      wakeUp()
    }
    // A change made before the viewer was registered is taken in at the first frame.
    news.mark()
  }

  /// Takes the covers made and, when the shared catalogue said it changed, its changes in.
  override func takeFinishedWork() {
    let news = sharedNews.take()
    super.takeFinishedWork()
    if news { pullChanges() }
  }

  // MARK: quitting

  /// q with unsaved edits asks: s saves and quits, q quits without saving, Esc stays.
  /// With other viewers still on the catalogue, q quits at once: the edits
  /// stay theirs to save (and a read-only viewer has none to save).
  override func shouldQuit() -> Bool {
    let now = shared.state
    guard now.isModified, now.viewerCount <= 1, !isReadOnly else { return true }
    present(
      PromptOverlay(
        "Unsaved changes to \(sourceName)",
        choices: [
          .init("s", "saves and quits") { [unowned self] in save(thenQuit: true) },
          .init("q", "quits without saving") { [unowned self] in quit() },
        ], cancelTitle: "stays"))
    return false
  }

  // MARK: keys

  override var keyCommands: [KeyCommand] {
    var commands = [
      KeyCommand("d", Key(.delete), title: "delete the selected books, or this one") { [unowned self] in ifEditable(deleteBooks) },
      KeyCommand("a", Key(.insert), title: "add a book (title, author, year)") { [unowned self] in ifEditable(showAddForm) },
      KeyCommand("/", title: "filter by title, author or shelf", action: showFilter),
      KeyCommand("o", title: "order: file, title, year, author", action: cycleSort),
      KeyCommand("s", title: "save") { [unowned self] in ifEditable { save() } },
      KeyCommand("S", title: "save under another name") { [unowned self] in ifEditable { askForSavePath() } },
      KeyCommand("u", title: "undo the last delete, add or move") { [unowned self] in ifEditable(undo) },
      KeyCommand("L", title: "next layout: grid, list, waterfall, shelves", action: switchArrangement),
      KeyCommand("H", title: "home: a shelf per reading status (or --group-by); H again leaves", action: toggleHome),
    ]
    // Esc clears the selection first (the view's binding), then the filter.
    if collectionView.indexPathsForSelectedItems.isEmpty && !query.isEmpty {
      commands.append(KeyCommand(Key(.escape), title: "clear the filter") { [unowned self] in setQuery("") })
    }
    return commands
  }

  override var helpTitles: [KeyBindings.HelpTopic: String] {
    [.activate: "show the book's details", .clearSelection: "clear the selection, then the filter"]
  }

  /// The help, with what the mouse does.
  override func makeHelpOverlay() -> PanelOverlay {
    let help = super.makeHelpOverlay()
    help.rows.append(.init("mouse", "click selects, double click opens, drag moves, the wheel scrolls"))
    return help
  }

  /// The add-a-book form: title, author (the focused book's when grouped by author), year.
  func showAddForm() {
    let author =
      library.grouping == .author
      ? collectionView.focusedIndexPath.map { shown.groups[$0.section].name } ?? "" : ""
    present(
      FormOverlay(title: "Add a book", fields: [.init("Title"), .init("Author", text: author), .init("Year")]) {
        [unowned self] values in
        add(try BookForm.book(from: values))
      })
  }

  /// The filter line: each key narrows the grid; Enter keeps the filter, Esc clears it.
  func showFilter() {
    present(
      TextInputOverlay(
        label: " / ", text: query,
        hint: { [unowned self] _ in
          let matches = shown.bookCount == 1 ? "1 book matches" : "\(shown.bookCount) books match"
          return " · \(matches) · Enter keeps · Esc clears"
        },
        onChange: { [unowned self] in setQuery($0) }, onCancel: { [unowned self] in setQuery("") }, onSubmit: { _ in }))
  }

  /// After the grid handled a key or the mouse: a move that emptied a group is shown.
  override func handle(_ event: InputEvent) throws -> EventResult {
    let result = try super.handle(event)
    if needsResync {
      needsResync = false
      change(to: library, message: nil, as: .view)
    }
    return result
  }
}

extension CatalogueController: CollectionViewDataSourcePrefetching {
  /// Covers of the books about to scroll into view are made ahead, at their cards' size.
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    guard let loader, covers != nil else { return }
    let colors = capabilities?.colors ?? .trueColor
    for path in indexPaths where path.section < shown.groups.count && path.item < shown.groups[path.section].books.count {
      let book = shown.groups[path.section].books[path.item]
      guard let file = coverPath(for: book), let frame = collectionView.layoutAttributesForItem(at: path)?.frame,
        let size = self.collectionView(collectionView, cellForItemAt: path).pictureSize(inElementOf: frame.size)
      else { continue }
      loader.prefetch(
        filesAt: [file], width: size.width, height: size.height, colors: colors, cellPixels: capabilities?.pixelPictureCellSize)
    }
  }

  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
    guard let loader else { return }
    let files = indexPaths.compactMap { path -> String? in
      guard path.section < shown.groups.count, path.item < shown.groups[path.section].books.count else { return nil }
      return coverPath(for: shown.groups[path.section].books[path.item])
    }
    loader.cancelPrefetching(filesAt: files)
  }
}
