/// Text attributes a terminal can show.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let underline = TextAttributes(rawValue: 1 << 2)
  public static let reverse = TextAttributes(rawValue: 1 << 3)
  public static let italic = TextAttributes(rawValue: 1 << 4)
}

/// How a cell looks: colours and attributes.
public struct Style: Hashable, Sendable {
  public var foreground: Color
  public var background: Color
  public var attributes: TextAttributes

  /// The terminal's default look.
  public static let plain = Style()

  /// Creates a style.
  public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public var bold: Bool {
    get { attributes.contains(.bold) }
    set { set(.bold, newValue) }
  }
  public var dim: Bool {
    get { attributes.contains(.dim) }
    set { set(.dim, newValue) }
  }
  public var underline: Bool {
    get { attributes.contains(.underline) }
    set { set(.underline, newValue) }
  }
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
