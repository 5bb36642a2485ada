/// A row not read as a book, kept to be written back exactly as it was, in
/// its place: after the book it followed in the file.
struct KeptRow: Equatable, Sendable {
  /// The row's bytes, without its line end.
  var bytes: ArraySlice<UInt8>
  /// The id of the book before it in the file; nil when it came before every book.
  var afterBook: Int?
  /// A quote in it never closes: it is written last, so it swallows nothing.
  var runsToTheEnd = false
}
