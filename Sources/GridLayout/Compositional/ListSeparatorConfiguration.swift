/// Where a list's separators lie across a row: from the row's leading edge
/// in by ``leadingInset`` (where its text starts: 1, the content's padding),
/// to its trailing edge in by ``trailingInset``. UIKit's
/// `UIListSeparatorConfiguration`, in cells.
public struct ListSeparatorConfiguration: Hashable, Sendable {
  /// The columns between the row's leading edge and the separator's start: 1.
  public var leadingInset: Double = 1
  /// The columns between the separator's end and the row's trailing edge: 0.
  public var trailingInset: Double = 0

  /// A separator from `leadingInset` to `trailingInset` columns in.
  public init(leadingInset: Double = 1, trailingInset: Double = 0) {
    self.leadingInset = leadingInset
    self.trailingInset = trailingInset
  }
}
