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
      return s.keepingContrast()
    case .ansi8:
      var s = self
      s.foreground = foreground.nearestANSI8.map(Color.ansi) ?? .default
      s.background = background.nearestANSI8.map(Color.ansi) ?? .default
      return s.keepingContrast()
    case .none:
      var s = Style(attributes: attributes)
      if background != .default {
        s.attributes.formSymmetricDifference(.reverse)
      } else if foreground.isSubdued {
        s.attributes.insert(.dim)
      }
      return s
    }
  }

  /// After folding onto a small palette: where the foreground now equals
  /// the background (the default background counts as black), the text
  /// would vanish. On the default background it becomes the default
  /// foreground, dimmed (it was a dark grey); on a colour, black or white.
  private func keepingContrast() -> Style {
    let fg = foreground.paletteIndex(defaultingTo: 7)
    let bg = background.paletteIndex(defaultingTo: 0)
    guard fg == bg else { return self }
    var s = self
    if background == .default {
      s.foreground = .default
      s.attributes.insert(.dim)
    } else {
      s.foreground = background.isLight ? .black : .ansi(7)
    }
    return s
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
      guard let (r, g, b) = rgbValue else { return nil }
      var best = 0
      var bestDistance = Int.max
      for i in 0..<16 {
        let (pr, pg, pb) = Color.indexed(UInt8(i)).rgbValue!
        let d = (pr - r) * (pr - r) + (pg - g) * (pg - g) + (pb - b) * (pb - b)
        if d < bestDistance {
          bestDistance = d
          best = i
        }
      }
      return UInt8(best)
    }
  }

  /// The palette number of an ANSI colour (`fallback` for the default).
  fileprivate func paletteIndex(defaultingTo fallback: Int) -> Int {
    switch self {
    case .ansi(let n), .indexed(let n): return Int(n)
    default: return fallback
    }
  }

  /// A grey no lighter than mid grey: what rules and secondary text are
  /// drawn in (bright black, the dark end of the grey ramp).
  var isSubdued: Bool {
    guard let (r, g, b) = rgbValue else { return false }
    return max(r, g, b) - min(r, g, b) < 40 && 2126 * r + 7152 * g + 722 * b <= 10_000 * 150
  }

  /// Light enough that black text reads on it.
  var isLight: Bool {
    guard let (r, g, b) = rgbValue else { return false }
    return 2126 * r + 7152 * g + 722 * b > 10_000 * 128
  }
}
