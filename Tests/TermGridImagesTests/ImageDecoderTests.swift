import Foundation
import TermGridTesting
import Testing

@testable import TermGridImages

/// Decoding JPEG and PNG files made by the tests, and every way a file can be broken.
@Suite struct ImageDecoderTests {
  /// A picture with something in every pixel: a gradient, a square, some transparency.
  static func sample(width: Int = 64, height: Int = 48, alpha: Bool = false) -> Bitmap {
    Bitmap(width: width, height: height) { x, y in
      let inSquare = x >= width / 4 && x < width / 2 && y >= height / 4 && y < height / 2
      return (
        UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), inSquare ? 255 : 40,
        alpha && x < 8 ? UInt8(x * 32) : 255
      )
    }
  }

  @Test func aPNGComesBackPixelForPixelWithItsAlpha() throws {
    let bitmap = Self.sample(alpha: true)
    let data = bitmap.pngData()
    #expect(ImageFormat(sniffing: data) == .png)
    let decoded = try ImageDecoder().decode(data)
    #expect(decoded == bitmap)
  }

  @Test func aJPEGComesBackWithinItsLoss() throws {
    let bitmap = Self.sample()
    let data = bitmap.jpegData(quality: 95)
    #expect(ImageFormat(sniffing: data) == .jpeg)
    let decoded = try ImageDecoder().decode(data)
    #expect(decoded.width == bitmap.width && decoded.height == bitmap.height)
    // JPEG keeps brightness closely and colour at half resolution: the
    // mean error is small, and so is the worst error in brightness.
    var total = 0
    var worstLuma = 0
    for p in stride(from: 0, to: bitmap.pixels.count, by: 4) {
      for c in 0..<3 { total += abs(Int(bitmap.pixels[p + c]) - Int(decoded.pixels[p + c])) }
      let luma = { (b: Bitmap) in 299 * Int(b.pixels[p]) + 587 * Int(b.pixels[p + 1]) + 114 * Int(b.pixels[p + 2]) }
      worstLuma = max(worstLuma, abs(luma(bitmap) - luma(decoded)) / 1000)
    }
    let mean = Double(total) / Double(bitmap.width * bitmap.height * 3)
    #expect(mean < 3, "mean error \(mean)")
    #expect(worstLuma < 24, "worst brightness error \(worstLuma)")
    #expect(decoded.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
  }

  @Test func aJPEGIsDownscaledWhileDecodingNoSmallerThanAsked() throws {
    let data = Self.sample(width: 800, height: 600).jpegData()
    let decoder = ImageDecoder()
    #expect(try decoder.decode(data, minimumSize: (100, 75)).width == 100)  // 1/8
    #expect(try decoder.decode(data, minimumSize: (101, 75)).width == 200)  // 1/4
    #expect(try decoder.decode(data, minimumSize: (300, 10)).width == 400)  // 1/2
    #expect(try decoder.decode(data, minimumSize: (401, 10)).width == 800)
    #expect(try decoder.decode(data).width == 800)
  }

  @Test func filesAreReadFromDiskAndTheirProblemsNamed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-images-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("a.png").path
    try Data(Self.sample().pngData()).write(to: URL(fileURLWithPath: png))
    #expect(try ImageDecoder().decode(contentsOf: png) == Self.sample())

    #expect(throws: ImageDecodingError.self) { try ImageDecoder().decode(contentsOf: folder.path + "/missing.jpg") }
    do {
      _ = try ImageDecoder().decode(contentsOf: folder.path + "/missing.jpg")
    } catch {
      guard case .unreadable(let path, let reason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path.hasSuffix("missing.jpg") && reason.contains("No such file"))
    }
    #expect(throws: ImageDecodingError.unreadable(path: folder.path, reason: "not a regular file")) {
      try ImageDecoder().decode(contentsOf: folder.path)
    }
    let empty = folder.appendingPathComponent("empty.png").path
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    #expect(throws: ImageDecodingError.empty) { try ImageDecoder().decode(contentsOf: empty) }
    let text = folder.appendingPathComponent("notes.jpg").path
    try Data("not a picture\n".utf8).write(to: URL(fileURLWithPath: text))
    #expect(throws: ImageDecodingError.unknownFormat) { try ImageDecoder().decode(contentsOf: text) }
  }

  @Test(arguments: [ImageFormat.jpeg, .png])
  func aTruncatedFileIsCorruptNotHalfAPicture(format: ImageFormat) {
    let data = format == .jpeg ? Self.sample().jpegData() : Self.sample().pngData()
    for keep in [data.count / 2, data.count - 20, 30] {
      #expect {
        try ImageDecoder().decode(Array(data.prefix(keep)))
      } throws: { error in
        guard case .corrupt(let f, let message) = error as? ImageDecodingError else { return false }
        return f == format && !message.isEmpty
      }
    }
  }

  @Test func aHugeDeclaredSizeIsRefusedBeforeAnyPixelIsDecoded() throws {
    // A JPEG whose frame header says 40,000 x 40,000.
    var jpeg = Self.sample().jpegData()
    let sof = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    jpeg.replaceSubrange((sof + 5)...(sof + 8), with: [0x9C, 0x40, 0x9C, 0x40])
    #expect(throws: ImageDecodingError.tooLarge(width: 40_000, height: 40_000)) { try ImageDecoder().decode(jpeg) }
    // A PNG whose header says the same (with the header's checksum made right).
    var png = Self.sample().pngData()
    png.replaceSubrange(16..<24, with: [0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40])
    let crc = Self.crc32(png[12..<29])
    png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
    #expect(throws: ImageDecodingError.tooLarge(width: 40_000, height: 40_000)) { try ImageDecoder().decode(png) }
    // The limit is the decoder's to set.
    #expect(throws: ImageDecodingError.tooLarge(width: 64, height: 48)) {
      try ImageDecoder(maximumPixelCount: 1000).decode(Self.sample().pngData())
    }
  }

  /// 1,000 damaged files (bytes flipped, cut, doubled, dropped) decode to a
  /// picture or a typed error: never a crash, an exit, or a word on stderr.
  @Test func aThousandMutatedFilesNeverCrash() {
    var random = SplitMix64(seed: 0x1A6E_5EED)
    let originals = [
      Self.sample().jpegData(), Self.sample(width: 33, height: 17).jpegData(quality: 50), Self.sample(alpha: true).pngData(),
      Self.sample(width: 7, height: 90).pngData(),
    ]
    var decoded = 0
    var failed = 0
    for i in 0..<1000 {
      var data = originals[i % originals.count]
      for _ in 0..<(1 + Int(random.next() % 6)) {
        guard !data.isEmpty else { break }
        let at = Int(random.next() % UInt64(data.count))
        switch random.next() % 5 {
        case 0: data[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
        case 1: data[at] = UInt8(truncatingIfNeeded: random.next())
        case 2: data.removeSubrange(at...)
        case 3: data.insert(contentsOf: data[at..<min(data.count, at + 1 + Int(random.next() % 64))], at: at)
        default: data.removeSubrange(at..<min(data.count, at + 1 + Int(random.next() % 16)))
        }
      }
      do {
        let b = try ImageDecoder().decode(data)
        #expect(b.pixels.count == b.width * b.height * 4)
        decoded += 1
      } catch {
        failed += 1
      }
    }
    #expect(decoded + failed == 1000)
    #expect(failed > 100, "most damage should be noticed")
  }

  static func crc32<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      crc ^= UInt32(b)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
