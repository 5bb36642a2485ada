import CSVScanning
import Foundation

/// Reads catalogue CSV files: Goodreads exports (Title, Author, Year
/// Published, Bookshelves; other columns kept for the detail view) or a
/// plain title,author,year[,shelf] header. A UTF-8 BOM and CRLF line ends are
/// tolerated; a malformed row is skipped and reported.
public enum CatalogueLoader {
  static let titleNames = ["title"]
  static let authorNames = ["author", "author l-f"]
  /// The year a reader means first: Goodreads' Original Publication Year
  /// (the edition's Year Published where a row has none).
  static let yearNames = ["original publication year", "year published", "year"]
  static let shelfNames = ["bookshelves", "shelf", "shelves", "exclusive shelf"]
  /// Goodreads' Exclusive Shelf: read, currently-reading or to-read.
  static let statusNames = ["exclusive shelf"]
  /// Goodreads' My Rating, 0 (none) to 5.
  static let ratingNames = ["my rating", "rating"]

  /// A rating field as stars (0 when empty or not 1...5).
  static func rating(_ field: String) -> UInt8 {
    guard let r = Int(field.trimmedOfSpaces), (1...5).contains(r) else { return 0 }
    return UInt8(r)
  }

  /// Reads the catalogue file at `path`; throws a ``CatalogueError`` when
  /// it is missing, cannot be read, or has no Title column.
  public static func load(path: String) throws -> LoadedCatalogue {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path: path)
    } catch .noSuchFile {
      throw CatalogueError.fileNotFound(path)
    } catch {
      throw CatalogueError.unreadable(path, reason: error.description)
    }
    return try parse(bytes: bytes, name: path)
  }

  /// The title in a field (surrounding white space dropped).
  static func title(_ field: String) -> String { field.trimmed }

  /// The author in a field ("Unknown author" when empty).
  static func author(_ field: String) -> String {
    let a = field.trimmed
    return a.isEmpty ? "Unknown author" : a
  }

  /// The year in a field: nil when empty; "1813" and "1813.0" are 1813.
  struct NotAYear: Error {}
  static func year(_ field: String) throws -> Int? {
    let text = field.trimmedOfSpaces
    if text.isEmpty { return nil }
    guard let y = Int(text) ?? Double(text).flatMap({ $0 == $0.rounded() && abs($0) < 1e9 ? Int($0) : nil }) else {
      throw NotAYear()
    }
    return y
  }

  /// The shelves in a field: "to-read, history".
  static func shelves(_ field: String) -> [String] {
    if field.isEmpty { return [] }
    // One shelf with nothing to trim (the usual case) needs no splitting.
    if !field.utf8.contains(0x2C), let f = field.utf8.first, let l = field.utf8.last, f > 0x20, f < 0x80, l > 0x20, l < 0x80 {
      return [field]
    }
    return field.split(separator: ",").map(\.trimmedOfSpaces).filter { !$0.isEmpty }
  }

  /// Reads a catalogue from text (tests and the bundled catalogue).
  public static func parse(_ text: String, name: String) throws -> LoadedCatalogue {
    try parse(bytes: Array(text.utf8), name: name)
  }

  /// Reads a catalogue from a file's bytes. A row that does not parse
  /// cleanly (a stray quote, a quote never closed), has the wrong number of
  /// fields, no title or a year that is not a number is skipped, reported
  /// with its line and reason, and kept to be written back as it was.
  /// Rows past the header of `halvesFrom` bytes or more are read in two
  /// halves at once (tests make it small, to check both readings agree).
  public static func parse(bytes: [UInt8], name: String, halvesFrom: Int = 1 << 20) throws -> LoadedCatalogue {
    let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    var scanner = CSVScanner(bytes: bytes, from: hasByteOrderMark ? 3 : 0)
    guard let headerRow = scanner.next() else {
      throw CatalogueError.missingTitleColumn(name, header: [])
    }
    if let problem = headerRow.problem {
      throw CatalogueError.unreadable(name, reason: "the header (line 1): \(problem)")
    }
    let afterHeader = headerRow.range.upperBound
    let lineEnding: CatalogueFormat.LineEnding =
      afterHeader + 1 < bytes.count && bytes[afterHeader] == 0x0D && bytes[afterHeader + 1] == 0x0A ? .crlf : .lf
    let rawHeader = headerRow.fields
    let header = rawHeader.map(\.trimmedOfSpaces)
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
    // Where a row has no original year, the edition's.
    let fallbackYearColumn = yearColumn.flatMap {
      header[$0].lowercased() == "original publication year" ? column(["year published"]) : nil
    }
    let shelfColumn = column(shelfNames)
    let statusColumn = column(statusNames)
    let ratingColumn = column(ratingNames)

    let format = CatalogueFormat(
      header: rawHeader, headerBytes: Array(bytes[headerRow.range]), hasByteOrderMark: hasByteOrderMark, lineEnding: lineEnding,
      titleColumn: titleColumn,
      authorColumn: authorColumn, yearColumn: yearColumn, shelfColumn: shelfColumn, fallbackYearColumn: fallbackYearColumn,
      statusColumn: statusColumn, ratingColumn: ratingColumn)
    guard bytes.count < Int32.max else {
      throw CatalogueError.unreadable(name, reason: "the file is over 2 GB")
    }
    let file = SourceFile(bytes: bytes, header: header)
    // Only the columns a book is made of are decoded now (the title only
    // when it is not its bytes as they are); the rest when asked for.
    var wanted = [Bool](repeating: false, count: header.count)
    for c in [authorColumn, yearColumn, fallbackYearColumn, shelfColumn, statusColumn, ratingColumn].compactMap({ $0 }) { wanted[c] = true }
    let reader = RowReader(file: file, format: format, wanted: wanted)

    // A big file is read in two halves at once, cut where a row starts. A
    // stray quote can hide where rows start: the first half's reader then
    // ends elsewhere than the cut, and reads on from where it ended.
    let start = scanner.offset
    let firstLine = scanner.currentLine
    var cut: Int?
    if bytes.count - start >= halvesFrom {
      cut = CSVScanner.rowBoundary(in: bytes, near: start + (bytes.count - start) / 2, from: start)
    }
    var parts: [RowReader.Part]
    if let cut {
      let secondLine = firstLine + CSVScanner.lineEnds(in: bytes, start..<cut)
      let halves = Halves()
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        var s =
          half == 0
          ? CSVScanner(bytes: bytes, from: start, line: firstLine, to: cut)
          : CSVScanner(bytes: bytes, from: cut, line: secondLine)
        halves.set(half, reader.read(&s))
      }
      parts = [halves.get(0), halves.get(1)]
      if parts[0].end != cut {
        // The cut was inside a row: the second half is read again from where the first ended.
        var s = CSVScanner(bytes: bytes, from: parts[0].end, line: firstLine + CSVScanner.lineEnds(in: bytes, start..<parts[0].end))
        parts[1] = reader.read(&s)
      }
      // Rows kept before the second half's first book follow the first half's last.
      let lastOfFirst = parts[0].books.lastLine
      for i in parts[1].keptRows.indices where parts[1].keptRows[i].afterBook == nil { parts[1].keptRows[i].afterBook = lastOfFirst }
    } else {
      parts = [reader.read(&scanner)]
    }
    let table = BookTable(file: file, parts: parts.map(\.books))
    return LoadedCatalogue(
      books: (0..<table.count).map { Book(table: table, row: $0) }, skipped: parts.flatMap(\.skipped), format: format,
      keptRows: parts.flatMap(\.keptRows))
  }
}

