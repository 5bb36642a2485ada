/// UTF-8 decoding one sequence at a time, for input read byte by byte.
public enum UTF8Decoding {
  /// The length of the sequence `lead` starts (1-4); nil for a byte that
  /// cannot start one (a continuation byte, 0xC0, 0xC1, 0xF5-0xFF).
  public static func length(ofSequenceStartingWith lead: UInt8) -> Int? {
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return nil
    }
  }

  /// The code point of one complete sequence; nil when it is not valid
  /// UTF-8 (overlong, a surrogate, past U+10FFFF, wrong continuation bytes).
  public static func scalar(_ bytes: [UInt8]) -> Unicode.Scalar? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let s) = decoder.decode(&iterator) else { return nil }
    guard case .emptyInput = decoder.decode(&iterator) else { return nil }
    return s
  }
}
