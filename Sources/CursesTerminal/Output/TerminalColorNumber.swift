import GridRender

extension Color {
  /// The number terminfo's `setaf`/`setab` (and ncurses' colour pairs) take
  /// for this colour on a terminal with `support` colours: the nearest of
  /// its palette, 0xRRGGBB for true colour, or -1 for the terminal's default.
  func terminalNumber(for support: ColorSupport) -> Int {
    switch support {
    case .none: return -1
    case .ansi8: return nearestANSI8.map(Int.init) ?? -1
    case .ansi16: return nearestANSI16.map(Int.init) ?? -1
    case .indexed256: return nearestIndexed.map(Int.init) ?? -1
    case .trueColor:
      switch self {
      case .default: return -1
      case .rgb(let r, let g, let b): return Int(r) << 16 | Int(g) << 8 | Int(b)
      default:
        guard let (r, g, b) = rgbValue else { return -1 }
        return r << 16 | g << 8 | b
      }
    }
  }
}
