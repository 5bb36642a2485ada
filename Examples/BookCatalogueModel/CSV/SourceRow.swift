import CSVScanning

/// Where a book's row came from: written back byte for byte while the
/// book's fields are as they were read, and read for its fields when asked.
struct SourceRow: Sendable {
  /// The file it is in.
  var file: SourceFile
  /// Where its bytes are in the file, without its line end.
  var range: Range<Int>
  /// The line it started on.
  var line: Int
  /// Whether the row held bytes that are not UTF-8 (shown as U+FFFD; an
  /// edit would write them so, which a save asks about first).
  var hasInvalidUTF8: Bool

  /// The row's bytes, without its line end.
  var bytes: ArraySlice<UInt8> { file.bytes[range] }

  /// The row's fields, named by the header, read from its bytes.
  var fields: [(name: String, value: String)] {
    var scanner = CSVScanner(bytes: Array(bytes))
    return zip(file.header, scanner.next()?.fields ?? []).map { (name: $0, value: $1) }
  }
}
