/// A piece of text with its own look: a colour, attributes, or both, on
/// top of the style of whatever it is drawn in.
public struct TextRun: Hashable, Sendable {
  /// The text (sanitised when drawn).
  public var text: String
  /// The text colour; nil keeps the surrounding one.
  public var foreground: Color?
  /// The background colour; nil keeps the surrounding one.
  public var background: Color?
  /// Attributes added to the surrounding ones.
  public var attributes: TextAttributes

  /// Creates a run.
  public init(_ text: String, foreground: Color? = nil, background: Color? = nil, attributes: TextAttributes = []) {
    self.text = text
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// `base` with this run's colours and attributes on top.
  public func style(over base: Style) -> Style {
    var s = base
    if let foreground { s.foreground = foreground }
    if let background { s.background = background }
    s.attributes.formUnion(attributes)
    return s
  }
}

/// One line of text made of runs, each styled on its own: `"3 " + .bold("books")`.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The runs, in order.
  public var runs: [TextRun]

  /// Creates a line of runs.
  public init(_ runs: [TextRun]) { self.runs = runs }
  /// A line of one run.
  public init(_ text: String, foreground: Color? = nil, background: Color? = nil, attributes: TextAttributes = []) {
    runs = [TextRun(text, foreground: foreground, background: background, attributes: attributes)]
  }
  /// A plain line.
  public init(stringLiteral value: String) { runs = [TextRun(value)] }

  /// A bold run.
  public static func bold(_ text: String) -> StyledText { StyledText(text, attributes: [.bold]) }
  /// A dim run (secondary text).
  public static func dim(_ text: String) -> StyledText { StyledText(text, attributes: [.dim]) }
  /// A run in a colour.
  public static func colored(_ text: String, _ color: Color, attributes: TextAttributes = []) -> StyledText {
    StyledText(text, foreground: color, attributes: attributes)
  }

  /// The runs of `a` then those of `b`.
  public static func + (a: StyledText, b: StyledText) -> StyledText { StyledText(a.runs + b.runs) }

  /// The text without its styles.
  public var plainText: String { runs.map(\.text).joined() }

  /// The width in cells once sanitised.
  public var displayWidth: Int { runs.reduce(0) { $0 + DisplayWidth.of($1.text) } }
}

extension Surface {
  /// Draws `text` from (x, y) on one line within `maxWidth` columns (and
  /// the extent; only cells in the clip change), each run in its style over
  /// `style`; text that does not fit ends in "…" in the style of the run it
  /// cuts. Returns the columns used.
  @discardableResult
  public mutating func draw(_ text: StyledText, x: Int, y: Int, maxWidth: Int = .max, style: Style = .plain) -> Int {
    if text.runs.count == 1 {
      return draw(text.runs[0].text, x: x, y: y, maxWidth: maxWidth, style: text.runs[0].style(over: style))
    }
    let total = text.displayWidth
    let limit = min(maxWidth, extent.maxX - x)
    guard limit > 0 else { return 0 }
    let fits = total <= limit
    let budget = fits ? limit : limit - 1
    var used = 0
    var cutStyle = style
    for run in text.runs {
      let runStyle = run.style(over: style)
      cutStyle = runStyle
      guard budget - used > 0 else { break }
      let width = DisplayWidth.of(run.text)
      let drawn = draw(run.text, x: x + used, y: y, maxWidth: budget - used, style: runStyle, ellipsis: false)
      used += drawn
      if drawn < width { break }
    }
    if !fits { used += draw("…", x: x + used, y: y, maxWidth: 1, style: cutStyle) }
    return used
  }
}
