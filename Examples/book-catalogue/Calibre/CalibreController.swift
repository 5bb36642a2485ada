import Foundation
import TermGrid
import TermGridImages

/// A Calibre library on screen, read only: a card per book with its cover
/// and its title and year under it, grouped by author, series, tag, rating
/// or decade (g goes to the next). Only what is on screen is read: the
/// groups' counts come from one query, a group's books are listed when it
/// first shows, a book's fields when its card is drawn, its cover in the
/// background. Enter shows the book with a large cover beside its fields.
final class CalibreController: CollectionViewController, CollectionViewDataSourcePrefetching {
  let library: CalibreLibrary
  private(set) var grouping: CalibreGrouping
  private(set) var groups: [CalibreGroup] = []
  /// Each group's book ids, listed when the group first shows.
  private var idsBySection: [Int: [Int64]] = [:]
  let loader: PictureLoader
  private var plainCovers: [String: PlainCover] = [:]
  /// Books that could not be read (a damaged database): their cards say so.
  private(set) var readErrors = 0

  /// A controller for `library`; its covers come from `loader`, by default
  /// one that reads only files inside the library (``coverLoader(confinedTo:)``).
  init(library: CalibreLibrary, grouping: CalibreGrouping = .author, loader: PictureLoader? = nil) throws {
    self.library = library
    self.grouping = grouping
    self.loader = loader ?? Self.coverLoader(confinedTo: library.folder)
    super.init(layout: CatalogueController.flowLayout(covers: true))
    collectionView.allowsMultipleSelection = false
    collectionView.backgroundWork = [self.loader]
    collectionView.prefetchDataSource = self
    groups = try library.groups(by: grouping)
    collectionView.reloadData()
  }

  /// A picture loader that decodes a file only when its real path (links
  /// followed, on the worker thread) is inside `folder`: a cover is
  /// `<library>/<books.path>/cover.jpg`, and neither a hostile `books.path`
  /// nor a link in the library may show a file from elsewhere.
  static func coverLoader(confinedTo folder: String) -> PictureLoader {
    let root = Self.realPath(folder) ?? folder
    return PictureLoader(decode: { file, width, height throws(ImageDecodingError) in
      let path = String(decoding: file)
      guard let real = Self.realPath(path) else { throw .unreadable(path: path, reason: "no such file") }
      guard real.hasPrefix(root == "/" ? "/" : root + "/") else { throw .unreadable(path: path, reason: "outside the library") }
      return try ImageDecoder().decode(contentsOf: real, minimumSize: (width, height))
    })
  }

