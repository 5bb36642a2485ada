/// One key hint of a status line, such as `"Enter details"`, and how long
/// it stays when the line is too narrow for every hint: hints of a lower
/// ``visibilityPriority`` are left out first (as toolbar items are in
/// AppKit, by `NSToolbarItem.visibilityPriority`) and, of equal priority,
/// the last in the list first, as a toolbar's overflow takes its last
/// items: list the hints in the order they matter.
///
/// A string literal is a hint of standard priority, so a list of hints can
/// be written as strings, with a priority only where the order alone does
/// not say it:
///
/// ```swift
/// // Narrowing: "q quit" goes, then "? help", then "/ find"; "Enter info" stays.
/// let hints: [StatusHint] = ["Enter info", "/ find", "? help", "q quit"]
/// // "? help" outlasts the others, though it is drawn last but one.
/// let helpFirst: [StatusHint] = ["Enter info", "/ find", StatusHint("? help", visibilityPriority: .high), "q quit"]
/// ```
public struct StatusHint: Hashable, Sendable, ExpressibleByStringLiteral {
  /// How long a hint stays as the line narrows: the lowest go first.
  public struct VisibilityPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority as a number: any `Int`, higher staying longer.
    public var rawValue: Int
    /// Creates a priority; ``low``, ``standard`` and ``high`` are -1000, 0 and 1000.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Left out before the standard hints.
    public static let low = VisibilityPriority(rawValue: -1000)
    /// The default.
    public static let standard = VisibilityPriority(rawValue: 0)
    /// Kept after the standard hints have gone.
    public static let high = VisibilityPriority(rawValue: 1000)

    public static func < (a: VisibilityPriority, b: VisibilityPriority) -> Bool { a.rawValue < b.rawValue }
  }

  /// What the hint says: the key, a space, what it does (`"Enter details"`).
  public var text: String
  /// How long the hint stays as the line narrows (standard by default).
  public var visibilityPriority: VisibilityPriority

  /// Creates a hint.
  public init(_ text: String, visibilityPriority: VisibilityPriority = .standard) {
    self.text = text
    self.visibilityPriority = visibilityPriority
  }

  /// A hint of standard priority.
  public init(stringLiteral text: String) { self.init(text) }

  /// The hints of a line written as one string, parted by two spaces
  /// (`" Enter details  ? help  q quit "`), each of standard priority.
  static func hints(in line: String) -> [StatusHint] {
    line.split(separator: "  ").map { StatusHint(trimmingSpaces($0)) }.filter { !$0.text.isEmpty }
  }

  /// Which of `hints` are shown beside a left part that needs `leftWidth`
  /// cells, on a line `width` cells wide: all of them when they fit; else
  /// the lowest ``visibilityPriority`` is left out first, and of equal
  /// priority the last in the list, until the rest fit (possibly none).
  /// The hints kept stay in their order. A space parts the hints from the
  /// left part, two spaces part the hints, and a space ends the line.
  static func fitting(_ hints: [StatusHint], width: Int, leftWidth: Int) -> [StatusHint] {
    var kept = hints.filter { !$0.text.isEmpty }
    var widths = kept.map { DisplayWidth.of($0.text) }
    func needed() -> Int { kept.isEmpty ? 0 : widths.reduce(0, +) + 2 * (kept.count - 1) + 2 }
    while !kept.isEmpty, width - needed() - 1 < leftWidth {
      // The last of the lowest priority goes.
      var drop = kept.count - 1
      for i in kept.indices.reversed() where kept[i].visibilityPriority < kept[drop].visibilityPriority { drop = i }
      kept.remove(at: drop)
      widths.remove(at: drop)
    }
    return kept
  }

  private static func trimmingSpaces(_ text: Substring) -> String {
    var s = text
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
