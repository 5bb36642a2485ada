import Foundation
import TermGrid
import TermGridImages

/// The catalogue on screen: a title line, the grid of books grouped into
/// sections (header: the group; footer: how many books), a status line,
/// and the overlays: a book's details, the help, the add-a-book form, the
/// filter and file-name inputs, the quit prompt. Every change of what is
/// shown (an edit, a filter, an order) is the difference of two snapshots,
/// animated as one batch.
final class CatalogueController: CollectionViewController, WaterfallLayoutDelegate, ShelfLayoutDelegate {
  /// How the books are laid out; L goes to the next.
  enum Arrangement: String, CaseIterable {
    /// Cards of 24x5 in rows.
    case grid
    /// One full-width row a book.
    case list
    /// Columns of cards as tall as their titles need.
    case waterfall
    /// Each group one row of cards as wide as their titles, scrolling sideways.
    case shelves

    /// The arrangement after this one (back to the grid after the shelves).
    var next: Arrangement {
      let all = Self.allCases
      return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
  }

  private(set) var document: CatalogueDocument
  /// What the grid shows: the library, filtered.
  private(set) var shown: Catalogue
  /// The filter (empty: every book).
  private(set) var query = ""
  private var search = BookSearch()
  private(set) var sourceName: String
  let skipped: [SkippedRow]
  private(set) var arrangement = Arrangement.grid
  /// Earlier libraries, the latest last (u goes back one).
  private var undoStack: [Catalogue] = []
  /// Set when a move left what is shown out of step with the library (an emptied group).
  private var needsResync = false

  static let cardSize = Size(width: 24, height: 5)
  /// A card with a cover: the cover (14 x 9 inside the border), two lines of title and the year under it.
  static let coverCardSize = Size(width: 16, height: 14)

  var library: Catalogue { document.library }
  /// The cover files, by ISBN (nil: cards without covers).
  let covers: CoverIndex?
  /// Makes the covers' pictures in the background.
  let loader: PictureLoader?
  /// Plain boards for books without a cover file, by title.
  private var plainCovers: [String: PlainCover] = [:]

  init(
    document: CatalogueDocument, sourceName: String, skipped: [SkippedRow], covers: CoverIndex? = nil,
    loader: PictureLoader? = nil
  ) {
    self.document = document
    self.shown = document.library
    self.sourceName = sourceName
    self.skipped = skipped
    self.covers = covers
    self.loader = covers == nil ? nil : loader ?? PictureLoader()
    super.init(layout: Self.flowLayout(for: .grid, covers: covers != nil))
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

  /// The grid: cards of 24x5; the list: one full-width row per book (a
  /// flow layout clips an item wider than the line to the line).
  static func flowLayout(for arrangement: Arrangement, covers: Bool = false) -> FlowLayout {
    let size = arrangement == .list ? Size(width: 10_000, height: 3) : covers ? coverCardSize : cardSize
    let layout = FlowLayout(
      itemSize: size, minimumInteritemSpacing: 1, minimumLineSpacing: 0,
      sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1),
      headerReferenceSize: Size(width: 0, height: 1), footerReferenceSize: Size(width: 0, height: 1))
    layout.sectionHeadersPinToVisibleBounds = true
    layout.lineAlignment = .leading
    return layout
  }

  /// The layout of an arrangement; the waterfall and the shelves ask this
  /// scene for their cards' heights and widths.
  func layout(for arrangement: Arrangement) -> any CollectionLayout {
    switch arrangement {
    case .grid, .list:
      return Self.flowLayout(for: arrangement, covers: covers != nil)
    case .waterfall:
      let layout = WaterfallLayout(
        columns: .minimumWidth(Self.cardSize.width), interColumnSpacing: 1,
        sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1), headerHeight: 1, footerHeight: 1)
      layout.delegate = self
      return layout
    case .shelves:
      let layout = ShelfLayout(itemHeight: Self.cardSize.height, shelfSpacing: 0, headerHeight: 1, plankHeight: 1)
      layout.delegate = self
      return layout
    }
  }

