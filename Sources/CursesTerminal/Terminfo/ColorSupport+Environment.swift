import GridRender

extension ColorSupport {
  /// The colours a terminal shows, by the one rule both ``CursesTerminal``
  /// and ``StreamTerminal`` take: none when the viewer's `NO_COLOR` is set
  /// (not empty) or the description has no colours (`count` nil or 0);
  /// 24-bit when the description has 2^24, or when `COLORTERM` says
  /// `truecolor` or `24bit` and `directSGR` (a terminal that sets
  /// `COLORTERM` takes 38;2;r;g;b, whatever its `TERM`'s description says);
  /// else as the description's count says (256, 16, 8).
  ///
  /// - Parameters:
  ///   - count: the description's `colors` (nil: absent).
  ///   - environment: the viewer's variables (`NO_COLOR`, `COLORTERM`).
  ///   - directSGR: whether the output writes 24-bit colour by the direct
  ///     SGR where the description has fewer colours (the library's
  ///     encoder does; ncurses' own output cannot).
  init(terminfoColors count: Int?, environment: [String: String], directSGR: Bool = true) {
    guard environment["NO_COLOR"].map({ $0.isEmpty }) ?? true, let n = count, n > 0 else {
      self = .none
      return
    }
    let colorTerm = environment["COLORTERM"]?.lowercased()
    if n >= 0x100_0000 || (directSGR && (colorTerm == "truecolor" || colorTerm == "24bit")) {
      self = .trueColor
    } else if n >= 256 {
      self = .indexed256
    } else if n >= 16 {
      self = .ansi16
    } else if n >= 8 {
      self = .ansi8
    } else {
      self = .none
    }
  }
}
