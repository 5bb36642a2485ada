/// The books read from one file, column by column: for each row, where its
/// bytes are, its line, where its title is in it, and numbers for its
/// author and shelves in tables of the distinct ones. A book as read is a
/// place in this table (see `Book`): a million of them hold no string or
/// object of their own, and their titles are read from the file when shown.
final class BookTable: Sendable {
  let file: SourceFile
  private let rowStarts: [Int32]
  private let rowEnds: [Int32]
  private let lines: [Int32]
  /// Where a title is in the file; an end below zero: `titles[start]`.
  private let titleStarts: [Int32]
  private let titleEnds: [Int32]
  /// The titles that are not their bytes as they are (trimmed, unquoted).
  private let titles: [String]
  let authorNumbers: [Int32]
  let authors: [String]
  private let years: [Int]
  let shelfNumbers: [Int32]
  let shelfLists: [[String]]
  /// Per row: 1 a year, 2 bytes that are not UTF-8.
  private let flags: [UInt8]
  let statusNumbers: [Int32]
  let statuses: [String]
  /// Stars, 0 (none) to 5.
  private let ratings: [UInt8]

  var count: Int { rowStarts.count }

  init(file: SourceFile, parts: [Builder]) {
    self.file = file
    var all = parts.first ?? Builder()
    for part in parts.dropFirst() { all.append(part) }
    rowStarts = all.rowStarts
    rowEnds = all.rowEnds
    lines = all.lines
    titleStarts = all.titleStarts
    titleEnds = all.titleEnds
    titles = all.titles
    authorNumbers = all.authorNumbers
    authors = all.authors
    years = all.years
    shelfNumbers = all.shelfNumbers
    shelfLists = all.shelfLists
    flags = all.flags
    statusNumbers = all.statusNumbers
    statuses = all.statuses
    ratings = all.ratings
  }

  func title(_ i: Int) -> String {
    let end = titleEnds[i]
    if end < 0 { return titles[Int(titleStarts[i])] }
    return file.bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[Int(titleStarts[i])..<Int(end)]), as: UTF8.self)
    }
  }

  func author(_ i: Int) -> String { authors[Int(authorNumbers[i])] }
  func year(_ i: Int) -> Int? { flags[i] & 1 != 0 ? years[i] : nil }
  func shelves(_ i: Int) -> [String] { shelfLists[Int(shelfNumbers[i])] }
  func line(_ i: Int) -> Int { Int(lines[i]) }
  func status(_ i: Int) -> String { statuses[Int(statusNumbers[i])] }
  func rating(_ i: Int) -> Int { Int(ratings[i]) }

  func source(_ i: Int) -> SourceRow {
    SourceRow(file: file, range: Int(rowStarts[i])..<Int(rowEnds[i]), line: Int(lines[i]), hasInvalidUTF8: flags[i] & 2 != 0)
  }

  /// Rows being read (each half of a file has its own, appended in order).
  struct Builder {
    fileprivate var rowStarts: [Int32] = []
    fileprivate var rowEnds: [Int32] = []
    fileprivate var lines: [Int32] = []
    fileprivate var titleStarts: [Int32] = []
    fileprivate var titleEnds: [Int32] = []
    fileprivate var titles: [String] = []
    fileprivate var authorNumbers: [Int32] = []
    fileprivate var authors: [String] = []
    private var authorNumber: [String: Int32] = [:]
    fileprivate var years: [Int] = []
    fileprivate var shelfNumbers: [Int32] = []
    fileprivate var shelfLists: [[String]] = []
    /// The shelves field each of `shelfLists` was read from.
    private var shelfFields: [String] = []
    private var shelfNumber: [String: Int32] = [:]
    fileprivate var flags: [UInt8] = []
    fileprivate var statusNumbers: [Int32] = []
    fileprivate var statuses: [String] = []
    private var statusNumber: [String: Int32] = [:]
    fileprivate var ratings: [UInt8] = []

    /// The last row's line.
    var lastLine: Int? { lines.last.map(Int.init) }

    /// A book: its row, its line, its title (the bytes of `titleBytes`, or
    /// `title` when they are not it), author, year and shelves field.
    mutating func append(
      row: Range<Int>, line: Int, titleBytes: Range<Int>?, title: String?, author: String, year: Int?,
      shelvesField: String, status: String = "", rating: UInt8 = 0, hasInvalidUTF8: Bool
    ) {
      rowStarts.append(Int32(row.lowerBound))
      rowEnds.append(Int32(row.upperBound))
      lines.append(Int32(line))
      if let titleBytes {
        titleStarts.append(Int32(titleBytes.lowerBound))
        titleEnds.append(Int32(titleBytes.upperBound))
      } else {
        titleStarts.append(Int32(titles.count))
        titleEnds.append(-1)
        titles.append(title ?? "")
      }
      authorNumbers.append(number(ofAuthor: author))
      years.append(year ?? 0)
      shelfNumbers.append(number(ofShelvesField: shelvesField) { CatalogueLoader.shelves(shelvesField) })
      flags.append((year == nil ? 0 : 1) | (hasInvalidUTF8 ? 2 : 0))
      statusNumbers.append(number(ofStatus: status))
      ratings.append(rating)
    }

    /// Appends the rows `other` read (which follow these in the file).
    mutating func append(_ other: Builder) {
      rowStarts += other.rowStarts
      rowEnds += other.rowEnds
      lines += other.lines
      let titleBase = Int32(titles.count)
      titleStarts += zip(other.titleStarts, other.titleEnds).lazy.map { $1 < 0 ? $0 + titleBase : $0 }
      titleEnds += other.titleEnds
      titles += other.titles
      // The other's numbers for authors and shelves, as numbers here.
      var authorMap: [Int32] = []
      for author in other.authors { authorMap.append(number(ofAuthor: author)) }
      authorNumbers += other.authorNumbers.lazy.map { authorMap[Int($0)] }
      var shelfMap: [Int32] = []
      for (field, shelves) in zip(other.shelfFields, other.shelfLists) { shelfMap.append(number(ofShelvesField: field) { shelves }) }
      shelfNumbers += other.shelfNumbers.lazy.map { shelfMap[Int($0)] }
      years += other.years
      flags += other.flags
      var statusMap: [Int32] = []
      for status in other.statuses { statusMap.append(number(ofStatus: status)) }
      statusNumbers += other.statusNumbers.lazy.map { statusMap[Int($0)] }
      ratings += other.ratings
    }

    /// The status's number, given it if new.
    private mutating func number(ofStatus status: String) -> Int32 {
      if let n = statusNumber[status] { return n }
      let n = Int32(statuses.count)
      statusNumber[status] = n
      statuses.append(status)
      return n
    }

    /// The author's number, given it if new.
    private mutating func number(ofAuthor author: String) -> Int32 {
      if let n = authorNumber[author] { return n }
      let n = Int32(authors.count)
      authorNumber[author] = n
      authors.append(author)
      return n
    }

    /// The number of a shelves field, given it (with its shelves) if new.
    private mutating func number(ofShelvesField field: String, shelves: () -> [String]) -> Int32 {
      if let n = shelfNumber[field] { return n }
      let n = Int32(shelfLists.count)
      shelfNumber[field] = n
      shelfFields.append(field)
      shelfLists.append(shelves())
      return n
    }
  }
}
