/// The order of the books within a group.
public enum BookOrder: String, CaseIterable, Sendable {
  /// The file's own order, which moving a book changes (and saving keeps).
  case file
  /// By title (in the way people sort names: "The" and accents ignored).
  case title
  /// By year, books of unknown year last.
  case year
  /// By author (by family name).
  case author

  /// The next order (o cycles).
  public var next: BookOrder {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}
