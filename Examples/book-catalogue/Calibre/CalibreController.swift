import BookCatalogueModel
import Foundation
import TermGrid
import TermGridImages

/// A Calibre library on screen, read only: a card per book with its cover
/// and its title and year under it, grouped by author, series, tag, rating
/// or decade (g goes to the next). Only what is on screen is read: the
/// groups' counts come from one query, a group's books are listed when it
/// first shows, a book's fields when its card is drawn, its cover in the
/// background. Enter shows the book with a large cover beside its fields.
///
/// The library is watched while it is shown (``LibraryWatcher``): what
/// Calibre adds, changes or removes comes in as an animated update, the
/// focus staying on its book. A read that finds the library locked (Calibre
/// writing) shows the card as waiting and is tried again; a library that
/// stays locked, or can no longer be read in place, is read from a private
/// copy until it can be (see ``CalibreReadMode``).
final class CalibreController: CollectionViewController, CollectionViewDataSourcePrefetching {
  /// The library shown (opened again when its files say it must be).
  var library: CalibreLibrary
  var grouping: CalibreGrouping
  var groups: [CalibreGroup] = []
  /// Each group's book ids, listed when the group first shows.
  var idsBySection: [Int: [Int64]] = [:]
  let loader: PictureLoader
  private var plainCovers: [String: PlainCover] = [:]
  /// Watches the library's files (see ``lookAtTheLibrary()``).
  let watcher: LibraryWatcher
  /// A read found the library locked: nothing is read until the next look
  /// (each read would wait for the lock, on the main thread), and cards
  /// not read yet show as waiting.
  var isWaitingForLock = false
  /// When reads began to find the library locked (nil: they do not).
  var lockedSince: ContinuousClock.Instant?
  /// A read failed in a way that opening the library again may mend.
  var needsReopen = false
  /// The library's `data_version` when it was last read in full.
  var shownDataVersion: Int64?

  /// A controller for `library`; its covers come from `loader`, by default
  /// one that reads only files inside the library (``coverLoader(confinedTo:)``).
  /// A grouping that cannot be read (its table missing) is passed over for
  /// the next that can, and the message says why; throws when none can.
  init(library: CalibreLibrary, grouping: CalibreGrouping = .author, loader: PictureLoader? = nil) throws {
    self.library = library
    let found = try Self.readableGrouping(from: grouping, in: library)
    self.grouping = found.grouping
    self.loader = loader ?? Self.coverLoader(confinedTo: library.folder)
    watcher = LibraryWatcher(path: library.path)
    shownDataVersion = try? library.dataVersion()
    super.init(layout: CatalogueController.flowLayout(covers: true))
    collectionView.allowsMultipleSelection = false
    collectionView.backgroundWork = [self.loader]
    collectionView.prefetchDataSource = self
    groups = found.groups
    message = found.passedOver ?? library.readMode.explanation
    collectionView.reloadData()
  }

