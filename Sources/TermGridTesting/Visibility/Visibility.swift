import GridRender

/// What a person sees of a cell on a dark terminal (a black background, a
/// light grey default foreground), after the style is degraded to a
/// terminal's colours: for checking that nothing visible with 256 colours
/// disappears with 16, 8 or none.
public enum Visibility {
  /// The colours a cell shows on screen once degraded for `colors`:
  /// defaults resolved, reverse video applied, dim taken as 60%.
  public static func shownColors(of style: Style, colors: ColorSupport) -> (foreground: RGB, background: RGB) {
    let s = style.degraded(for: colors)
    var fg = RGB(s.foreground.rgbValue ?? (229, 229, 229))
    var bg = RGB(s.background.rgbValue ?? (0, 0, 0))
    if s.attributes.contains(.reverse) { swap(&fg, &bg) }
    if s.attributes.contains(.dim) { fg = fg.scaled(by: 0.6) }
    return (fg, bg)
  }

  /// How much the cell stands out: for a non-blank grapheme, how far its
  /// colour is from its background's; for a blank, how far its background
  /// is from the terminal's black (a coloured or reversed block). 0-255.
  public static func contrast(of cell: Cell, colors: ColorSupport) -> Int {
    if cell.isContinuation { return 0 }
    let (fg, bg) = shownColors(of: cell.style, colors: colors)
    if cell.grapheme == .space { return bg.distance(to: RGB((0, 0, 0))) }
    return fg.distance(to: bg)
  }

  /// True when the cell shows something (a contrast of 48 or more).
  public static func isVisible(_ cell: Cell, colors: ColorSupport) -> Bool { contrast(of: cell, colors: colors) >= 48 }

  /// The cells of `surface` that stand out clearly at 256 colours (a
  /// contrast of `clearly` or more) but do not show at `colors`.
  public static func lostCells(in surface: Surface, at colors: ColorSupport, clearly: Int = 96)
    -> [(x: Int, y: Int, cell: Cell)]
  {
    var lost: [(Int, Int, Cell)] = []
    for y in 0..<surface.height {
      for x in 0..<surface.width {
        let cell = surface[x, y]
        if contrast(of: cell, colors: .indexed256) >= clearly && !isVisible(cell, colors: colors) {
          lost.append((x, y, cell))
        }
      }
    }
    return lost
  }

  /// The non-blank cells of `surface` drawn in the same colour as their background at `colors`.
  public static func invisibleText(in surface: Surface, at colors: ColorSupport) -> [(x: Int, y: Int, cell: Cell)] {
    var found: [(Int, Int, Cell)] = []
    for y in 0..<surface.height {
      for x in 0..<surface.width {
        let cell = surface[x, y]
        guard !cell.isContinuation, cell.grapheme != .space else { continue }
        let (fg, bg) = shownColors(of: cell.style, colors: colors)
        if fg == bg { found.append((x, y, cell)) }
      }
    }
    return found
  }
}
