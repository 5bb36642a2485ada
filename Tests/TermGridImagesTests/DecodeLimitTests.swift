import Foundation
import TermGridImagesTesting
import TermGridTesting
import Testing

@testable import TermGridImages

/// What a small file may cost: decompression bombs (a few hundred
/// kilobytes declaring hundreds of megabytes of pixels), progressive JPEGs
/// of thousands of scans, and the pictures people have that libjpeg alone
/// cannot show (CMYK), decoded scaled down or refused with a typed error
/// before anything large is allocated.
@Suite struct DecodeLimitTests {
  static let bombSide = TestPictures.bombSide

  static func scanBomb(scans: Int) -> [UInt8] { TestPictures.scanBomb(scans: scans) }

  @Test func libjpegWritesTenScansAndTheBombRepeatsTheLast() {
    let jpeg = TestPictures.scanBomb(scans: 30)
    #expect(jpeg.indices.dropLast().filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }.count == 30)
  }

  @Test func aProgressiveJPEGOfThousandsOfScansIsStoppedAtTheLimit() throws {
    let bomb = Self.scanBomb(scans: 2_000)
    #expect(throws: ImageDecodingError.scanLimitExceeded(limit: 100)) { try ImageDecoder().decode(bomb) }
    #expect(throws: ImageDecodingError.scanLimitExceeded(limit: 20)) {
      try ImageDecoder(maximumScanCount: 20).decode(Self.scanBomb(scans: 40))
    }
    // Within the limit, extra scans that refine nothing are decoded (libjpeg only warns of them).
    #expect(try ImageDecoder().decode(Self.scanBomb(scans: 60)).width == 256)
    #expect(ImageDecodingError.scanLimitExceeded(limit: 100).description == "a progressive JPEG of more than 100 scans")
  }

  @Test func aProgressiveJPEGThatDeclaresAHugePictureIsRefusedBeforeItsCoefficientsAreAllocated() throws {
    // A progressive JPEG keeps every coefficient of the picture until its
    // last scan: 10,950 x 10,950 is about 360 MB, whatever size it is shown at.
    let jpeg = TestPictures.hugeProgressiveJPEG()
    #expect(jpeg.count < 10_000)
    let refused = ImageDecodingError.memoryLimitExceeded(width: Self.bombSide, height: Self.bombSide)
    #expect(throws: refused) { try ImageDecoder().decode(jpeg, minimumSize: (80, 40)) }
    #expect(refused.description == "too large to decode in the memory allowed (10950 x 10950 pixels)")
    // A baseline JPEG of that size needs no such store: refused only past the pixel limit.
    #expect(throws: ImageDecodingError.tooLarge(width: 20_000, height: 20_000)) {
      var big = ImageDecoderTests.sample().jpegData()
      let at = big.indices.first { big[$0] == 0xFF && big[$0 + 1] == 0xC0 }!
      big.replaceSubrange((at + 5)...(at + 8), with: [0x4E, 0x20, 0x4E, 0x20])
      return try ImageDecoder().decode(big)
    }
  }

  @Test func aPNGBombIsReadARowAtATimeScaledDownOrRefusedWhole() throws {
    let bomb = TestPictures.uniformPNG(width: Self.bombSide, height: Self.bombSide, color: (200, 40, 40))
    #expect(bomb.count < 600_000, "\(bomb.count) bytes for 360 MB of pixels")
    // Shown small: scaled down as it is read, one row and the result in memory.
    let small = try ImageDecoder().decode(bomb, minimumSize: (160, 80))
    #expect(small.width >= 160 && small.width < 320 && small.height == small.width)
    #expect(small.pixels[0..<4] == [200, 40, 40, 255] && small.pixels.suffix(4) == [200, 40, 40, 255])
    // At full size the result alone is over the budget.
    #expect(throws: ImageDecodingError.memoryLimitExceeded(width: Self.bombSide, height: Self.bombSide)) {
      try ImageDecoder().decode(bomb)
    }
    // An interlaced PNG must be held whole to be read: refused at any size.
    let interlaced = TestPictures.uniformPNG(width: 6_000, height: 6_000, color: (0, 0, 200), interlaced: true)
    #expect(throws: ImageDecodingError.memoryLimitExceeded(width: 6_000, height: 6_000)) {
      try ImageDecoder().decode(interlaced, minimumSize: (80, 40))
    }
    // One within the budget is read whole through its seven passes, then scaled down.
    let modest = TestPictures.uniformPNG(width: 1500, height: 1000, color: (0, 0, 200), interlaced: true)
    let read = try ImageDecoder().decode(modest, minimumSize: (500, 250))
    #expect(
      read.width == 500 && read.height == 334 && read.pixels[0..<4] == [0, 0, 200, 255] && read.pixels.suffix(4) == [0, 0, 200, 255])
  }

  @Test func aPNGOfMoreThanAMillionPixelsIsScaledDownByAWholeFactorNoSmallerThanAsked() throws {
    let picture = ImageDecoderTests.sample(width: 1500, height: 1000, alpha: true)
    let png = picture.pngData()
    for (want, expected) in [((500, 250), (500, 334)), ((501, 10), (750, 500)), ((750, 500), (750, 500)), ((751, 10), (1500, 1000))] {
      let b = try ImageDecoder().decode(png, minimumSize: want)
      #expect((b.width, b.height) == expected, "\(want)")
    }
    // Each pixel the mean of its box: a 2 x 2 box of the gradient (opaque there).
    let half = try ImageDecoder().decode(png, minimumSize: (750, 500))
    let (x, y) = (400, 300)
    let box = [(2 * x, 2 * y), (2 * x + 1, 2 * y), (2 * x, 2 * y + 1), (2 * x + 1, 2 * y + 1)]
    for c in 0..<3 {
      let mean = box.map { Int(picture.pixels[4 * ($0.1 * 1500 + $0.0) + c]) }.reduce(0, +)
      #expect(abs(Int(half.pixels[4 * (y * 750 + x) + c]) * 4 - mean) <= 4)
    }
    // Where the picture is partly transparent (its first 8 columns), colours are weighted by alpha.
    let alphas: [Int] = [0, 32, 0, 32]  // columns 0 and 1, rows 0 and 1
    #expect(Int(half.pixels[3]) == (alphas.reduce(0, +) + 2) / 4)
    // A smaller picture is read whole: scaling it would cost more than it saves.
    let small = ImageDecoderTests.sample(width: 300, height: 200).pngData()
    #expect(try ImageDecoder().decode(small, minimumSize: (100, 50)).width == 300)
  }

  @Test func aCMYKJPEGShowsInItsColours() throws {
    let picture = ImageDecoderTests.sample(width: 96, height: 64)
    let cmyk = TestPictures.cmykJPEG(of: picture, quality: 95)
    let decoded = try ImageDecoder().decode(cmyk)
    #expect(decoded.width == 96 && decoded.height == 64)
    var total = 0
    for p in stride(from: 0, to: picture.pixels.count, by: 4) {
      for c in 0..<3 { total += abs(Int(picture.pixels[p + c]) - Int(decoded.pixels[p + c])) }
    }
    let mean = Double(total) / Double(96 * 64 * 3)
    #expect(mean < 6, "mean error \(mean)")
  }
}