  /// The first grouping from `start` on (in g's order) whose groups can be
  /// read, with them, and what was said of those passed over (nil when
  /// none was). A locked library passes nothing over: its error is thrown,
  /// as is the first error when no grouping can be read.
  static func readableGrouping(from start: CalibreGrouping, in library: CalibreLibrary, stoppingBefore end: CalibreGrouping? = nil)
    throws -> (grouping: CalibreGrouping, groups: [CalibreGroup], passedOver: String?)
  {
    var grouping = start
    var failures: [String] = []
    var firstError: (any Error)?
    repeat {
      do {
        let groups = try library.groups(by: grouping)
        return (grouping, groups, failures.isEmpty ? nil : failures.joined(separator: "; ") + ": by \(grouping.rawValue)")
      } catch let error as SQLiteError where error.isLocked {
        throw error
      } catch {
        firstError = firstError ?? error
        failures.append("cannot group by \(grouping.rawValue) (\(error))")
      }
      grouping = grouping.next
    } while grouping != (end ?? start)
    throw firstError!
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

  /// The books of section `s` (listed now if not yet; none while the
  /// library is locked, and none kept when it cannot be read).
  func ids(inSection s: Int) -> [Int64] {
    if let ids = idsBySection[s] { return ids }
    guard !isWaitingForLock else { return [] }
    do {
      let ids = try library.bookIDs(in: groups[s], by: grouping)
      // Listed after a change the counts do not have yet: the next look reads both again.
      if ids.count != groups[s].count { watcher.look(after: .zero) }
      idsBySection[s] = ids
      return ids
    } catch {
      readFailed(error)
      return []
    }
  }

  /// What a card shows: its book, or why it shows none.
  enum CardBook {
    case book(CalibreBook)
    /// Not read yet: the library is locked, or being read again.
    case waiting
    /// The database cannot give it.
    case unreadable
  }

  /// The book at an index path, or why there is none.
  func lookUp(_ indexPath: IndexPath) -> CardBook {
    let ids = ids(inSection: indexPath.section)
    guard indexPath.item < ids.count else { return .waiting }
    let id = ids[indexPath.item]
    if let known = library.cachedBook(id) { return .book(known) }
    guard !isWaitingForLock else { return .waiting }
    do {
      return .book(try library.book(id))
    } catch {
      readFailed(error)
      return isWaitingForLock || needsReopen ? .waiting : .unreadable
    }
  }

  /// The book at an index path, or nil when it cannot be read (now).
  func book(at indexPath: IndexPath) -> CalibreBook? {
    if case .book(let book) = lookUp(indexPath) { return book }
    return nil
  }

  // MARK: data source

  override func numberOfSections(in collectionView: CollectionView) -> Int { groups.count }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    groups[section].count
  }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    switch lookUp(indexPath) {
    case .book(let book): return content(for: book)
    case .waiting: return ElementContent(title: "…", border: .rounded, alignment: .center)
    case .unreadable: return ElementContent(title: "(unreadable book)", border: .rounded, alignment: .center)
    }
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

  // MARK: watching

  /// The library is watched while shown: the watcher wakes the run loop
  /// when its files change, so nothing is looked at while nothing happens;
  /// only a look asked for later (a locked library tried again) has the
  /// loop look every frame interval until it is due.
  override var hasPendingWork: Bool { super.hasPendingWork || watcher.hasLookAhead }

  /// Gives the watcher the run loop's wake-up.
  override func willStart(wakeUp: @escaping @Sendable () -> Void) {
    super.willStart(wakeUp: wakeUp)
    watcher.onChange = wakeUp
  }

  /// Takes finished pictures in, then looks at the library when its files
  /// changed or a look is due.
  override func takeFinishedWork() {
    super.takeFinishedWork()
    if watcher.takeDue() { lookAtTheLibrary() }
  }

  // MARK: keys

  override var keyCommands: [KeyCommand] {
    [KeyCommand("g", title: "group by author, series, tag, rating, decade") { [unowned self] in regroup() }]
  }

  override var helpTitles: [KeyBindings.HelpTopic: String] { [.activate: "show the book with its cover large"] }

  /// The next grouping that can be read (one whose table is missing is
  /// passed over, and said); the focus goes to the first book.
  func regroup() { regroup(startingAt: grouping.next, stoppingBefore: grouping) }

  /// The first grouping from `start` on that can be read (up to `end`,
  /// else all); the focus goes to the first book.
  func regroup(startingAt start: CalibreGrouping, stoppingBefore end: CalibreGrouping? = nil) {
    let found: (grouping: CalibreGrouping, groups: [CalibreGroup], passedOver: String?)
    do {
      found = try Self.readableGrouping(from: start, in: library, stoppingBefore: end)
    } catch let error as SQLiteError where error.isLocked {
      message = "the library is locked (Calibre is writing): try again in a moment"
      return
    } catch {
      message = "cannot group by \(start.rawValue): \(error)"
      return
    }
    grouping = found.grouping
    groups = found.groups
    idsBySection = [:]
    collectionView.reloadData()
    if let first = groups.indices.first(where: { groups[$0].count > 0 }) {
      collectionView.focusItem(at: IndexPath(item: 0, section: first))
    }
    message = found.passedOver ?? "by \(grouping.rawValue)"
  }

  // MARK: bars

  override var titleText: String? {
    var title = "Calibre library · \((library.folder as NSString).lastPathComponent) · by \(grouping.rawValue) · read-only"
    if let note = library.readMode.note { title += " · " + note }
    return title
  }

  /// The counts and the focused book, with the keys: said together, so a frame asks once.
  override var status: Status {
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
    return Status(text: left, hints: Self.keyHints)
  }

  /// The status line's keys (they never change).
  private static let keyHints: [StatusHint] = ["Enter details", "g group", "? help", "q quit"]
}
