/// How a Calibre library's books are grouped into sections.
public enum CalibreGrouping: String, CaseIterable, Sendable {
  /// By author (a book with several is in each of their groups).
  case author
  /// By series, in the series' order.
  case series
  /// By tag (a book with several is in each).
  case tag
  /// By rating, five stars first.
  case rating
  /// By the decade of publication.
  case decade

  /// The next grouping (g cycles).
  public var next: CalibreGrouping {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}
