/// What an element is: an item, a supplementary view (header, footer, ...)
/// or a decoration.
public enum ElementCategory: Int, Hashable, Sendable, Comparable {
  case decoration = 0
  case item = 1
  case supplementary = 2
  /// Orders by raw value.
  public static func < (a: ElementCategory, b: ElementCategory) -> Bool { a.rawValue < b.rawValue }
}
