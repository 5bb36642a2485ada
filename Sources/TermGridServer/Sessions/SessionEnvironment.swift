/// Which of a viewer's environment variables reach their session: a short
/// allow-list, each name and value bounded.
enum SessionEnvironment {
  /// The most variables a session takes.
  static let maximumCount = 32
  /// The longest value taken, in bytes.
  static let maximumValueLength = 256

  /// Whether `name` may be set to `value`.
  static func allows(_ name: String, _ value: String) -> Bool {
    guard value.utf8.count <= maximumValueLength, name.utf8.count <= 64,
      !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
    else { return false }
    return name == "TERM" || name == "COLORTERM" || name == "LANG" || name.hasPrefix("LC_")
      || name.hasPrefix("TERMGRID_")
  }
}
