extension Picture {
  /// The picture for a terminal without UTF-8 (a C or POSIX locale), where
  /// its block symbols would each become `#` or `?`: every cell a blank, in
  /// the colour its symbol shows (its two colours mixed by how much of the
  /// cell each covers), so that it reads as a picture of coloured blocks.
  /// In the terminal's own two colours (a picture for no colour), a cell
  /// covered more than half is a blank in reverse video. ASCII cells stay
  /// as they are; the pixels, if any, too.
  public var asciiOnly: Picture {
    guard cells.contains(where: { !$0.grapheme.isASCII }) else { return self }
    return Picture(width: width, height: height, cells: cells.map(Self.asciiCell), pixels: pixels)
  }

  /// One cell of ``asciiOnly``.
  static func asciiCell(_ cell: Cell) -> Cell {
    let g = cell.grapheme
    if g.isASCII { return cell }
    let coverage = g.unicodeScalars.first.map { Self.coverage(of: $0) } ?? 0
    var style = cell.style
    let (fg, bg) = (style.foreground, style.background)
    style.foreground = .default
    switch (fg.rgbValue, bg.rgbValue) {
    case (let f?, let b?):
      func mix(_ a: Int, _ b: Int) -> UInt8 { UInt8(clamping: Int((Double(a) * coverage + Double(b) * (1 - coverage)).rounded())) }
      style.background = .rgb(mix(f.r, b.r), mix(f.g, b.g), mix(f.b, b.b))
    case (.some, nil):
      // The symbol's colour on the terminal's own background: whichever covers more.
      style.background = coverage > 0.5 ? fg : .default
    case (nil, _):
      // The terminal's own foreground over most of the cell: reverse video shows it.
      if coverage > 0.5 { style.attributes.insert(.reverse) }
    }
    return Cell(grapheme: .space, style: style, width: 1)
  }

  /// How much of a cell a block symbol covers in its foreground, 0 to 1
  /// (none for a character that is not one).
  static func coverage(of s: Unicode.Scalar) -> Double {
    switch s.value {
    case 0x2580, 0x2590, 0x2592, 0x258C: return 0.5
    case 0x2581...0x2587: return Double(s.value - 0x2580) / 8
    case 0x2588: return 1
    case 0x2589...0x258F: return Double(0x2590 - s.value) / 8
    case 0x2591: return 0.25
    case 0x2593: return 0.75
    case 0x2594, 0x2595: return 0.125
    case 0x2596, 0x2597, 0x2598, 0x259D: return 0.25
    case 0x259A, 0x259E: return 0.5
    case 0x2599, 0x259B, 0x259C, 0x259F: return 0.75
    case 0x1FB00...0x1FB3B:
      // The sextants in order of their six bits, without the blank, the halves and the full block.
      var bits = Int(s.value - 0x1FB00) + 1
      if bits >= 21 { bits += 1 }
      if bits >= 42 { bits += 1 }
      return Double(bits.nonzeroBitCount) / 6
    default: return 0
    }
  }
}
