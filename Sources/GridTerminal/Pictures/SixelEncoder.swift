/// Encodes pixels as sixel, the DEC graphics format that xterm (as a
/// VT340), foot, WezTerm, Konsole, iTerm2 and Windows Terminal show.
///
/// TermGrid's own rather than libchafa's: a picture partly covered (by an
/// overlay, a pinned header, the screen's edge) is drawn in pieces of
/// whole cells, each exactly as tall as its cells. Sixel paints six rows of
/// pixels at a time, so each piece's last band sets only the rows that are
/// its own, and the rest of the band is left transparent (`P2 = 1`) rather
/// than painted over the cells below. The palette is made for each piece by
/// median cut (up to 255 colours, the most a VT340-style terminal keeps per
/// picture), and each pixel takes the nearest, its error passed on to its
/// neighbours (Floyd-Steinberg), so that skies and gradients do not fall
/// into bands; transparent pixels are not drawn.
public struct SixelEncoder: Sendable {
  /// The most colours a picture uses.
  public var maximumColors: Int

  /// Creates an encoder of up to `maximumColors` colours a picture (2...256).
  public init(maximumColors: Int = 255) {
    self.maximumColors = min(256, max(2, maximumColors))
  }

  /// The sixel image of the `width` x `height` pixels at (`x`, `y`) of
  /// `rgba` (an image `stride` pixels wide, 4 bytes a pixel, straight
  /// alpha): `ESC P 0;1;0 q`, its size, its palette, its bands, `ESC \`.
  /// Pixels with alpha below 128 are left transparent.
  public func encode(rgba: [UInt8], stride: Int, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
    precondition(x >= 0 && y >= 0 && width >= 0 && height >= 0 && (x + width) * 4 <= stride * 4, "a crop inside the image")
    precondition(height == 0 || (y + height) * stride * 4 <= rgba.count, "a crop inside the image")
    var out: [UInt8] = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
    guard width > 0, height > 0 else { return out + Array("\u{1B}\\".utf8) }
    // The histogram of 15-bit colours (5 bits a channel) the palette is made from.
    var counts = [Int32](repeating: 0, count: 1 << 15)
    rgba.withUnsafeBufferPointer { px in
      for row in 0..<height {
        var i = ((y + row) * stride + x) * 4
        for _ in 0..<width {
          if px[i + 3] >= 128 { counts[Int(Self.bin(px[i], px[i + 1], px[i + 2]))] += 1 }
          i += 4
        }
      }
    }
    let palette = Self.medianCut(counts: counts, colors: maximumColors)
    // Dithered only where colours had to be merged: a picture of few colours keeps them exactly.
    let merged = counts.lazy.filter { $0 > 0 }.count > palette.count
    let colors = Self.indices(
      rgba: rgba, stride: stride, x: x, y: y, width: width, height: height, palette: palette, dither: merged)
    for (n, color) in palette.enumerated() {
      // Colours in percent, as the VT340 takes them.
      out += Array("#\(n);2;\(color.r * 100 / 255);\(color.g * 100 / 255);\(color.b * 100 / 255)".utf8)
    }
    // Band by band: for each colour used in the band, one line of sixels.
    var sixels = [UInt8](repeating: 0, count: width)
    var used = [Bool](repeating: false, count: palette.count)
    var band = 0
    while band < height {
      let rows = min(6, height - band)
      for c in used.indices { used[c] = false }
      for r in 0..<rows {
        for column in 0..<width {
          let c = colors[(band + r) * width + column]
          if c >= 0 { used[Int(c)] = true }
        }
      }
      var first = true
      for c in used.indices where used[c] {
        for column in 0..<width {
          var bits: UInt8 = 0
          for r in 0..<rows where colors[(band + r) * width + column] == Int16(c) { bits |= 1 << r }
          sixels[column] = bits
        }
        if !first { out.append(UInt8(ascii: "$")) }
        first = false
        out += Array("#\(c)".utf8)
        Self.appendRuns(sixels, to: &out)
      }
      out.append(UInt8(ascii: "-"))
      band += 6
    }
    return out + Array("\u{1B}\\".utf8)
  }

