import GridPlatform

/// One catalogue shown to many viewers at once, each on a thread of its
/// own (a session of a server): the books, their file and its saving, and
/// the revision they are at, behind one lock (a pthread mutex, which the
/// thread sanitizer sees).
///
/// A viewer asks for changes with ``apply(_:)``: requests that name books
/// by id and say what the viewer saw (``CatalogueEdit``). Requests from
/// several viewers at once are applied one after the other, each whole or
/// not at all; one that no longer applies (the book deleted by another
/// viewer) is refused with a ``CatalogueEditError`` that says why, and
/// never made to another book. Each request applied adds one to the
/// ``CatalogueState/revision``.
///
/// A viewer registers with ``addViewer(wakeUp:)``, giving a function that
/// wakes its run loop (a session's `wakeUp`); the catalogue calls every
/// viewer's after each change (a request applied, a save, a viewer coming
/// or going), from the thread that made it, and nothing else: the viewer
/// then pulls the ``state`` on its own thread, and shows the difference
/// with its own grouping, order and filter (a ``Catalogue`` made from the
/// books). Nothing of a viewer's own is kept here.
///
/// ```swift
/// let shared = SharedCatalogue(document: CatalogueDocument(loaded: loaded, path: path))
/// // On each viewer's thread:
/// let viewer = shared.addViewer(wakeUp: session.wakeUp)
/// let result = try shared.apply([.delete(book)])  // or a CatalogueEditError to show
/// let now = shared.state  // after a wake-up: books and revision
/// ```
public final class SharedCatalogue: Sendable {
  /// How the file is laid out (a new book gets its columns).
  public let format: CatalogueFormat
  /// The rows of the file that were not read as books, and why.
  public let skipped: [SkippedRow]
  private let guarded: Locked<Shared>

  /// Everything behind the lock.
  private struct Shared: Sendable {
    var edits: CatalogueEdits
    var document: CatalogueDocument
    var viewers: [Int: @Sendable () -> Void] = [:]
    var nextViewer = 0
  }

  /// The catalogue of `document`'s books, saved to its file.
  public convenience init(document: CatalogueDocument) {
    self.init(document: document, logLimit: 4_096)
  }

  /// The catalogue of `document`'s books, keeping the changes of the
  /// latest requests up to `logLimit` books (``changes(from:to:)``).
  init(document: CatalogueDocument, logLimit: Int) {
    format = document.format
    skipped = document.skipped
    guarded = Locked(
      Shared(edits: CatalogueEdits(books: document.books, format: document.format, logLimit: logLimit), document: document))
  }

  /// What the requests after revision `from` up to revision `to` did, book
  /// by book, in order: what a viewer that showed revision `from` applies
  /// to its own copy to show revision `to`. Nil when a viewer must take the
  /// books in whole (``CatalogueState/books``): the changes are no longer
  /// kept (it fell too far behind), or one of those requests reordered the
  /// file (or left it out of the order of the books' ids, which a viewer
  /// needs to place a book without the whole file).
  public func changes(from: Int, to: Int) -> [CatalogueChange]? {
    guarded.withLock { $0.edits.changes(from: from, to: to) }
  }

  /// The books, their revision, the file's state and how many are viewing, as one.
  public var state: CatalogueState {
    guarded.withLock { Self.state(of: $0) }
  }

  private static func state(of shared: Shared) -> CatalogueState {
    CatalogueState(
      books: shared.edits.books, revision: shared.edits.revision, isModified: shared.document.isModified,
      path: shared.document.path, viewerCount: shared.viewers.count)
  }

  /// The document as it is now (the books, the file, whether it is saved).
  public var document: CatalogueDocument { guarded.withLock { $0.document } }

  /// How many viewers are registered.
  public var viewerCount: Int { guarded.withLock { $0.viewers.count } }

  /// Applies the edits of one request in order, all of them or none (see
  /// ``CatalogueEdit`` for what each checks), then wakes every viewer.
  ///
  /// - Returns: The catalogue after it, the request that undoes it, and the books added.
  /// - Throws: ``CatalogueEditError`` when an edit no longer applies; nothing changed then.
  @discardableResult
  public func apply(_ edits: [CatalogueEdit]) throws(CatalogueEditError) -> CatalogueEditResult {
    let (result, wakeUps) = try guarded.withLock { (shared) throws(CatalogueEditError) -> (CatalogueEditResult, [@Sendable () -> Void]) in
      let (inverse, added) = try shared.edits.apply(edits)
      shared.document.books = shared.edits.books
      return (CatalogueEditResult(state: Self.state(of: shared), inverse: inverse, added: added), Array(shared.viewers.values))
    }
    for wakeUp in wakeUps { wakeUp() }
    return result
  }

  /// Writes the books to `path` (default: their file), atomically, once,
  /// whoever asks (see ``CatalogueDocument/save(to:confirmed:)``), while no
  /// request is applied; then wakes every viewer (the file is saved, or
  /// has another name).
  ///
  /// - Returns: The catalogue as saved.
  @discardableResult
  public func save(to path: String? = nil, confirmed: Bool = false) throws(CatalogueSaveError) -> CatalogueState {
    let (saved, wakeUps) = try guarded.withLock { (shared) throws(CatalogueSaveError) -> (CatalogueState, [@Sendable () -> Void]) in
      try shared.document.save(to: path, confirmed: confirmed)
      return (Self.state(of: shared), Array(shared.viewers.values))
    }
    for wakeUp in wakeUps { wakeUp() }
    return saved
  }

  /// Registers a viewer: `wakeUp` is called (from any thread) after every
  /// change, and every viewer is woken now (the count changed). The viewer
  /// stays registered while the handle is kept.
  public func addViewer(wakeUp: @escaping @Sendable () -> Void) -> CatalogueViewer {
    let (number, wakeUps) = guarded.withLock { shared in
      let number = shared.nextViewer
      shared.nextViewer += 1
      shared.viewers[number] = wakeUp
      return (number, Array(shared.viewers.values))
    }
    for wakeUp in wakeUps { wakeUp() }
    return CatalogueViewer(catalogue: self, number: number)
  }

  /// Unregisters viewer `number` and wakes the others.
  func removeViewer(_ number: Int) {
    let wakeUps = guarded.withLock { shared in
      shared.viewers[number] = nil
      return Array(shared.viewers.values)
    }
    for wakeUp in wakeUps { wakeUp() }
  }
}
