/// A terminal colour: the terminal's default, one of the 16 ANSI colours, an
/// entry of the 256-colour palette, or a 24-bit RGB value. Backends map what
/// the terminal cannot show to the nearest colour it can.
public enum Color: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case `default`
  /// ANSI colour 0-15 (8-15 are the bright variants).
  case ansi(UInt8)
  /// An entry of the 256-colour palette.
  case indexed(UInt8)
  /// A 24-bit colour.
  case rgb(UInt8, UInt8, UInt8)

  /// ANSI black (colour 0), shown in the terminal's own palette.
  public static let black = Color.ansi(0)
  /// ANSI red (colour 1), shown in the terminal's own palette.
  public static let red = Color.ansi(1)
  /// ANSI green (colour 2), shown in the terminal's own palette.
  public static let green = Color.ansi(2)
  /// ANSI yellow (colour 3), shown in the terminal's own palette.
  public static let yellow = Color.ansi(3)
  /// ANSI blue (colour 4), shown in the terminal's own palette.
  public static let blue = Color.ansi(4)
  /// ANSI magenta (colour 5), shown in the terminal's own palette.
  public static let magenta = Color.ansi(5)
  /// ANSI cyan (colour 6), shown in the terminal's own palette.
  public static let cyan = Color.ansi(6)
  /// ANSI white (colour 7), shown in the terminal's own palette.
  public static let white = Color.ansi(7)
  /// The bright black.
  public static let brightBlack = Color.ansi(8)
  /// The bright white.
  public static let brightWhite = Color.ansi(15)

  /// The colour in 32 bits: a tag in the top byte, the value below.
  @inlinable var packed: UInt32 {
    switch self {
    case .default: return 0
    case .ansi(let n): return 1 << 24 | UInt32(n)
    case .indexed(let n): return 2 << 24 | UInt32(n)
    case .rgb(let r, let g, let b): return 3 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
  }

  /// The colour from its packed form.
  @inlinable init(packed v: UInt32) {
    switch v >> 24 {
    case 1: self = .ansi(UInt8(truncatingIfNeeded: v))
    case 2: self = .indexed(UInt8(truncatingIfNeeded: v))
    case 3: self = .rgb(UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v))
    default: self = .default
    }
  }

  /// The RGB value of the colour in xterm's default palette (nil for `.default`).
  public var rgbValue: (r: Int, g: Int, b: Int)? {
    switch self {
    case .default: return nil
    case .rgb(let r, let g, let b): return (Int(r), Int(g), Int(b))
    case .ansi(let n): return Color.indexed(n).rgbValue
    case .indexed(let n):
      let i = Int(n)
      if i < 16 {
        let base: [(Int, Int, Int)] = [
          (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
          (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
          (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        return base[i]
      }
      if i < 232 {
        let c = i - 16
        let level = { (v: Int) in v == 0 ? 0 : 55 + v * 40 }
        return (level(c / 36), level((c / 6) % 6), level(c % 6))
      }
      let v = 8 + (i - 232) * 10
      return (v, v, v)
    }
  }

  /// The nearest entry of the 256-colour palette.
  public var nearestIndexed: UInt8? {
    switch self {
    case .default: return nil
    case .ansi(let n), .indexed(let n): return n
    case .rgb(let r, let g, let b):
      let cube = { (v: UInt8) -> Int in v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
      let (cr, cg, cb) = (cube(r), cube(g), cube(b))
      let cubeIndex = 16 + 36 * cr + 6 * cg + cb
      let grey = (Int(r) + Int(g) + Int(b)) / 3
      let greyIndex = grey > 238 ? 255 : grey < 8 ? 232 : 232 + (grey - 8) / 10
      func dist(_ i: Int) -> Int {
        let (pr, pg, pb) = Color.indexed(UInt8(i)).rgbValue!
        return (pr - Int(r)) * (pr - Int(r)) + (pg - Int(g)) * (pg - Int(g)) + (pb - Int(b)) * (pb - Int(b))
      }
      return UInt8(dist(cubeIndex) <= dist(greyIndex) ? cubeIndex : greyIndex)
    }
  }

  /// The nearest of the 8 basic ANSI colours (bright colours fold onto their base).
  public var nearestANSI8: UInt8? {
    switch self {
    case .default: return nil
    case .ansi(let n) where n < 16: return n % 8
    default:
      guard let rgb = rgbValue else { return nil }
      return Self.nearestPaletteEntry(to: rgb, amongFirst: 8)
    }
  }

  /// The entry of the first `count` of xterm's palette nearest to `rgb`
  /// (squared distance; the first of equals wins).
  static func nearestPaletteEntry(to rgb: (Int, Int, Int), amongFirst count: Int) -> UInt8 {
    var best = 0
    var bestDistance = Int.max
    for i in 0..<count {
      let (pr, pg, pb) = Color.indexed(UInt8(i)).rgbValue!
      let d = (pr - rgb.0) * (pr - rgb.0) + (pg - rgb.1) * (pg - rgb.1) + (pb - rgb.2) * (pb - rgb.2)
      if d < bestDistance {
        bestDistance = d
        best = i
      }
    }
    return UInt8(best)
  }
}
