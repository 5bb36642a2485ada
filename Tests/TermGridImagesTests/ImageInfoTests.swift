import Foundation
import Testing

@testable import TermGridImages

/// A picture's size from its headers, without decoding it.
@Suite struct ImageInfoTests {
  static let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tg-info-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  static func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  @Test func sizesOfPNGsAndJPEGsAsWrittenMatchTheirPixels() throws {
    for (w, h) in [(1, 1), (64, 48), (300, 7), (17, 1000)] {
      let bitmap = ImageDecoderTests.sample(width: w, height: h)
      let png = try ImageInfo(contentsOf: Self.write(bitmap.pngData(), "p\(w).png"))
      #expect(png.format == .png && png.width == w && png.height == h)
      #expect(png.byteCount == bitmap.pngData().count)
      let jpeg = try ImageInfo(bitmap.jpegData())
      #expect(jpeg.format == .jpeg && jpeg.width == w && jpeg.height == h)
      // The decoder agrees.
      let decoded = try ImageDecoder().decode(bitmap.jpegData())
      #expect(decoded.width == jpeg.width && decoded.height == jpeg.height)
    }
  }

  @Test func aJPEGFrameHeaderFarPastTheStartIsFound() throws {
    // An APP1 segment of 60,000 bytes (as Exif with a thumbnail) and a comment before the frame header.
    let jpeg = ImageDecoderTests.sample(width: 120, height: 90).jpegData()
    var bytes: [UInt8] = [0xFF, 0xD8]
    let app1 = [UInt8](repeating: 0x41, count: 60_000)
    bytes += [0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1
    bytes += [0xFF, 0xFE, 0x00, 0x05, 0x68, 0x69, 0x21]
    bytes += jpeg.dropFirst(2)
    let info = try ImageInfo(contentsOf: Self.write(bytes, "exif.jpg"))
    #expect(info.width == 120 && info.height == 90)
    #expect(try ImageDecoder().decode(bytes).width == 120, "and libjpeg reads it too")
  }

  /// A JPEG whose frame header comes after `segments` empty comment
  /// segments and `fill` fill bytes (0xFF, which may come before any marker).
  static func jpeg(afterSegments segments: Int, fill: Int) -> [UInt8] {
    let jpeg = ImageDecoderTests.sample(width: 120, height: 90).jpegData()
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes.reserveCapacity(jpeg.count + segments * 4 + fill)
    for _ in 0..<segments { bytes += [0xFF, 0xFE, 0x00, 0x02] }
    bytes += [UInt8](repeating: 0xFF, count: fill)
    bytes += jpeg.dropFirst(2)
    return bytes
  }

  /// libjpeg reads past any number of segments and fill bytes to the frame
  /// header; so does ImageInfo (a JPEG of 20,000 segments was shown as a
  /// thumbnail while its detail said "no frame header"). The walk is bounded
  /// by the file's size alone.
  @Test(arguments: [(20_000, 0), (0, 30_000), (300_000, 100_000)])
  func aFrameHeaderAfterAnyNumberOfSegmentsAndFillBytesIsFound(segments: Int, fill: Int) throws {
    let bytes = Self.jpeg(afterSegments: segments, fill: fill)
    let path = try Self.write(bytes, "segments-\(segments)-\(fill).jpg")
    let decoded = try ImageDecoder().decode(contentsOf: path)
    #expect(decoded.width == 120 && decoded.height == 90, "libjpeg reads it")
    let info = try ImageInfo(contentsOf: path)
    #expect(info.format == .jpeg && info.width == 120 && info.height == 90 && info.byteCount == bytes.count)
    #expect(try ImageInfo(bytes).width == 120, "from memory too")
    // Cut before the frame header: a typed error, not a size.
    let cut = Array(bytes.prefix(2 + segments * 4 + fill))
    #expect(throws: ImageDecodingError.corrupt(format: .jpeg, message: "no frame header")) {
      try ImageInfo(contentsOf: try Self.write(cut, "segments-cut.jpg"))
    }
  }

  @Test func brokenHeadersAreTypedErrors() throws {
    let png = ImageDecoderTests.sample().pngData()
    let jpeg = ImageDecoderTests.sample().jpegData()
    #expect(throws: ImageDecodingError.empty) { try ImageInfo(contentsOf: Self.write([], "empty.png")) }
    #expect(throws: ImageDecodingError.unknownFormat) { try ImageInfo(Array("hello, world".utf8)) }
    #expect(throws: ImageDecodingError.corrupt(format: .png, message: "no IHDR header")) { try ImageInfo(Array(png.prefix(20))) }
    #expect(throws: ImageDecodingError.corrupt(format: .jpeg, message: "no frame header")) { try ImageInfo(Array(jpeg.prefix(12))) }
    var zero = png
    for i in 16..<20 { zero[i] = 0 }
    #expect(throws: ImageDecodingError.self) { try ImageInfo(zero) }
    do {
      _ = try ImageInfo(contentsOf: "/nonexistent/x.png")
      Issue.record("no error")
    } catch {
      guard case .unreadable = error else {
        Issue.record("\(error)")
        return
      }
    }
    // Every prefix of a JPEG: a size or a typed error, never a crash.
    for n in 1..<min(jpeg.count, 700) { _ = try? ImageInfo(Array(jpeg.prefix(n))) }
  }
}
