import Foundation

/// The catalogue being edited: its books, the file they came from and go
/// back to (nil for the bundled catalogue, which is never written), the
/// format to write, and whether there are edits not yet saved.
///
/// The file's content only: how a viewer groups, orders and filters the
/// books is that viewer's own ``Catalogue``, made from ``books``. A
/// catalogue shown to several viewers at once is a ``SharedCatalogue``,
/// which holds its document.
public struct CatalogueDocument: Sendable {
  /// Every book, in the file's order (added books where they were placed).
  public var books: [Book] {
    didSet { isModified = !Self.same(books, savedBooks) }
  }
  /// The file the books came from and are saved to; nil for the bundled
  /// catalogue, which is never written (until saved under a name).
  public private(set) var path: String?
  /// How the file is laid out: what a save writes, and the columns a new book gets.
  public let format: CatalogueFormat
  let keptRows: [KeptRow]
  /// The rows that were not read as books, and why.
  public let skipped: [SkippedRow]
  /// Whether saving over the file with rows that are not books was agreed to.
  private var keptRowsConfirmed = false
  private var savedBooks: [Book]
  /// True when the books differ from the file (an insert, a delete or a reorder).
  public private(set) var isModified = false

  /// The books of `loaded`, read from `path` (nil: the bundled catalogue).
  public init(loaded: LoadedCatalogue, path: String?) {
    books = loaded.books
    self.path = path
    format = loaded.format
    keptRows = loaded.keptRows
    skipped = loaded.skipped
    savedBooks = loaded.books
  }

  /// The file's bytes for the books as they are now.
  public func encoded() -> Data {
    CatalogueWriter.encode(books, format: format, keptRows: keptRows)
  }

  /// Writes the books to `path` (default: the file they came from), atomically;
  /// afterwards that is the document's file. On failure nothing changes.
  ///
  /// Unless `confirmed`, it first throws `needsConfirmation` when an edited
  /// book's row held bytes that are not UTF-8 (they would be written as
  /// U+FFFD), or, the first time the file is saved over, when it has rows
  /// that are not books (they are written back as they were, in their places).
  public mutating func save(to newPath: String? = nil, confirmed: Bool = false) throws(CatalogueSaveError) {
    guard let target = newPath ?? path else { throw .needsPath }
    if !confirmed {
      let lines = CatalogueWriter.linesLosingBytes(books, format: format)
      if let first = lines.first {
        let which = lines.count == 1 ? "the edited book from line \(first) has" : "\(lines.count) edited books (line \(first), …) have"
        throw .needsConfirmation("\(which) bytes that are not UTF-8: saving writes them as �")
      }
      if target == path, !keptRowsConfirmed, let first = skipped.first {
        let rows = skipped.count == 1 ? "1 row that is not a book" : "\(skipped.count) rows that are not books"
        throw .needsConfirmation(
          "\(rows) (line \(first.line): \(first.reason)) will be written back as \(skipped.count == 1 ? "it was" : "they were")")
      }
    }
    do {
      try AtomicFile.write(encoded(), to: target)
    } catch {
      throw .failed(error)
    }
    path = target
    keptRowsConfirmed = true
    savedBooks = books
    isModified = false
  }

  private static func same(_ a: [Book], _ b: [Book]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.id == $1.id && $0 == $1 }
  }
}
