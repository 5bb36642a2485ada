/// One section: a group's name, how many books it has, and what selects them.
public struct CalibreGroup: Hashable, Sendable {
  /// What selects a group's books.
  public enum Key: Hashable, Sendable {
    /// An author, series or tag by its id, a rating by its value (0-10), a decade by its first year.
    case value(Int64)
    /// The books with none (no series, no tag, not rated, no date).
    case none
  }
  /// The name shown: an author, a series, a tag, stars, a decade, or "(no series)".
  public var name: String
  /// How many books it has.
  public var count: Int
  /// What selects its books.
  public var key: Key

  /// The group `name` of `count` books selected by `key`.
  public init(name: String, count: Int, key: Key) {
    self.name = name
    self.count = count
    self.key = key
  }
}
