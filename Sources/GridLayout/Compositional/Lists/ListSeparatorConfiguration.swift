/// Where a list's separator lies under a row, and whether it shows: from
/// the row's leading edge in by ``leadingInset`` (where its text starts: 1,
/// the content's padding) to its trailing edge in by ``trailingInset``.
/// UIKit's `UIListSeparatorConfiguration`, in cells. A list's
/// ``LayoutListConfiguration/itemSeparatorHandler`` changes it row by row.
public struct ListSeparatorConfiguration: Hashable, Sendable {
  /// Whether a separator shows.
  public enum Visibility: Hashable, Sendable {
    /// As the list decides: between two rows of a section.
    case automatic
    /// Shown (between two rows of a section: there is no row for one
    /// under a section's last row).
    case visible
    /// Not drawn; its row stays, blank.
    case hidden
  }

  /// Whether the separator under the row shows: `.automatic`.
  public var bottomSeparatorVisibility: Visibility = .automatic
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
