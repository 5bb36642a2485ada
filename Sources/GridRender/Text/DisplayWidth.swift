/// Display widths that agree with the terminal: two cells for East Asian Wide
/// and Fullwidth characters (CJK, emoji with emoji presentation), zero for
/// combining marks and format characters, one otherwise. A pure-Swift table
/// (see `scripts/gen-width-table.py`), so results do not depend on the locale.
public enum DisplayWidth {
  /// The width of one code point: 0, 1 or 2. Control characters count as 0;
  /// ``TextSanitizer`` replaces them before they reach a cell.
  @inlinable public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x7F { return v >= 0x20 ? 1 : 0 }
    if v < 0xA0 { return 0 }
    if v < 0x300 { return 1 }
    return tableWidth(v)
  }

  @usableFromInline static func tableWidth(_ v: UInt32) -> Int {
    if inRanges(v, zeroWidthRanges) { return 0 }
    if inRanges(v, wideRanges) { return 2 }
    return 1
  }

  static func inRanges(_ v: UInt32, _ ranges: [(UInt32, UInt32)]) -> Bool {
    var lo = 0
    var hi = ranges.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if ranges[mid].1 < v { lo = mid + 1 } else { hi = mid }
    }
    return lo < ranges.count && ranges[lo].0 <= v
  }

  /// The width of a grapheme cluster: its base character's width (combining
  /// marks, joiners and variation selectors add nothing); a pair of regional
  /// indicators (a flag) is two cells, one alone one cell.
  @inlinable public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    let first = scalars.first!
    if first.value < 0x300, scalars.count == 1 { return of(first) }
    if (0x1F1E6...0x1F1FF).contains(first.value), scalars.count >= 2,
      (0x1F1E6...0x1F1FF).contains(scalars[scalars.index(after: scalars.startIndex)].value)
    {
      return 2
    }
    for s in scalars {
      let w = of(s)
      if w > 0 { return w }
    }
    return 0
  }

  /// The width a string takes when drawn: the sum of the widths of the
  /// graphemes ``TextSanitizer`` makes of it (a control counts as its
  /// picture, a stray skin-tone modifier as its own two cells).
  public static func of(_ string: String) -> Int {
    // Printable ASCII, the usual case, is one cell a byte: counted over the
    // bytes, without breaking the string into grapheme clusters.
    if string.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) == true {
      return string.utf8.count
    }
    var total = 0
    for c in string {
      if let a = c.asciiValue, a >= 0x20, a < 0x7F {
        total += 1
        continue
      }
      if TextSanitizer.isPlainVisible(c) {
        total += of(c)
        continue
      }
      for safe in TextSanitizer.safeGraphemes(of: c) { total += of(safe) }
    }
    return total
  }
}
