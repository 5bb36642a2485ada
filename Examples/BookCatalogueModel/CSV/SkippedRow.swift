/// A row that was skipped, and why.
public struct SkippedRow: Equatable, Sendable {
  /// The line the row starts on (the header is line 1).
  public var line: Int
  /// Why it is not a book: "no title", "3 fields, the header has 4", ...
  public var reason: String

  /// The row at `line`, skipped for `reason`.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }
}