  /// A colour's 15-bit bin.
  @inline(__always) static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
    Int32(r >> 3) << 10 | Int32(g >> 3) << 5 | Int32(b >> 3)
  }

  /// Each pixel's palette entry (-1 where transparent), with `dither` the
  /// error of each passed on to the pixels right and below it (Floyd and
  /// Steinberg), so that a smooth gradient does not fall into bands; the
  /// nearest entry found once per 15-bit colour.
  static func indices(
    rgba: [UInt8], stride: Int, x: Int, y: Int, width: Int, height: Int, palette: [(r: Int, g: Int, b: Int)],
    dither: Bool
  ) -> [Int16] {
    var nearest = [Int16](repeating: -1, count: 1 << 15)
    var out = [Int16](repeating: -1, count: width * height)
    // The error carried into this row and the next, three channels a pixel (one pixel of margin each side).
    var current = [Int32](repeating: 0, count: (width + 2) * 3)
    var next = current
    rgba.withUnsafeBufferPointer { px in
      for row in 0..<height {
        for i in next.indices { next[i] = 0 }
        var i = ((y + row) * stride + x) * 4
        for column in 0..<width {
          defer { i += 4 }
          guard px[i + 3] >= 128 else { continue }
          let e = (column + 1) * 3
          let r = min(255, max(0, Int32(px[i]) + current[e] / 16))
          let g = min(255, max(0, Int32(px[i + 1]) + current[e + 1] / 16))
          let b = min(255, max(0, Int32(px[i + 2]) + current[e + 2] / 16))
          let key = Int(bin(UInt8(r), UInt8(g), UInt8(b)))
          var entry = nearest[key]
          if entry < 0 {
            // The bin's middle, against every entry.
            let (br, bg, bb) = (Int(r) | 4, Int(g) | 4, Int(b) | 4)
            var best = Int.max
            for (n, p) in palette.enumerated() {
              let d = (p.r - br) * (p.r - br) + (p.g - bg) * (p.g - bg) + (p.b - bb) * (p.b - bb)
              if d < best {
                best = d
                entry = Int16(n)
              }
            }
            nearest[key] = entry
          }
          out[row * width + column] = entry
          guard dither else { continue }
          let p = palette[Int(entry)]
          let errors = (r - Int32(p.r), g - Int32(p.g), b - Int32(p.b))
          current[e + 3] += errors.0 * 7
          current[e + 4] += errors.1 * 7
          current[e + 5] += errors.2 * 7
          next[e - 3] += errors.0 * 3
          next[e - 2] += errors.1 * 3
          next[e - 1] += errors.2 * 3
          next[e] += errors.0 * 5
          next[e + 1] += errors.1 * 5
          next[e + 2] += errors.2 * 5
          next[e + 3] += errors.0
          next[e + 4] += errors.1
          next[e + 5] += errors.2
        }
        swap(&current, &next)
      }
    }
    return out
  }

  /// One line of sixels, runs of four or more as `!n`, trailing blanks left out.
  private static func appendRuns(_ sixels: [UInt8], to out: inout [UInt8]) {
    var end = sixels.count
    while end > 0, sixels[end - 1] == 0 { end -= 1 }
    var i = 0
    while i < end {
      let v = sixels[i]
      var j = i + 1
      while j < end, sixels[j] == v { j += 1 }
      let n = j - i
      let char = 0x3F + v
      if n >= 4 {
        out += Array("!\(n)".utf8)
        out.append(char)
      } else {
        for _ in 0..<n { out.append(char) }
      }
      i = j
    }
  }

  /// A palette of at most `colors` colours for the 15-bit colours counted
  /// in `counts`, by median cut (each pixel then takes its nearest entry:
  /// see ``indices(rgba:stride:x:y:width:height:palette:dither:)``).
  static func medianCut(counts: [Int32], colors: Int) -> [(r: Int, g: Int, b: Int)] {
    var present: [Int32] = []
    for bin in 0..<counts.count where counts[bin] > 0 { present.append(Int32(bin)) }
    guard !present.isEmpty else { return [(0, 0, 0)] }
    func channel(_ bin: Int32, _ k: Int) -> Int32 { (bin >> Int32(10 - 5 * k)) & 31 }
    // Boxes are ranges of `present`, which is reordered as they are split.
    var boxes: [Range<Int>] = [0..<present.count]
    while boxes.count < colors {
      // The box with the widest channel among those that can be split: its width squared, weighted by the root of its pixels.
      var best = -1
      var bestScore: Int64 = 0
      var bestChannel = 0
      for (b, box) in boxes.enumerated() where box.count > 1 {
        var lo = [Int32](repeating: 31, count: 3)
        var hi = [Int32](repeating: 0, count: 3)
        var pixels: Int64 = 0
        for i in box {
          let bin = present[i]
          pixels += Int64(counts[Int(bin)])
          for k in 0..<3 {
            lo[k] = min(lo[k], channel(bin, k))
            hi[k] = max(hi[k], channel(bin, k))
          }
        }
        let k = (0..<3).max { hi[$0] - lo[$0] < hi[$1] - lo[$1] }!
        let score = Int64(hi[k] - lo[k]) * Int64(hi[k] - lo[k]) * Int64(Double(pixels).squareRoot().rounded(.up))
        if score > bestScore {
          best = b
          bestScore = score
          bestChannel = k
        }
      }
      guard best >= 0 else { break }
      let box = boxes[best]
      let k = bestChannel
      present[box].sort { channel($0, k) < channel($1, k) }
      var total: Int64 = 0
      for i in box { total += Int64(counts[Int(present[i])]) }
      var running: Int64 = 0
      var split = box.lowerBound + 1
      for i in box {
        running += Int64(counts[Int(present[i])])
        if running * 2 >= total {
          split = min(box.upperBound - 1, max(box.lowerBound + 1, i + 1))
          break
        }
      }
      boxes[best] = box.lowerBound..<split
      boxes.append(split..<box.upperBound)
    }
    var palette: [(r: Int, g: Int, b: Int)] = []
    for box in boxes {
      var sum = (r: Int64(0), g: Int64(0), b: Int64(0))
      var pixels: Int64 = 0
      for i in box {
        let bin = present[i]
        let c = Int64(counts[Int(bin)])
        sum.r += Int64(channel(bin, 0)) * c
        sum.g += Int64(channel(bin, 1)) * c
        sum.b += Int64(channel(bin, 2)) * c
        pixels += c
      }
      // 5 bits back to 8: the middle of each step.
      func eight(_ v: Int64) -> Int { Int((v * 255 + pixels * 15) / (pixels * 31)) }
      palette.append((min(255, eight(sum.r)), min(255, eight(sum.g)), min(255, eight(sum.b))))
    }
    return palette
  }
}
