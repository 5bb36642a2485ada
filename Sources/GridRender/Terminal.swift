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

/// What a terminal can show.
public struct TerminalCapabilities: Hashable, Sendable {
  /// How many colours the terminal shows (every style is degraded to them).
  public var colors: ColorSupport
  /// True when the terminal takes UTF-8 (line drawing, CJK); false means ASCII only.
  public var unicode: Bool
  /// True when mouse events are reported.
  public var mouse: Bool
  /// Creates capabilities.
  public init(colors: ColorSupport, unicode: Bool = true, mouse: Bool = false) {
    self.colors = colors
    self.unicode = unicode
    self.mouse = mouse
  }
}

/// A terminal the run loop draws to and reads from.
public protocol Terminal: AnyObject {
  /// The size in cells (columns, rows).
  var width: Int { get }
  var height: Int { get }
  /// What the terminal can show.
  var capabilities: TerminalCapabilities { get }
  /// The next input event: waits at most `timeout` (forever when nil; a zero
  /// timeout only polls). Returns nil when the time ran out, and
  /// ``InputEvent/endOfInput`` once the input is closed (never nil from a
  /// wait without a timeout).
  func nextEvent(timeout: Duration?) throws -> InputEvent?
  /// Shows `surface`, writing only the cells that differ from the last one shown.
  func present(_ surface: Surface) throws
  /// Gives the terminal back as it was found (cursor, echo, main screen). Idempotent.
  func restore()
}