  /// The path with every link, `.` and `..` resolved, or nil.
  static func realPath(_ path: String) -> String? {
    guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The books of section `s` (listed now if not yet).
  func ids(inSection s: Int) -> [Int64] {
    if let ids = idsBySection[s] { return ids }
    let ids = (try? library.bookIDs(in: groups[s], by: grouping)) ?? []
    idsBySection[s] = ids
    return ids
  }

  /// The book at an index path, or nil when it cannot be read.
  func book(at indexPath: IndexPath) -> CalibreBook? {
    let ids = ids(inSection: indexPath.section)
    guard indexPath.item < ids.count else { return nil }
    return try? library.book(ids[indexPath.item])
  }

  // MARK: data source

  override func numberOfSections(in collectionView: CollectionView) -> Int { groups.count }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    groups[section].count
  }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    guard let book = book(at: indexPath) else {
      return ElementContent(title: "(unreadable book)", border: .rounded, alignment: .center)
    }
    return content(for: book)
  }

  /// A book's card: its cover, title and year, its stars on the border.
  func content(for book: CalibreBook) -> ElementContent {
    let badge = book.rating > 0 ? Badge(CalibreLibrary.stars(book.rating), foreground: .yellow) : nil
    return ElementContent(
      title: book.title, titleLineLimit: 2, detail: book.year.map(String.init) ?? "", border: .rounded, badge: badge,
      alignment: .center, padding: 0, picture: CellPicture(cover(for: book), placement: .top))
  }

  override func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    let group = groups[indexPath.section]
    if kind == .header { return .header(group.name, color: .cyan) }
    return .footer(group.count == 1 ? "1 book" : "\(group.count) books")
  }

  /// The cover file's picture, or a plain board when the book has none.
  func cover(for book: CalibreBook) -> any PictureSource {
    if let path = book.coverPath { return loader.source(forFileAt: path) }
    if let plain = plainCovers[book.title] { return plain }
    let plain = PlainCover(title: book.title)
    plainCovers[book.title] = plain
    return plain
  }

  // MARK: prefetching

  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    let colors = capabilities?.colors ?? .trueColor
    for path in indexPaths {
      guard let book = book(at: path), let file = book.coverPath,
        let size = content(for: book).pictureSize(inElementOf: CatalogueController.coverCardSize)
      else { continue }
      loader.prefetch(
        filesAt: [file], width: size.width, height: size.height, colors: colors, cellPixels: capabilities?.pixelPictureCellSize)
    }
  }

  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
    loader.cancelPrefetching(filesAt: indexPaths.compactMap { book(at: $0)?.coverPath })
  }

  // MARK: the detail

  override func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    guard let id = ids(inSection: indexPath.section).dropFirst(indexPath.item).first else { return }
    let rows: [PanelOverlay.Row]
    do {
      rows = try library.details(of: id).map { PanelOverlay.Row($0.label, $0.value) }
    } catch {
      message = "cannot read this book: \(error)"
      return
    }
    let panel = PanelOverlay(title: "Book", rows: rows, footer: "Esc or q to return")
    if let book = book(at: indexPath), let path = book.coverPath {
      panel.picture = CellPicture(loader.source(forFileAt: path), placement: .leading(width: 30))
      panel.pictureTitle = book.title
    }
    present(panel)
  }

  // MARK: keys

  override var keyCommands: [KeyCommand] {
    [KeyCommand("g", title: "group by author, series, tag, rating, decade") { [unowned self] in regroup() }]
  }

  override var helpTitles: [KeyBindings.HelpTopic: String] { [.activate: "show the book with its cover large"] }

  /// The next grouping; the focus goes to the first book.
  func regroup() {
    let next = grouping.next
    do {
      groups = try library.groups(by: next)
    } catch {
      message = "cannot group by \(next.rawValue): \(error)"
      return
    }
    grouping = next
    idsBySection = [:]
    collectionView.reloadData()
    if let first = groups.indices.first(where: { groups[$0].count > 0 }) {
      collectionView.focusItem(at: IndexPath(item: 0, section: first))
    }
    message = "by \(next.rawValue)"
  }

  // MARK: bars

  override var titleText: String? {
    var title = "Calibre library · \((library.folder as NSString).lastPathComponent) · by \(grouping.rawValue) · read-only"
    switch library.readMode {
    case .immutable(.locked): title += " · locked by Calibre: read as it was when opened"
    case .immutable(.leftOverWriteAheadLog): title += " · changes in metadata.db-wal not shown: open the library in Calibre once"
    case .shared, .immutable(.writeAheadLogNotInUse): break
    }
    return title
  }

  override var statusText: String {
    let noun: String
    switch grouping {
    case .author: noun = groups.count == 1 ? "author" : "authors"
    case .series: noun = "series"
    case .tag: noun = groups.count == 1 ? "tag" : "tags"
    case .rating: noun = groups.count == 1 ? "rating" : "ratings"
    case .decade: noun = groups.count == 1 ? "decade" : "decades"
    }
    var left = "\(library.bookCount) book\(library.bookCount == 1 ? "" : "s") · \(groups.count) \(noun)"
    if message == nil, let f = collectionView.focusedIndexPath, let book = book(at: f) {
      left += " · \(f.item + 1)/\(groups[f.section].count) \(book.title)"
    }
    return left
  }

  override var statusHints: [StatusHint] { ["Enter details", "g group", "? help", "q quit"] }
}
