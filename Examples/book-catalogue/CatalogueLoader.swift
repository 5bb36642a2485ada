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

/// The books read from a file and the rows that were skipped.
struct LoadedCatalogue: Sendable {
  var books: [Book]
  var skipped: [SkippedRow]
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
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CatalogueError.fileNotFound(path)
    }
    if isDirectory.boolValue { throw CatalogueError.unreadable(path, reason: "it is a directory") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CatalogueError.unreadable(path, reason: "permission denied or I/O error")
    }
    return try parse(String(decoding: data, as: UTF8.self), name: path)
  }

  static func parse(_ text: String, name: String) throws -> LoadedCatalogue {
    var text = text
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let reader: CSVReader
    do {
      reader = try CSVReader(string: text, hasHeaderRow: true)
    } catch {
      throw CatalogueError.unreadable(name, reason: "\(error)")
    }
    let header = (reader.headerRow ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
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

    var books: [Book] = []
    var skipped: [SkippedRow] = []
    var line = 1
    while true {
      line += 1
      let row: [String]?
      do {
        row = try nextRow(reader)
      } catch {
        skipped.append(SkippedRow(line: line, reason: "unreadable CSV from here on (\(error))"))
        break
      }
      guard let row else { break }
      if row.count == 1, row[0].trimmingCharacters(in: .whitespaces).isEmpty { continue }  // blank line
      guard row.count == header.count else {
        skipped.append(SkippedRow(line: line, reason: "\(row.count) fields, the header has \(header.count)"))
        continue
      }
      let title = row[titleColumn].trimmingCharacters(in: .whitespacesAndNewlines)
      guard !title.isEmpty else {
        skipped.append(SkippedRow(line: line, reason: "no title"))
        continue
      }
      var year: Int?
      if let yc = yearColumn {
        let text = row[yc].trimmingCharacters(in: .whitespaces)
        if !text.isEmpty {
          guard let y = Int(text) ?? Double(text).flatMap({ $0 == $0.rounded() ? Int($0) : nil }) else {
            skipped.append(SkippedRow(line: line, reason: "year \"\(text)\" is not a number"))
            continue
          }
          year = y
        }
      }
      let author = authorColumn.map { row[$0].trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
      let shelves = shelfColumn.map {
        row[$0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      } ?? []
      books.append(Book(
        title: title, author: author.isEmpty ? "Unknown author" : author, year: year, shelves: shelves,
        fields: zip(header, row).map { (name: $0, value: $1) }, id: books.count + 1))
    }
    return LoadedCatalogue(books: books, skipped: skipped)
  }

  private static func nextRow(_ reader: CSVReader) throws -> [String]? {
    // CSVReader reports errors through its `error` property after next() returns nil.
    if let row = reader.next() { return row }
    if let error = reader.error { throw error }
    return nil
  }
}