  /// The longest title line a card wraps to, and the most lines.
  static let waterfallTitleLines = 6
  static let shelfCardWidths = 16.0...36.0

  /// The rows of a cover above a waterfall card's title: a book's shape (2:3) at the column's width, within 6...14.
  static func waterfallCoverRows(columnWidth: Double) -> Int {
    min(14, max(6, Int((columnWidth - 2) * 3 / 4)))
  }

  /// A waterfall card is as tall as its title needs wrapped to the column
  /// (borders, up to six title lines and the detail line). Asked once per
  /// book when the layout is prepared, not per frame.
  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    let title = shown.groups[indexPath.section].books[indexPath.item].title
    let lines = TextLayout.wrap(title, width: max(1, Int(columnWidth) - 4), maxLines: Self.waterfallTitleLines).count
    return Double(2 + max(1, lines) + 1 + (covers == nil ? 0 : Self.waterfallCoverRows(columnWidth: columnWidth)))
  }

  /// A shelf card is as wide as its title or detail line (with its border
  /// and padding), within 16...36 cells: a self-sizing card, measured once
  /// per book when the layout is prepared.
  func shelfLayout(_ layout: ShelfLayout, widthForItemAt indexPath: IndexPath) -> Double {
    let book = shown.groups[indexPath.section].books[indexPath.item]
    let width = Double(max(DisplayWidth.of(book.title), DisplayWidth.of(detailText(for: book))) + 4)
    return min(max(width, Self.shelfCardWidths.lowerBound), Self.shelfCardWidths.upperBound)
  }

  /// The plank under a shelf: a rule, with ◀ or ▶ where the shelf has books
  /// out of view on that side.
  static func plank(for attributes: LayoutAttributes, in view: CollectionView) -> CellContent {
    let shelves = view.collectionViewLayout as? any SectionScrollingLayout
    let s = attributes.indexPath.section
    let left = (shelves?.horizontalOffset(ofSection: s) ?? 0) > 0
    let right = shelves.map { $0.horizontalOffset(ofSection: s) < $0.maximumHorizontalOffset(ofSection: s) } ?? false
    return .custom { surface, frame, _ in
      let style = Style(foreground: .brightBlack)
      surface.fill(frame, with: "▔", style: style)
      let marks = Style(foreground: .cyan, attributes: [.bold])
      if left { surface.draw("◀ more", x: frame.x + 1, y: frame.y, style: marks) }
      if right { surface.draw("more ▶", x: frame.maxX - 7, y: frame.y, style: marks) }
    }
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
    let gone = Set(paths.map { shown.groups[$0.section].books[$0.item].id })
    let first = shown.groups[paths[0].section].books[paths[0].item]
    let what = gone.count == 1 ? "“\(first.title)”" : "\(gone.count) books"
    change(to: library.keeping { !gone.contains($0.id) }, message: "deleted \(what) · u undoes")
  }

  /// Adds a book into its group (creating the group when new), animated,
  /// and focuses it; its row gets the file's columns.
  func add(_ book: Book) {
    var book = book
    book.id = (library.books.map(\.id).max() ?? 0) + 1
    book.fields = document.format.fields(title: book.title, author: book.author, year: book.year, shelves: book.shelves)
    let next = Catalogue(books: library.books + [book], grouping: library.grouping, sort: library.sort)
    let hidden = !matchesQuery(book)
    guard change(to: next, message: "added “\(book.title)”\(hidden ? " (hidden by the filter)" : "") · u undoes") else {
      return
    }
    if let p = shown.snapshot.indexPath(of: book.id) { collectionView.focusItem(at: p) }
  }

  /// Goes back to the library before the last edit.
  func undo() {
    guard let previous = undoStack.popLast() else {
      message = "nothing to undo"
      return
    }
    search = BookSearch()  // an undone move may give a book its old shelf back
    change(to: previous, message: "undone", as: .undo)
  }

  /// How a change of the library is treated.
  enum ChangeKind {
    /// An edit: undoable, and the selection is cleared.
    case edit
    /// An undo: the selection is cleared.
    case undo
    /// Another view of the same books (a filter, an order): the selection stays.
    case view
  }

  /// Shows `next` in place of the library: the difference of what is shown
  /// before and after is one animated batch. Returns false (keeping
  /// everything as it was) when the batch is refused.
  @discardableResult
  private func change(to next: Catalogue, message text: String?, as kind: ChangeKind = .edit) -> Bool {
    let previous = document.library
    let previousShown = shown
    let nextShown = filteredView(of: next)
    do {
      let update = try nextShown.snapshot.batchUpdate(from: previousShown.snapshot)
      try collectionView.performBatchUpdates {
        document.library = next
        shown = nextShown
        try collectionView.apply(update)
      }
    } catch {
      document.library = previous
      shown = previousShown
      message = "\(error)"
      return false
    }
    if kind == .edit {
      undoStack.append(previous)
      if undoStack.count > 100 { undoStack.removeFirst() }
    }
    if kind != .view { collectionView.selectItem(at: nil) }
    if let text { message = text }
    return true
  }

  /// Goes to the next arrangement (grid, list, waterfall, shelves), animated.
  func switchArrangement() {
    arrangement = arrangement.next
    collectionView.setLayout(layout(for: arrangement), animated: true)
    message = "layout: \(arrangement.rawValue)"
  }

  /// The next order within groups (o): file, title, year, author.
  func cycleSort() {
    let next = library.sort.next
    change(to: library.regrouped(by: library.grouping, sort: next), message: "order: \(next.rawValue)", as: .view)
  }

  // MARK: filter

  /// The library as the filter shows it.
  private func filteredView(of library: Catalogue) -> Catalogue {
    guard !query.isEmpty else { return library }
    let folded = BookSearch.fold(query)
    return library.filtered { search.matches($0, folded: folded) }
  }

  private func matchesQuery(_ book: Book) -> Bool {
    search.matches(book, folded: BookSearch.fold(query))
  }

  /// Narrows the grid to the books matching `text`, animated; the focus stays on its book where it can.
  func setQuery(_ text: String) {
    guard text != query else { return }
    query = text
    change(to: library, message: nil, as: .view)
  }

  // MARK: saving

  /// Saves to the file the catalogue came from (and quits after, when
  /// `thenQuit`); the bundled one asks for a name first, and a save that
  /// needs a yes asks for it.
  func save(thenQuit: Bool = false, confirmed: Bool = false) {
    do {
      try document.save(confirmed: confirmed)
    } catch .needsPath {
      askForSavePath(thenQuit: thenQuit)
      return
    } catch .needsConfirmation(let question) {
      confirmSave(question) { [unowned self] in save(thenQuit: thenQuit, confirmed: true) }
      return
    } catch {
      message = Self.describe(error)
      return
    }
    message = "saved \(library.bookCount) books to \(sourceName)"
    if thenQuit { quit() }
  }

  /// Asks before a save that needs a yes: s saves, Esc leaves the file as it is.
  private func confirmSave(_ question: String, then save: @escaping () -> Void) {
    present(
      PromptOverlay(
        "Save? \(question)", choices: [.init("s", "saves") { save() }], cancelTitle: "does not save"))
  }

  /// A failed save for the status line: the reason first, the edits kept.
  static func describe(_ error: CatalogueSaveError) -> String {
    switch error {
    case .failed(let e): return "not saved, edits kept: \(e.reason) (\(e.step))"
    default: return "not saved, edits kept: \(error)"
    }
  }

  /// The file name input (S, or s on the bundled catalogue). Naming a file
  /// that exists asks again: Enter then replaces it (typing changes the
  /// name, which must be confirmed again).
  func askForSavePath(_ text: String? = nil, replacing: Bool = false, thenQuit: Bool = false) {
    let hint = replacing ? " · it exists: Enter replaces it · Esc cancels" : " · Enter saves · Esc cancels"
    let input = TextInputOverlay(
      label: " Save as: ", text: text ?? document.path ?? "", hint: { _ in hint },
      onSubmit: { [unowned self] path in save(as: path, replacing: replacing, thenQuit: thenQuit) })
    if replacing {
      input.onChange = { [unowned self, unowned input] text in
        dismiss(input)
        askForSavePath(text, thenQuit: thenQuit)
      }
    }
    present(input)
  }

  /// Saves under a new name: the catalogue is that file from now on.
  private func save(as input: String, replacing: Bool, thenQuit: Bool, confirmed: Bool = false) {
    var path = input.trimmingCharacters(in: .whitespaces)
    guard !path.isEmpty else {
      askForSavePath(input, thenQuit: thenQuit)
      return
    }
    if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
      path = home + path.dropFirst()
    }
    if !replacing, path != document.path, FileManager.default.fileExists(atPath: path) {
      askForSavePath(input, replacing: true, thenQuit: thenQuit)
      return
    }
    do {
      try document.save(to: path, confirmed: confirmed)
    } catch .needsConfirmation(let question) {
      confirmSave(question) { [unowned self] in save(as: input, replacing: true, thenQuit: thenQuit, confirmed: true) }
      return
    } catch {
      message = Self.describe(error)
      return
    }
    sourceName = (path as NSString).lastPathComponent
    message = "saved \(library.bookCount) books to \(path)"
    if thenQuit { quit() }
  }

  /// q with unsaved edits asks: s saves and quits, q quits without saving, Esc stays.
  override func shouldQuit() -> Bool {
    guard document.isModified else { return true }
    present(
      PromptOverlay(
        "Unsaved changes to \(sourceName)",
        choices: [
          .init("s", "saves and quits") { [unowned self] in save(thenQuit: true) },
          .init("q", "quits without saving") { [unowned self] in quit() },
        ], cancelTitle: "stays"))
    return false
  }

  // MARK: data source

  override func numberOfSections(in collectionView: CollectionView) -> Int { shown.groups.count }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    shown.groups[section].books.count
  }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellContent {
    let book = shown.groups[indexPath.section].books[indexPath.item]
    let detail = detailText(for: book)
    if arrangement == .list {
      return CellContent(title: detail.isEmpty ? book.title : "\(book.title) · \(detail)", border: .rounded)
    }
    if arrangement == .shelves {
      return CellContent(title: book.title, titleLineLimit: 2, detail: detail, border: .rounded, alignment: .center)
    }
    let lines = arrangement == .waterfall ? Self.waterfallTitleLines : 2
    if covers != nil {
      // The cover with the title and the year under it.
      return CellContent(
        title: book.title, titleLineLimit: lines, detail: book.yearText, border: .rounded, badge: ratingBadge(for: book),
        alignment: .center, padding: 0, picture: CellPicture(cover(for: book), placement: .top))
    }
    return CellContent(title: book.title, titleLineLimit: lines, detail: detail, border: .rounded, badge: ratingBadge(for: book))
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
  ) -> CellContent {
    let group = shown.groups[indexPath.section]
    if kind == .header {
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

  // MARK: moving

  /// A book moved with m or the mouse: it takes its new place in the file's
  /// order (next to its neighbours as shown), and when grouped by shelf and
  /// moved to another shelf, that shelf becomes its first. u undoes.
  override func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    var groups = shown.groups
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
    undoStack.append(library)
    document.library = library.placing(book, before: next, after: previous)
    // Show what the view shows now; an emptied group goes after this call.
    shown = Catalogue(groups: groups, grouping: shown.grouping, sort: .file, books: shown.books)
    needsResync = true
    message = "moved “\(book.title)”\(source.section != destination.section ? " to \(target)" : "") · u undoes"
  }

  override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }

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

  /// A book's fields for the detail panel: title, author, year, shelves,
  /// then the file's other columns that have a value.
  static func detailRows(for book: Book) -> [PanelOverlay.Row] {
    var rows: [PanelOverlay.Row] = [.init("Title", book.title), .init("Author", book.author)]
    if !book.yearText.isEmpty { rows.append(.init("Year", book.yearText)) }
    if !book.shelves.isEmpty { rows.append(.init("Shelves", book.shelves.joined(separator: ", "))) }
    if !book.status.isEmpty { rows.append(.init("Status", book.status)) }
    if book.rating > 0 { rows.append(.init("My rating", "\(stars(book.rating)) (\(book.rating) of 5)")) }
    let shown: Set<String> = [
      "title", "author", "year published", "original publication year", "year", "bookshelves", "shelf", "shelves", "exclusive shelf",
      "my rating",
    ]
    for field in book.fields where !shown.contains(field.name.lowercased()) && !field.value.isEmpty {
      // Goodreads' ="0060935464" as the ISBN it wraps.
      let isISBN = field.name.lowercased().hasPrefix("isbn")
      let value = isISBN ? ISBN.unwrap(field.value) : field.value
      if !value.isEmpty { rows.append(.init(field.name, value)) }
    }
    if book.year != nil, let original = book.fields.first(where: { $0.name.lowercased() == "year published" })?.value.trimmedOfSpaces,
      !original.isEmpty, original != book.yearText
    {
      rows.insert(.init("Edition", original), at: min(rows.count, 3))
    }
    return rows
  }

  // MARK: keys

  override var keyCommands: [KeyCommand] {
    var commands = [
      KeyCommand("d", Key(.delete), title: "delete the selected books, or this one", action: deleteBooks),
      KeyCommand("a", Key(.insert), title: "add a book (title, author, year)", action: showAddForm),
      KeyCommand("/", title: "filter by title, author or shelf", action: showFilter),
      KeyCommand("o", title: "order: file, title, year, author", action: cycleSort),
      KeyCommand("s", title: "save") { [unowned self] in save() },
      KeyCommand("S", title: "save under another name") { [unowned self] in askForSavePath() },
      KeyCommand("u", title: "undo the last delete, add or move", action: undo),
      KeyCommand("L", title: "next layout: grid, list, waterfall, shelves", action: switchArrangement),
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

  // MARK: bars

  override var titleText: String? {
    var title = "Book catalogue · \(sourceName) · by \(library.grouping.rawValue) · order: \(library.sort.rawValue)"
    if !query.isEmpty { title += " · filter “\(query)”" }
    if document.isModified { title += " · modified" }
    return title
  }

  override var statusText: String {
    var left =
      query.isEmpty
      ? "\(shown.bookCount) books · \(shown.groups.count) \(groupNoun)"
      : "\(shown.bookCount) of \(library.bookCount) books · \(shown.groups.count) \(groupNoun)"
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
    return left
  }

  override var statusHints: String {
    collectionView.isMovingItem ? "" : " Enter details  ? help  q quit "
  }

  private var groupNoun: String {
    switch shown.grouping {
    case .author: return shown.groups.count == 1 ? "author" : "authors"
    case .shelf: return shown.groups.count == 1 ? "shelf" : "shelves"
    case .decade: return shown.groups.count == 1 ? "decade" : "decades"
    case .status: return shown.groups.count == 1 ? "status" : "statuses"
    }
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
        let size = self.collectionView(collectionView, cellForItemAt: path).pictureSize(inCellOf: frame.size)
      else { continue }
      loader.prefetch(filesAt: [file], width: size.width, height: size.height, colors: colors)
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
