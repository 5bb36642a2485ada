/// One grapheme cluster stored inline as up to 15 bytes of UTF-8, so that a
/// ``Cell`` is plain data: copying and comparing cells costs no reference
/// counting. A cluster longer than 15 bytes (a long emoji ZWJ sequence) is
/// kept as its first code point.
public struct Grapheme: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral, CustomStringConvertible {
  /// Bytes 0-7 of the UTF-8.
  @usableFromInline var lo: UInt64
  /// Bytes 8-14 of the UTF-8; the top byte holds the length.
  @usableFromInline var hi: UInt64

  /// A space.
  public static let space = Grapheme(ascii: 0x20)

  @inlinable init(lo: UInt64, hi: UInt64) {
    self.lo = lo
    self.hi = hi
  }

  /// A printable ASCII character.
  @inlinable public init(ascii: UInt8) {
    self.init(lo: UInt64(ascii), hi: 1 << 56)
  }

  /// A single code point.
  @inlinable public init(_ scalar: Unicode.Scalar) {
    if scalar.isASCII {
      self.init(ascii: UInt8(scalar.value))
    } else {
      var l: UInt64 = 0
      var n = 0
      for b in UTF8.encode(scalar)! {
        l |= UInt64(b) << (8 * n)
        n += 1
      }
      self.init(lo: l, hi: UInt64(n) << 56)
    }
  }

  /// A grapheme cluster (kept as its first code point if longer than 15 bytes).
  public init(_ character: Character) {
    if let a = character.asciiValue, character.utf8.count == 1 {
      self.init(ascii: a)
      return
    }
    let utf8 = character.utf8
    guard utf8.count <= 15 else {
      self.init(character.unicodeScalars.first!)
      return
    }
    var l: UInt64 = 0
    var h: UInt64 = 0
    var n = 0
    for b in utf8 {
      if n < 8 { l |= UInt64(b) << (8 * n) } else { h |= UInt64(b) << (8 * (n - 8)) }
      n += 1
    }
    self.init(lo: l, hi: h | UInt64(n) << 56)
  }

  /// Creates a grapheme from a character literal.
  public init(extendedGraphemeClusterLiteral value: Character) { self.init(value) }

  /// The number of UTF-8 bytes.
  @inlinable public var utf8Count: Int { Int(hi >> 56) }

  /// The byte at `i` (0 ..< utf8Count).
  @inlinable public func utf8Byte(_ i: Int) -> UInt8 {
    i < 8 ? UInt8(truncatingIfNeeded: lo >> (8 * i)) : UInt8(truncatingIfNeeded: hi >> (8 * (i - 8)))
  }

  /// True for a single ASCII byte.
  @inlinable public var isASCII: Bool { hi == 1 << 56 }

  /// The UTF-8 bytes.
  public var utf8: [UInt8] { (0..<utf8Count).map(utf8Byte) }

  /// The code points, decoded.
  public var unicodeScalars: [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var it = utf8.makeIterator()
    var decoder = UTF8()
    loop: while true {
      switch decoder.decode(&it) {
      case .scalarValue(let s): result.append(s)
      case .emptyInput: break loop
      case .error: result.append("\u{FFFD}")
      }
    }
    return result
  }

  /// The most cells a terminal may draw the grapheme in: the widths of its
  /// code points added up, as a terminal that does not join a sequence
  /// draws each part on its own (tmux 3.3 and xterm draw a family emoji's
  /// three people in six cells, a skin-tone modifier as its own swatch).
  /// The same as ``DisplayWidth`` gives for one code point, a letter with
  /// its accents, a flag or Hangul jamo; wider for emoji sequences.
  /// (Decoded from its bytes in place, without an array: the screen's diff
  /// asks it of every changed cell of more than four bytes, each frame.)
  public var widestDrawnWidth: Int {
    let n = utf8Count
    var total = 0
    var i = 0
    while i < n {
      let lead = UInt32(utf8Byte(i))
      let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
      var value = length == 1 ? lead : lead & (0x7F >> UInt32(length))
      var valid = length > 0 && i + length <= n
      if valid {
        for k in 1..<length {
          let byte = utf8Byte(i + k)
          guard byte & 0xC0 == 0x80 else {
            valid = false
            break
          }
          value = value << 6 | UInt32(byte & 0x3F)
        }
      }
      // Bytes that decode to no code point are drawn as U+FFFD, one cell.
      if valid, let scalar = Unicode.Scalar(value) {
        total += DisplayWidth.of(scalar)
        i += length
      } else {
        total += 1
        i += 1
      }
    }
    return total
  }

  /// How many of its UTF-8 bytes a terminal is sent: all but a zero-width
  /// joiner at the end (a sequence still being typed), which joins nothing
  /// on screen and which some terminals (tmux) keep to join to whatever is
  /// written next, anywhere on the screen.
  @inlinable public var utf8CountToDraw: Int {
    let n = utf8Count
    guard n > 3, utf8Byte(n - 3) == 0xE2, utf8Byte(n - 2) == 0x80, utf8Byte(n - 1) == 0x8D else { return n }
    return n - 3
  }

  /// The grapheme as a Character.
  public var character: Character {
    if isASCII { return Character(Unicode.Scalar(UInt8(truncatingIfNeeded: lo))) }
    var s = String.UnicodeScalarView()
    s.append(contentsOf: unicodeScalars)
    // One grapheme by construction; should the bytes ever say otherwise, the first.
    let text = String(s)
    return text.count == 1 ? Character(text) : text.first ?? " "
  }

  /// A readable form, for messages and tests.
  public var description: String { String(character) }
}
