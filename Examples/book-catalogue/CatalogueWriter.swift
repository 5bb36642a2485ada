import CSV
import Foundation

/// Writes a catalogue back as CSV in the format it was read: the byte
/// order mark and line ends, the header as it was, each book's row with
/// its unknown columns, then the rows that could not be read as books.
enum CatalogueWriter {
  static func encode(_ books: [Book], format: CatalogueFormat, keptRows: [[String]] = []) throws -> Data {
    let stream = OutputStream(toMemory: ())
    let writer = try CSVWriter(stream: stream, newline: format.lineEnding == .crlf ? .crlf : .lf)
    try writer.write(row: format.header)
    for book in books { try writer.write(row: format.row(for: book)) }
    for row in keptRows { try writer.write(row: row) }
    stream.close()
    var data = Data()
    if format.hasByteOrderMark { data.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
    if let written = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data { data.append(written) }
    data.append(contentsOf: Array(format.lineEnding.rawValue.utf8))
    return data
  }
}
