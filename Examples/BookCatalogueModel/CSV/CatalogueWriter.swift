import Foundation

/// Writes a catalogue back as CSV (RFC 4180) in the format it was read: the
/// byte order mark and line ends, the header as it was, each book's row as
/// it was read while its fields are unchanged (byte for byte: its quoting,
/// its bytes that are not UTF-8), an edited row with its unknown columns,
/// and the rows that could not be read as books, each in its place (one
/// whose quote never closes last, where it swallows nothing).
///
/// Writing needs only the one quoting rule: a field holding a comma, a quote
/// or a line break is quoted, its quotes doubled.
enum CatalogueWriter {
  static func encode(_ books: [Book], format: CatalogueFormat, keptRows: [KeptRow] = []) -> Data {
    var out: [UInt8] = []
    out.reserveCapacity(64 + books.count * 24 * max(1, format.header.count))
    if format.hasByteOrderMark { out += [0xEF, 0xBB, 0xBF] }
    let newline = Array(format.lineEnding.rawValue.utf8)
    func append(_ row: [String]) {
      for (i, field) in row.enumerated() {
        if i > 0 { out.append(0x2C) }
        appendField(field, to: &out)
      }
      out += newline
    }
    if let header = format.headerBytes {
      out += header
      out += newline
    } else {
      append(format.header)
    }
    // The kept rows after the book each followed (or first, or last when that book is gone).
    var keptAfter: [Int: [KeptRow]] = [:]
    var keptFirst: [KeptRow] = []
    var keptLast: [KeptRow] = []
    for row in keptRows {
      if row.runsToTheEnd {
        keptLast.append(row)
      } else if let id = row.afterBook {
        keptAfter[id, default: []].append(row)
      } else {
        keptFirst.append(row)
      }
    }
    for row in keptFirst { out += row.bytes + newline }
    for book in books {
      // A book not edited since it was read is its row; an edited one is
      // too while its fields came out as they were (it is then not decoded twice).
      if let source = book.source, !book.isEdited {
        out += source.bytes
        out += newline
      } else {
        let fields = book.fields  // read once (a book from a file reads its row)
        let values = format.row(for: book, fields: fields)
        if let source = book.source, values.elementsEqual(fields.lazy.map(\.value)) {
          out += source.bytes
          out += newline
        } else {
          append(values)
        }
      }
      if let rows = keptAfter.removeValue(forKey: book.id) {
        for row in rows { out += row.bytes + newline }
      }
    }
    for row in keptRows where !row.runsToTheEnd && row.afterBook.map({ keptAfter[$0] != nil }) ?? false {
      out += row.bytes + newline
    }
    for row in keptLast { out += row.bytes + newline }
    return Data(out)
  }

  /// The lines of the books whose rows held bytes that are not UTF-8 and
  /// that an edit makes written anew (those bytes then become U+FFFD).
  static func linesLosingBytes(_ books: [Book], format: CatalogueFormat) -> [Int] {
    books.compactMap { book in
      guard let source = book.source, source.hasInvalidUTF8, book.isEdited else { return nil }
      let fields = book.fields
      return format.row(for: book, fields: fields).elementsEqual(fields.lazy.map(\.value)) ? nil : source.line
    }
  }

  /// One field, quoted when it holds a comma, a quote, CR or LF.
  static func appendField(_ field: String, to out: inout [UInt8]) {
    let utf8 = field.utf8
    let needsQuotes = utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
    guard needsQuotes else {
      out += utf8
      return
    }
    out.append(0x22)
    for byte in utf8 {
      if byte == 0x22 { out.append(0x22) }
      out.append(byte)
    }
    out.append(0x22)
  }
}
