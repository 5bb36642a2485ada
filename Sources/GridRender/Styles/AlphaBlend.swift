/// How a rasterizer draws an element's alpha on a terminal.
public struct AlphaBlend: Sendable, Hashable {
  /// The colours the terminal shows.
  public var colors: ColorSupport
  /// What the terminal's default foreground is taken to look like (blends
  /// need a real colour; xterm's default light grey unless told otherwise).
  public var defaultForeground: Color
  /// The colour elements fade toward: the terminal's background (black
  /// unless told otherwise; set a light colour for a light terminal theme).
  public var backdrop: Color
  /// Alpha is drawn in this many steps, so a fade uses few distinct colours
  /// (and few colour pairs, and few bytes).
  public static let steps = 8.0

  /// Creates a blend for a terminal with `colors`.
  public init(colors: ColorSupport = .indexed256, defaultForeground: Color = .rgb(229, 229, 229), backdrop: Color = .rgb(0, 0, 0)) {
    self.colors = colors
    self.defaultForeground = defaultForeground
    self.backdrop = backdrop
  }

  /// True when an element of `alpha` shows at all: 0 never does, and with 8
  /// colours or none, below 0.15 neither.
  public func isVisible(_ alpha: Double) -> Bool {
    alpha > 0 && (colors >= .indexed256 || alpha >= 0.15)
  }

  /// The alpha actually drawn: rounded to one of ``steps`` levels (never 0).
  public func quantized(_ alpha: Double) -> Double {
    max(1, (min(alpha, 1) * Self.steps).rounded()) / Self.steps
  }

  /// `style` drawn at `alpha`: with 256 colours or true colour, foreground
  /// and background blended toward ``backdrop`` (a default background is
  /// the backdrop already); elsewhere dim below 0.5.
  public func style(_ style: Style, alpha: Double) -> Style {
    guard alpha < 1 else { return style }
    var s = style
    guard colors >= .indexed256 else {
      if alpha < 0.5 { s.attributes.insert(.dim) }
      return s
    }
    let a = quantized(alpha)
    guard a < 1 else { return style }
    s.foreground = blend(style.foreground == .default ? defaultForeground : style.foreground, a)
    if style.background != .default { s.background = blend(style.background, a) }
    return s
  }

  private func blend(_ c: Color, _ a: Double) -> Color {
    guard let (r, g, b) = c.rgbValue, let (br, bg, bb) = backdrop.rgbValue else { return c }
    func mix(_ v: Int, _ base: Int) -> UInt8 { UInt8(clamping: Int((Double(base) + Double(v - base) * a).rounded())) }
    return .rgb(mix(r, br), mix(g, bg), mix(b, bb))
  }
}

extension Surface {
  /// Redraws the cells of `rect` (within the clip) at `alpha` with `blend`.
  public mutating func fade(_ rect: CellRect, alpha: Double, blend: AlphaBlend) {
    guard alpha < 1 else { return }
    restyle(rect) { blend.style($0, alpha: alpha) }
  }
}
