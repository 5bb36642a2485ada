import CJPEG
import CPNG

#if canImport(Glibc)
  import Glibc
#endif

/// Decodes JPEG and PNG files to ``Bitmap``s, through libjpeg(-turbo) and
/// libpng. Every failure is an ``ImageDecodingError`` (a truncated, corrupt,
/// empty, huge or foreign file); nothing a file holds ends the process or
/// writes to the terminal. A JPEG is downscaled while it is decoded (by
/// 1/2, 1/4 or 1/8) as far as the result stays at least the size asked for.
///
/// A value type with no shared state: decode on any thread.
public struct ImageDecoder: Sendable {
  /// The most pixels a picture may declare (width x height) before it is
  /// refused as ``ImageDecodingError/tooLarge(width:height:)``: 120 million by default.
  public var maximumPixelCount: Int
  /// The largest file read, in bytes: 256 MiB by default.
  public var maximumFileSize: Int

  /// Creates a decoder.
  public init(maximumPixelCount: Int = 120_000_000, maximumFileSize: Int = 256 << 20) {
    self.maximumPixelCount = maximumPixelCount
    self.maximumFileSize = maximumFileSize
  }

  /// Reads and decodes the file at `path`; with a `minimumSize`, a JPEG is
  /// decoded no larger than it needs to be to cover it.
  public func decode(contentsOf path: String, minimumSize: (width: Int, height: Int)? = nil) throws(ImageDecodingError) -> Bitmap {
    try decode(try Self.read(path, limit: maximumFileSize), minimumSize: minimumSize)
  }

  /// Decodes a JPEG or PNG held in memory (the format from its first bytes).
  public func decode(_ data: [UInt8], minimumSize: (width: Int, height: Int)? = nil) throws(ImageDecodingError) -> Bitmap {
    guard !data.isEmpty else { throw .empty }
    guard let format = ImageFormat(sniffing: data) else { throw .unknownFormat }
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0, height: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let code: Int32 = data.withUnsafeBufferPointer { bytes in
      switch format {
      case .jpeg:
        var sourceWidth: Int32 = 0, sourceHeight: Int32 = 0
        let r = tg_jpeg_decode(
          bytes.baseAddress, UInt(bytes.count), Int32(clamping: minimumSize?.width ?? 0),
          Int32(clamping: minimumSize?.height ?? 0), Int64(maximumPixelCount), &pixels, &width, &height,
          &sourceWidth, &sourceHeight, &message, Int32(message.count))
        if r == 2 { (width, height) = (sourceWidth, sourceHeight) }  // too large: its declared size
        return r
      case .png:
        return tg_png_decode(
          bytes.baseAddress, bytes.count, Int64(maximumPixelCount), &pixels, &width, &height, &message,
          Int32(message.count))
      }
    }
    defer { free(pixels) }
    switch code {
    case 0:
      guard let pixels, width > 0, height > 0 else { throw .corrupt(format: format, message: "no pixels") }
      let count = Int(width) * Int(height) * 4
      return Bitmap(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    case 2: throw .tooLarge(width: Int(width), height: Int(height))
    case 3: throw .outOfMemory
    default:
      let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      throw .corrupt(format: format, message: Self.printable(text))
    }
  }

  /// The whole file, refused past `limit` bytes.
  static func read(_ path: String, limit: Int) throws(ImageDecodingError) -> [UInt8] {
    let (fd, info) = try RegularFile.open(path)
    defer { close(fd) }
    let size = Int(info.st_size)
    guard size <= limit else { throw .unreadable(path: path, reason: "larger than \(limit) bytes") }
    guard size > 0 else { throw .empty }
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { throw .unreadable(path: path, reason: Self.reason(errno)) }
      if n == 0 { break }  // shorter than it said: decode what is there
      done += n
    }
    if done < size { bytes.removeSubrange(done...) }
    guard !bytes.isEmpty else { throw .empty }
    return bytes
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// A library's message as plain printable ASCII.
  private static func printable(_ s: String) -> String {
    String(String.UnicodeScalarView(s.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }))
  }
}
