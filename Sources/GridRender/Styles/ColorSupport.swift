/// How many colours a terminal shows.
public enum ColorSupport: Int, Hashable, Sendable, Comparable {
  /// No colour (a monochrome terminal, or `NO_COLOR` set).
  case none = 0
  /// The 8 ANSI colours (TERM=xterm, linux).
  case ansi8 = 1
  /// The 16 ANSI colours, the 8 and their bright variants (TERM=xterm-16color).
  case ansi16 = 2
  /// The 256-colour palette.
  case indexed256 = 3
  /// 24-bit colour.
  case trueColor = 4
  /// Orders by raw value.
  public static func < (a: ColorSupport, b: ColorSupport) -> Bool { a.rawValue < b.rawValue }
}
