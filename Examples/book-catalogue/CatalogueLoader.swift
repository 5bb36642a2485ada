import CSV
import Foundation

/// Why a catalogue could not be opened.
enum CatalogueError: Error, CustomStringConvertible, Equatable {
  case fileNotFound(String)
  case unreadable(String, reason: String)
  case missingTitleColumn(String, header: [String])

  var description: String {
    switch self {
    case .fileNotFound(let path): return "\(path): no such file"
    case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
    case .missingTitleColumn(let path, let header):
      return "\(path): no Title column (found: \(header.joined(separator: ", "))); expected a Goodreads export or a title,author,year header"
    }
  }
}

/// A row that was skipped, and why.
struct SkippedRow: Equatable, Sendable {
  var line: Int
  var reason: String
}

/// The books read from a file, the rows that were skipped, and how the
/// file is laid out (for saving it back).
struct LoadedCatalogue: Sendable {
  var books: [Book]
  var skipped: [SkippedRow]
  var format = CatalogueFormat.plain
  /// The fields of the skipped rows, as read: saving writes them back, after the books.
  var keptRows: [[String]] = []
  /// The line from which the file could not be read at all (saving over it would lose the rest).
  var unreadableFromLine: Int?
}

/// Reads catalogue CSV files: Goodreads exports (Title, Author, Year
/// Published, Bookshelves; other columns kept for the detail view) or a
/// plain title,author,year[,shelf] header. A UTF-8 BOM and CRLF line ends are
/// tolerated; a malformed row is skipped and reported.
enum CatalogueLoader {
  static let titleNames = ["title"]
  static let authorNames = ["author", "author l-f"]
  static let yearNames = ["year published", "original publication year", "year"]
  static let shelfNames = ["bookshelves", "shelf", "shelves", "exclusive shelf"]

  static func load(path: String) throws -> LoadedCatalogue {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { throw CatalogueError.fileNotFound(path) }
      throw CatalogueError.unreadable(path, reason: String(cString: strerror(errno)))
    }
    // Say what it is when it is not a file (a FIFO would block, /dev/null reads as nothing).
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw CatalogueError.unreadable(path, reason: "it is a directory, not a file")
    case S_IFIFO: throw CatalogueError.unreadable(path, reason: "it is a named pipe (FIFO), not a file")
    case S_IFCHR, S_IFBLK: throw CatalogueError.unreadable(path, reason: "it is a device, not a file")
    case S_IFSOCK: throw CatalogueError.unreadable(path, reason: "it is a socket, not a file")
    default: throw CatalogueError.unreadable(path, reason: "it is not a regular file")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CatalogueError.unreadable(path, reason: String(cString: strerror(errno)))
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.readToEnd() ?? Data()
    } catch {
      throw CatalogueError.unreadable(path, reason: "\(error.localizedDescription)")
    }
    return try parse(String(decoding: data, as: UTF8.self), name: path)
  }

  /// The title in a field (surrounding white space dropped).
  static func title(_ field: String) -> String { field.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// The author in a field ("Unknown author" when empty).
  static func author(_ field: String) -> String {
    let a = field.trimmingCharacters(in: .whitespacesAndNewlines)
    return a.isEmpty ? "Unknown author" : a
  }

  /// The year in a field: nil when empty; "1813" and "1813.0" are 1813.
  struct NotAYear: Error {}
  static func year(_ field: String) throws -> Int? {
    let text = field.trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return nil }
    guard let y = Int(text) ?? Double(text).flatMap({ $0 == $0.rounded() && abs($0) < 1e9 ? Int($0) : nil }) else {
      throw NotAYear()
    }
    return y
  }

  /// The shelves in a field: "to-read, history".
  static func shelves(_ field: String) -> [String] {
    field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  static func parse(_ text: String, name: String) throws -> LoadedCatalogue {
    var text = text
    let hasByteOrderMark = text.hasPrefix("\u{FEFF}")
    if hasByteOrderMark { text.removeFirst() }
    let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" }
    let lineEnding: CatalogueFormat.LineEnding =
      text.dropFirst(firstLine.count).first == "\r\n" ? .crlf : .lf
    let reader: CSVReader
    do {
      reader = try CSVReader(string: text, hasHeaderRow: true)
    } catch {
      throw CatalogueError.unreadable(name, reason: "\(error)")
    }
    let rawHeader = reader.headerRow ?? []
    let header = rawHeader.map { $0.trimmingCharacters(in: .whitespaces) }
    func column(_ names: [String]) -> Int? {
      let lower = header.map { $0.lowercased() }
      for n in names { if let i = lower.firstIndex(of: n) { return i } }
      return nil
    }
    guard let titleColumn = column(titleNames) else {
      throw CatalogueError.missingTitleColumn(name, header: header)
    }
    let authorColumn = column(authorNames)
    let yearColumn = column(yearNames)
    let shelfColumn = column(shelfNames)

    let format = CatalogueFormat(
      header: rawHeader, hasByteOrderMark: hasByteOrderMark, lineEnding: lineEnding, titleColumn: titleColumn,
      authorColumn: authorColumn, yearColumn: yearColumn, shelfColumn: shelfColumn)
    var books: [Book] = []
    var skipped: [SkippedRow] = []
    var keptRows: [[String]] = []
    var unreadableFromLine: Int?
    var line = 1
    while true {
      line += 1
      let row: [String]?
      do {
        row = try nextRow(reader)
      } catch {
        skipped.append(SkippedRow(line: line, reason: "unreadable CSV from here on (\(error))"))
        unreadableFromLine = line
        break
      }
      guard let row else { break }
      if row.count == 1, row[0].trimmingCharacters(in: .whitespaces).isEmpty { continue }  // blank line
      func skip(_ reason: String) {
        skipped.append(SkippedRow(line: line, reason: reason))
        keptRows.append(row)
      }
      guard row.count == header.count else {
        skip("\(row.count) fields, the header has \(header.count)")
        continue
      }
      let title = title(row[titleColumn])
      guard !title.isEmpty else {
        skip("no title")
        continue
      }
      let year: Int?
      do {
        year = try yearColumn.flatMap { try Self.year(row[$0]) }
      } catch {
        skip("year \"\(row[yearColumn!].trimmingCharacters(in: .whitespaces))\" is not a number")
        continue
      }
      books.append(Book(
        title: title, author: author(authorColumn.map { row[$0] } ?? ""), year: year,
        shelves: shelfColumn.map { shelves(row[$0]) } ?? [],
        fields: zip(header, row).map { (name: $0, value: $1) }, id: books.count + 1))
    }
    return LoadedCatalogue(
      books: books, skipped: skipped, format: format, keptRows: keptRows, unreadableFromLine: unreadableFromLine)
  }

  private static func nextRow(_ reader: CSVReader) throws -> [String]? {
    // CSVReader reports errors through its `error` property after next() returns nil.
    if let row = reader.next() { return row }
    if let error = reader.error { throw error }
    return nil
  }
}