/// The two halves' results, set by the threads that read them.
private final class Halves: @unchecked Sendable {
  private let lock = NSLock()
  private var parts: [RowReader.Part?] = [nil, nil]

  func set(_ i: Int, _ part: RowReader.Part) { lock.withLock { parts[i] = part } }
  func get(_ i: Int) -> RowReader.Part { lock.withLock { parts[i]! } }
}

/// Makes books of rows (one reader may read parts of a file at once).
private struct RowReader: Sendable {
  let file: SourceFile
  let format: CatalogueFormat
  let wanted: [Bool]

  /// What some rows gave.
  struct Part {
    var books = BookTable.Builder()
    var skipped: [SkippedRow] = []
    var keptRows: [KeptRow] = []
    /// Where the reading ended.
    var end = 0
  }

  /// Reads every row `scanner` gives. A book's id is its line in the file.
  func read(_ scanner: inout CSVScanner) -> Part {
    var part = Part()
    let header = file.header
    let (titleColumn, authorColumn, yearColumn, shelfColumn) = (
      format.titleColumn, format.authorColumn, format.yearColumn, format.shelfColumn
    )
    var row = CSVScanner.Row(fields: [], range: 0..<0, line: 0)
    while scanner.next(into: &row, decoding: wanted) {
      // (The field is read from its bytes: only the columns a book needs are decoded.)
      if row.problem == nil, row.fields.count == 1, scanner.text(of: row.spans[0]).allSatisfy(\.isWhitespace) {
        continue  // a blank line
      }
      func skip(_ reason: String) {
        part.skipped.append(SkippedRow(line: row.line, reason: reason))
        part.keptRows.append(KeptRow(bytes: file.bytes[row.range], afterBook: part.books.lastLine, runsToTheEnd: row.runsToTheEnd))
      }
      if let problem = row.problem {
        skip(problem)
        continue
      }
      guard row.fields.count == header.count else {
        skip("\(row.fields.count) field\(row.fields.count == 1 ? "" : "s"), the header has \(header.count)")
        continue
      }
      // A title that is its bytes as they are, with nothing to trim, is
      // read from the file when shown; any other is decoded and trimmed now.
      let span = row.spans[titleColumn]
      var titleBytes: Range<Int>?
      var title: String?
      if span.isVerbatim, let first = span.range.first, (0x21...0x7E).contains(file.bytes[first]),
        (0x21...0x7E).contains(file.bytes[span.range.upperBound - 1])
      {
        titleBytes = span.range
      } else {
        let text = CatalogueLoader.title(scanner.text(of: span))
        guard !text.isEmpty else {
          skip("no title")
          continue
        }
        title = text
      }
      var year: Int?
      var yearField = yearColumn
      do {
        year = try yearColumn.flatMap { try CatalogueLoader.year(row.fields[$0]) }
        if year == nil, let f = format.fallbackYearColumn {
          yearField = f
          year = try CatalogueLoader.year(row.fields[f])
        }
      } catch {
        skip("year \"\(row.fields[yearField!].trimmingCharacters(in: .whitespaces))\" is not a number")
        continue
      }
      part.books.append(
        row: row.range, line: row.line, titleBytes: titleBytes, title: title,
        author: CatalogueLoader.author(authorColumn.map { row.fields[$0] } ?? ""), year: year,
        shelvesField: shelfColumn.map { row.fields[$0] } ?? "", status: format.statusColumn.map { row.fields[$0].trimmedOfSpaces } ?? "",
        rating: format.ratingColumn.map { CatalogueLoader.rating(row.fields[$0]) } ?? 0, hasInvalidUTF8: row.hasInvalidUTF8)
    }
    part.end = scanner.offset
    return part
  }
}
