import Foundation

/// Why the catalogue was not saved. The edits stay in memory either way.
enum CatalogueSaveError: Error, CustomStringConvertible, Equatable {
  /// The bundled catalogue is never written: a path must be given.
  case needsPath
  /// The file could not be read past a line; writing over it would lose the rest.
  case incompleteSource(path: String, line: Int)
  /// The write failed (the old file is untouched).
  case failed(SaveError)

  var description: String {
    switch self {
    case .needsPath: return "the bundled catalogue is not saved over: give a file name"
    case .incompleteSource(let path, let line):
      return "\(path) could not be read past line \(line); saving over it would lose the rest: save under another name (S)"
    case .failed(let error): return "\(error)"
    }
  }
}

/// The catalogue being edited: its books, the file they came from and go
/// back to (nil for the bundled catalogue, which is never written), the
/// format to write, and whether there are edits not yet saved.
struct CatalogueDocument {
  /// Every book, grouped and sorted for showing.
  var library: Catalogue {
    didSet { isModified = !Self.same(library.books, savedBooks) }
  }
  private(set) var path: String?
  let format: CatalogueFormat
  let keptRows: [[String]]
  private(set) var unreadableFromLine: Int?
  private var savedBooks: [Book]
  /// True when the books differ from the file (an insert, a delete or a reorder).
  private(set) var isModified = false

  init(loaded: LoadedCatalogue, path: String?, grouping: Grouping, sort: BookOrder) {
    library = Catalogue(books: loaded.books, grouping: grouping, sort: sort)
    self.path = path
    format = loaded.format
    keptRows = loaded.keptRows
    unreadableFromLine = loaded.unreadableFromLine
    savedBooks = loaded.books
  }

  /// The file's bytes for the books as they are now.
  func encoded() -> Data {
    CatalogueWriter.encode(library.books, format: format, keptRows: keptRows)
  }

  /// Writes the books to `path` (default: the file they came from), atomically;
  /// afterwards that is the document's file. On failure nothing changes.
  mutating func save(to newPath: String? = nil) throws(CatalogueSaveError) {
    guard let target = newPath ?? path else { throw .needsPath }
    if newPath == nil, let line = unreadableFromLine { throw .incompleteSource(path: target, line: line) }
    do {
      try AtomicFile.write(encoded(), to: target)
    } catch {
      throw .failed(error)
    }
    path = target
    unreadableFromLine = nil
    savedBooks = library.books
    isModified = false
  }

  private static func same(_ a: [Book], _ b: [Book]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.id == $1.id && $0 == $1 }
  }
}
