/// ISBNs as files and exports write them.
public enum ISBN {
  /// The ISBN in a field: Goodreads' `="0060935464"` unwrapped, spaces and
  /// hyphens dropped; "" when what is left is not 10 or 13 digits (a final X allowed in 10).
  public static func unwrap(_ field: String) -> String {
    var text = Substring(field.trimmedOfSpaces)
    if text.hasPrefix("=") { text = text.dropFirst() }
    if text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 { text = text.dropFirst().dropLast() }
    let kept = text.filter { $0 != "-" && $0 != " " }.uppercased()
    guard kept.count == 10 || kept.count == 13 else { return "" }
    for (i, c) in kept.enumerated() where !(c.isASCII && c.isNumber) && !(c == "X" && i == 9 && kept.count == 10) {
      return ""
    }
    return kept
  }

  /// The ISBN-13 of an ISBN-10 (978 and its first nine digits, with a new check digit); others as they are.
  public static func thirteen(_ isbn: String) -> String {
    guard isbn.count == 10 else { return isbn }
    let body = "978" + isbn.prefix(9)
    let sum = body.enumerated().reduce(0) { $0 + Int(String($1.element))! * ($1.offset % 2 == 0 ? 1 : 3) }
    return body + String((10 - sum % 10) % 10)
  }
}
