/// Text attributes a terminal can show.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Creates the set from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// Bold (bright, on some terminals).
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Dim (faint).
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Underlined.
  public static let underline = TextAttributes(rawValue: 1 << 2)
  /// Reverse video: the foreground and background swapped.
  public static let reverse = TextAttributes(rawValue: 1 << 3)
  /// Italic, where the terminal has it.
  public static let italic = TextAttributes(rawValue: 1 << 4)
}

/// How a cell looks: colours and attributes. Stored packed, so comparing
/// two styles (done for every cell of every frame) is three integer compares.
public struct Style: Hashable, Sendable {
  @usableFromInline var foregroundBits: UInt32
  @usableFromInline var backgroundBits: UInt32
  /// Bold, dim, underline, reverse, italic.
  public var attributes: TextAttributes

  /// The text colour.
  public var foreground: Color {
    get { Color(packed: foregroundBits) }
    set { foregroundBits = newValue.packed }
  }
  /// The background colour.
  public var background: Color {
    get { Color(packed: backgroundBits) }
    set { backgroundBits = newValue.packed }
  }

  /// The terminal's default look.
  public static let plain = Style()

  /// Creates a style.
  public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
    foregroundBits = foreground.packed
    backgroundBits = background.packed
    self.attributes = attributes
  }

  /// True when both colours are the terminal's defaults.
  @inlinable public var hasDefaultColors: Bool { foregroundBits == 0 && backgroundBits == 0 }

  /// Whether the text is bold.
  public var bold: Bool {
    get { attributes.contains(.bold) }
    set { set(.bold, newValue) }
  }
  /// Whether the text is dim.
  public var dim: Bool {
    get { attributes.contains(.dim) }
    set { set(.dim, newValue) }
  }
  /// Whether the text is underlined.
  public var underline: Bool {
    get { attributes.contains(.underline) }
    set { set(.underline, newValue) }
  }
  /// Whether the text is in reverse video.
  public var reverse: Bool {
    get { attributes.contains(.reverse) }
    set { set(.reverse, newValue) }
  }

  private mutating func set(_ a: TextAttributes, _ on: Bool) {
    if on { attributes.insert(a) } else { attributes.remove(a) }
  }

  /// This style with `attributes` added.
  public func adding(_ a: TextAttributes) -> Style {
    var s = self
    s.attributes.formUnion(a)
    return s
  }
}
