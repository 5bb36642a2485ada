/// The books read from a file, the rows that were skipped, and how the
/// file is laid out (for saving it back).
public struct LoadedCatalogue: Sendable {
  /// The books, in the file's order.
  public var books: [Book]
  /// The rows that were not read as books, and why.
  public var skipped: [SkippedRow]
  /// How the file is laid out (for saving it back).
  public var format = CatalogueFormat.plain
  /// The skipped rows as they were: saving writes them back in their places.
  var keptRows: [KeptRow] = []
}
