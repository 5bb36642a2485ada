extension Grapheme {
  /// The ASCII character that stands in for this grapheme on a terminal
  /// without UTF-8 (a C or POSIX locale): line drawing becomes `+ - |`,
  /// blocks `#`, arrows and triangles `< > ^ v`, marks `*`, an ellipsis
  /// `~`, a multiplication sign `x`, and anything else `?`. ASCII stays as it is. A wide grapheme
  /// stands in for both of its cells (the caller writes it twice).
  public var asciiFallback: UInt8 {
    if isASCII { return utf8Byte(0) }
    guard let scalar = unicodeScalars.first else { return UInt8(ascii: "?") }
    return Self.asciiFallback(for: scalar.value)
  }

  static func asciiFallback(for v: UInt32) -> UInt8 {
    switch v {
    // Box drawing: the horizontal and vertical lines, then every corner and junction.
    case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A,
      0x257C, 0x257E:
      return UInt8(ascii: "-")
    case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B,
      0x257D, 0x257F:
      return UInt8(ascii: "|")
    case 0x2571: return UInt8(ascii: "/")
    case 0x2572: return UInt8(ascii: "\\")
    case 0x2573: return UInt8(ascii: "X")
    case 0x2500...0x257F: return UInt8(ascii: "+")
    // Block elements: the upper and lower one-eighth blocks read as rules.
    case 0x2594, 0x2581: return UInt8(ascii: "-")
    case 0x2580...0x259F: return UInt8(ascii: "#")
    // Arrows and triangles.
    case 0x2190, 0x25C0, 0x25C2, 0x25C4, 0x25C1, 0x2039, 0x00AB: return UInt8(ascii: "<")
    case 0x2192, 0x25B6, 0x25B8, 0x25BA, 0x25B7, 0x203A, 0x00BB: return UInt8(ascii: ">")
    case 0x2191, 0x25B2, 0x25B4, 0x25B3: return UInt8(ascii: "^")
    case 0x2193, 0x25BC, 0x25BE, 0x25BD: return UInt8(ascii: "v")
    // Marks, stars, bullets, dots.
    case 0x2713, 0x2714, 0x2605, 0x2606, 0x2736, 0x2731, 0x2022, 0x25CF, 0x25CB, 0x25C6, 0x25C7, 0x25A0, 0x25A1:
      return UInt8(ascii: "*")
    case 0x2026: return UInt8(ascii: "~")
    case 0x00B7, 0x2219, 0x22C5: return UInt8(ascii: ".")
    case 0x2012, 0x2013, 0x2014, 0x2015, 0x2212: return UInt8(ascii: "-")
    case 0x2018, 0x2019, 0x201A: return UInt8(ascii: "'")
    case 0x201C, 0x201D, 0x201E: return UInt8(ascii: "\"")
    case 0x00A0, 0x2000...0x200A, 0x3000: return UInt8(ascii: " ")
    case 0x241B: return UInt8(ascii: "^")  // ␛, the sanitiser's escape
    // Signs of arithmetic (a picture's "1200 × 800").
    case 0x00D7, 0x2715, 0x2A2F: return UInt8(ascii: "x")
    case 0x00F7, 0x2215: return UInt8(ascii: "/")
    case 0x00B1: return UInt8(ascii: "+")
    default: return UInt8(ascii: "?")
    }
  }
}
