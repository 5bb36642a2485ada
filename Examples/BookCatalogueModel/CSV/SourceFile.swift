/// A file's bytes and column names, shared by every row read from it.
final class SourceFile: Sendable {
  let bytes: [UInt8]
  /// The file's column names.
  let header: [String]

  init(bytes: [UInt8], header: [String]) {
    self.bytes = bytes
    self.header = header
  }
}
