/// The kind of a supplementary or decoration element: header, footer, or any
/// string the layout defines.
public struct ElementKind: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The raw bits.
  public var rawValue: String
  /// Creates a kind from its name.
  public init(_ rawValue: String) { self.rawValue = rawValue }
  /// Creates a kind from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }
  /// The kind for items.
  public static let cell = ElementKind("cell")
  /// A section header.
  public static let header = ElementKind("header")
  /// A section footer.
  public static let footer = ElementKind("footer")
  /// A readable form, for messages and tests.
  public var description: String { rawValue }
}
