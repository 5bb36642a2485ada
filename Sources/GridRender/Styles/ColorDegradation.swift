extension Style {
  /// This style as a terminal with `colors` can show it, without losing
  /// what it makes visible: colours go to the nearest the terminal has
  /// (24-bit → 256 → 16 → 8), and where that would make the text vanish,
  /// attributes take over.
  ///
  /// The terminal is taken to be dark (a black background, a light grey
  /// default foreground), as ``AlphaBlend`` takes it.
  ///
  /// - With 8 colours, a colour that folds onto its background (bright
  ///   black, the grey of rules and secondary text, on a black background)
  ///   becomes the default foreground, dimmed; text on a coloured
  ///   background that folds onto it becomes black or white, whichever
  ///   shows.
  /// - With no colour (`NO_COLOR`, `TERM=vt100`), a coloured background
  ///   becomes reverse video (a coloured block stays a block) and a
  ///   subdued foreground becomes dim.
  ///
  /// Backends call this for every style they write; tests render through
  /// it to see what each kind of terminal gets.
  public func degraded(for colors: ColorSupport) -> Style {
    if hasDefaultColors { return self }
    switch colors {
    case .trueColor:
      return self
    case .indexed256:
      var s = self
      s.foreground = foreground.indexed256
      s.background = background.indexed256
      return s
    case .ansi16:
      var s = self
      s.foreground = foreground.ansi16
      s.background = background.ansi16
      return s.keepingVisible(from: self, grey: .brightBlack)
    case .ansi8:
      var s = self
      s.foreground = foreground.nearestANSI8.map(Color.ansi) ?? .default
      s.background = background.nearestANSI8.map(Color.ansi) ?? .default
      return s.keepingVisible(from: self, grey: .ansi(7))
    case .none:
      // A block shows where the background on screen (the foreground, when
      // reversed) stands out from black: reverse video draws it.
      let reversed = attributes.contains(.reverse)
      let shownBackgroundShows = reversed ? (foreground == .default || foreground.showsOnBlack) : background.showsOnBlack
      var s = Style(attributes: attributes)
      if shownBackgroundShows { s.attributes.insert(.reverse) } else { s.attributes.remove(.reverse) }
      if !reversed, background == .default, foreground.isSubdued { s.attributes.insert(.dim) }
      return s
    }
  }

  /// After folding `original` onto a small palette (this style), what
  /// showed still shows. On screen the block is the background (the
  /// foreground when reversed) and the text the other colour; the default
  /// background is taken as black and the default foreground as light grey,
  /// and dim text as 60% of its colour.
  ///
  /// - A block that stood out from black but now folds onto it takes `grey`.
  /// - Text that no longer stands out from its block: on the terminal's own
  ///   background it becomes the default foreground, dimmed (it was a dark
  ///   grey); on a colour, black or white, whichever reads.
  private func keepingVisible(from original: Style, grey: Color) -> Style {
    var s = self
    let reversed = attributes.contains(.reverse)
    let textDefault = reversed ? (0, 0, 0) : (229, 229, 229)
    let blockDefault = reversed ? (229, 229, 229) : (0, 0, 0)
    func block(_ st: Style) -> Color { reversed ? st.foreground : st.background }
    func text(_ st: Style) -> Color { reversed ? st.background : st.foreground }
    func rgb(_ c: Color, _ fallback: (Int, Int, Int)) -> (Int, Int, Int) { c.rgbValue ?? fallback }
    func shownText(_ c: Color) -> (Int, Int, Int) {
      let v = rgb(c, textDefault)
      return attributes.contains(.dim) ? (v.0 * 3 / 5, v.1 * 3 / 5, v.2 * 3 / 5) : v
    }
    if Self.distance(rgb(block(original), blockDefault), (0, 0, 0)) >= 48,
      Self.distance(rgb(block(s), blockDefault), (0, 0, 0)) < 48
    {
      if reversed { s.foreground = grey } else { s.background = grey }
    }
    let blockColor = rgb(block(s), blockDefault)
    guard Self.distance(shownText(text(s)), blockColor) < 48 else { return s }
    if !reversed && s.background == .default {
      s.foreground = .default
      s.attributes.insert(.dim)
      return s
    }
    let candidates: [Color] = [.black, .ansi(7), .brightWhite]
    let best = candidates.max { Self.distance(shownText($0), blockColor) < Self.distance(shownText($1), blockColor) }!
    if reversed { s.background = best } else { s.foreground = best }
    return s
  }

  /// How far apart two colours look: the largest of the differences in
  /// luminance and in any one channel (0-255).
  static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let luminance = { (c: (Int, Int, Int)) in (2126 * c.0 + 7152 * c.1 + 722 * c.2) / 10_000 }
    return max(abs(luminance(a) - luminance(b)), abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
  }
}

extension Color {
  /// The colour as an entry of the 256-colour palette (`.ansi` kept as it is).
  var indexed256: Color {
    switch self {
    case .default, .ansi: return self
    case .indexed: return self
    case .rgb: return nearestIndexed.map(Color.indexed) ?? .default
    }
  }

  /// The colour as one of the 16 ANSI colours.
  var ansi16: Color {
    switch self {
    case .default: return self
    case .ansi(let n) where n < 16: return self
    default: return nearestANSI16.map(Color.ansi) ?? .default
    }
  }

  /// The nearest of the 16 ANSI colours (xterm's default palette).
  public var nearestANSI16: UInt8? {
    switch self {
    case .default: return nil
    case .ansi(let n) where n < 16: return n
    case .indexed(let n) where n < 16: return n
    default:
      guard let rgb = rgbValue else { return nil }
      return Self.nearestPaletteEntry(to: rgb, amongFirst: 16)
    }
  }

  /// A grey no lighter than mid grey: what rules and secondary text are
  /// drawn in (bright black, the dark end of the grey ramp).
  var isSubdued: Bool {
    guard let (r, g, b) = rgbValue else { return false }
    return max(r, g, b) - min(r, g, b) < 40 && 2126 * r + 7152 * g + 722 * b <= 10_000 * 150
  }

  /// Stands out from a black background (a channel of 48 or more).
  var showsOnBlack: Bool {
    guard let (r, g, b) = rgbValue else { return false }
    return max(r, g, b) >= 48
  }

  /// Light enough that black text reads on it.
  var isLight: Bool {
    guard let (r, g, b) = rgbValue else { return false }
    return 2126 * r + 7152 * g + 722 * b > 10_000 * 128
  }
}
