import GridRender
import TermGridTesting
import Testing

@testable import GridTerminal

/// The sixel encoder: pictures decode back to their colours, crops are
/// exactly as tall as asked (the last band sets only its own rows),
/// transparent pixels are left alone, and photographs keep many colours.
@Suite struct SixelEncoderTests {
  /// A picture of `width` x `height` with `colors` distinct colours, some pixels transparent.
  static func picture(width: Int, height: Int, colors: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    let palette = (0..<colors).map { _ in
      (UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()))
    }
    var rgba: [UInt8] = []
    for _ in 0..<(width * height) {
      let transparent = random.next() % 11 == 0
      let c = palette[Int(random.next() % UInt64(colors))]
      rgba += [c.0, c.1, c.2, transparent ? 0 : 255]
    }
    return rgba
  }

  @Test(arguments: [(1, 1), (7, 5), (13, 6), (20, 13), (33, 40)])
  func aPictureDecodesBackToItsPixels(width: Int, height: Int) throws {
    let rgba = Self.picture(width: width, height: height, colors: 40, seed: UInt64(width * 100 + height))
    let bytes = SixelEncoder().encode(rgba: rgba, stride: width, x: 0, y: 0, width: width, height: height)
    let image = try SixelDecoder(bytes)
    #expect(image.transparentBackground)
    #expect(image.declared?.width == width && image.declared?.height == height)
    #expect(image.height <= height, "no row below the picture is painted")
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        if rgba[i + 3] < 128 {
          #expect(image[x, y] == nil, "(\(x), \(y)) is transparent")
        } else {
          let c = try #require(image[x, y], "(\(x), \(y)) is painted")
          // 5 bits a channel, then percent: within 12 of the original.
          #expect(abs(c.r - Int(rgba[i])) <= 12 && abs(c.g - Int(rgba[i + 1])) <= 12 && abs(c.b - Int(rgba[i + 2])) <= 12)
        }
      }
    }
  }

  @Test func aCropIsThePixelsInsideIt() throws {
    let (w, h) = (30, 25)
    let rgba = Self.picture(width: w, height: h, colors: 8, seed: 5)
    let bytes = SixelEncoder().encode(rgba: rgba, stride: w, x: 4, y: 7, width: 11, height: 9)
    let image = try SixelDecoder(bytes)
    #expect(image.width <= 11 && image.height <= 9)
    for y in 0..<9 {
      for x in 0..<11 {
        let i = ((7 + y) * w + 4 + x) * 4
        #expect((image[x, y] == nil) == (rgba[i + 3] < 128))
      }
    }
  }

  @Test func manyColoursGetUpTo255PaletteEntriesAndStayClose() throws {
    // A smooth gradient: thousands of colours, which median cut brings to 255.
    let (w, h) = (96, 64)
    var rgba: [UInt8] = []
    for y in 0..<h {
      for x in 0..<w { rgba += [UInt8(x * 255 / (w - 1)), UInt8(y * 255 / (h - 1)), UInt8(truncatingIfNeeded: (x + y) * 2), 255] }
    }
    let bytes = SixelEncoder().encode(rgba: rgba, stride: w, x: 0, y: 0, width: w, height: h)
    let text = String(decoding: bytes, as: UTF8.self)
    let definitions = text.split(separator: "#").dropFirst().filter { $0.split(separator: ";").count >= 5 }.count
    #expect(definitions > 200 && definitions <= 255)
    let image = try SixelDecoder(bytes)
    var error = 0
    for y in 0..<h {
      for x in 0..<w {
        let c = try #require(image[x, y])
        let i = (y * w + x) * 4
        error = max(error, abs(c.r - Int(rgba[i])), abs(c.g - Int(rgba[i + 1])), abs(c.b - Int(rgba[i + 2])))
      }
    }
    #expect(error <= 40, "the worst channel is \(error) away")
  }

  @Test func aGradientIsDitheredNotBanded() throws {
    // A sky-like gradient of thousands of colours: averaged over 8x8 blocks,
    // what is drawn stays within a few steps of the original everywhere
    // (bands of 255 flat colours would be up to half a band off).
    let (w, h) = (160, 96)
    var rgba: [UInt8] = []
    for y in 0..<h {
      for x in 0..<w { rgba += [UInt8(40 + x * 200 / w), UInt8(60 + y * 150 / h), UInt8(230 - (x + y) * 100 / (w + h)), 255] }
    }
    let image = try SixelDecoder(SixelEncoder().encode(rgba: rgba, stride: w, x: 0, y: 0, width: w, height: h))
    var worst = 0
    for by in stride(from: 0, to: h, by: 8) {
      for bx in stride(from: 0, to: w, by: 8) {
        var drawn = (0, 0, 0)
        var original = (0, 0, 0)
        for y in by..<(by + 8) {
          for x in bx..<(bx + 8) {
            let c = try #require(image[x, y])
            let i = (y * w + x) * 4
            drawn = (drawn.0 + c.r, drawn.1 + c.g, drawn.2 + c.b)
            original = (original.0 + Int(rgba[i]), original.1 + Int(rgba[i + 1]), original.2 + Int(rgba[i + 2]))
          }
        }
        worst = max(worst, abs(drawn.0 - original.0) / 64, abs(drawn.1 - original.1) / 64, abs(drawn.2 - original.2) / 64)
      }
    }
    #expect(worst <= 4, "a block's average is \(worst) off")
  }

  @Test func anEmptyCropIsAnEmptyImage() throws {
    let bytes = SixelEncoder().encode(rgba: [0, 0, 0, 255], stride: 1, x: 0, y: 0, width: 0, height: 0)
    let image = try SixelDecoder(bytes)
    #expect(image.width == 0 && image.height == 0)
  }
}
