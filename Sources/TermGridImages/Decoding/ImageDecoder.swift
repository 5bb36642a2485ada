import CJPEG
import CPNG
import GridPlatform
import SystemPackage

/// Decodes JPEG and PNG files to ``Bitmap``s, through libjpeg(-turbo) and
/// libpng. Every failure is an ``ImageDecodingError`` (a truncated, corrupt,
/// empty, huge or foreign file); nothing a file holds ends the process or
/// writes to the terminal.
///
/// A picture larger than the size asked for is scaled down while it is
/// decoded: a JPEG by 1/2, 1/4 or 1/8, a PNG of more than a million pixels
/// by a whole factor, a row at a time; each as far as the result stays at
/// least that size.
///
/// What a file may cost is bounded before anything large is allocated, so
/// a small file that declares a huge picture (a decompression bomb) is
/// refused with a typed error, never allowed to take the process's memory:
/// - more than ``maximumPixelCount`` pixels declared:
///   ``ImageDecodingError/tooLarge(width:height:)``;
/// - more than ``maximumMemory`` bytes needed (the result, and what the
///   library must hold: a progressive JPEG's coefficients for the whole
///   picture, an interlaced PNG's full-size pixels):
///   ``ImageDecodingError/memoryLimitExceeded(width:height:)``;
/// - a progressive JPEG of more than ``maximumScanCount`` scans (each is a
///   pass over the whole picture; a few hundred kilobytes can hold
///   thousands): ``ImageDecodingError/scanLimitExceeded(limit:)``.
///
/// CMYK and YCCK JPEGs (print workflows, scanners) are converted to RGB.
///
/// A value type with no shared state: decode on any thread.
public struct ImageDecoder: Sendable {
  /// The most pixels a picture may declare (width x height) before it is
  /// refused as ``ImageDecodingError/tooLarge(width:height:)``: 120 million by default.
  public var maximumPixelCount: Int
  /// The largest file read, in bytes: 256 MiB by default.
  public var maximumFileSize: Int
  /// The most memory one decode may need, in bytes: 128 MiB by default.
  public var maximumMemory: Int
  /// The most scans a progressive JPEG may have: 100 by default (libjpeg
  /// writes 10; optimisers rarely more than 20).
  public var maximumScanCount: Int

  /// Creates a decoder with these limits.
  public init(
    maximumPixelCount: Int = 120_000_000, maximumFileSize: Int = 256 << 20, maximumMemory: Int = 128 << 20,
    maximumScanCount: Int = 100
  ) {
    self.maximumPixelCount = maximumPixelCount
    self.maximumFileSize = maximumFileSize
    self.maximumMemory = maximumMemory
    self.maximumScanCount = maximumScanCount
  }

  /// Reads and decodes the file at `path`; with a `minimumSize`, the
  /// picture is decoded no larger than it needs to be to cover it.
  public func decode(contentsOf path: String, minimumSize: (width: Int, height: Int)? = nil) throws(ImageDecodingError) -> Bitmap {
    try decode(try Self.read(try RegularFile.open(path), path: path, limit: maximumFileSize), minimumSize: minimumSize)
  }

  /// Reads and decodes `file` (by its bytes, whatever its name is made of);
  /// with a `minimumSize`, no larger than it needs to be to cover it.
  public func decode(contentsOf file: FilePath, minimumSize: (width: Int, height: Int)? = nil) throws(ImageDecodingError) -> Bitmap {
    try decode(try Self.read(try RegularFile.open(file), path: String(decoding: file), limit: maximumFileSize), minimumSize: minimumSize)
  }

  /// Decodes a JPEG or PNG held in memory (the format from its first
  /// bytes); with a `minimumSize`, no larger than it needs to be to cover it.
  public func decode(_ data: [UInt8], minimumSize: (width: Int, height: Int)? = nil) throws(ImageDecodingError) -> Bitmap {
    guard !data.isEmpty else { throw .empty }
    guard let format = ImageFormat(sniffing: data) else { throw .unknownFormat }
    var pixels: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0
    var height: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let (wantWidth, wantHeight) = (Int32(clamping: minimumSize?.width ?? 0), Int32(clamping: minimumSize?.height ?? 0))
    var sourceWidth: Int32 = 0
    var sourceHeight: Int32 = 0
    let code: Int32 = data.withUnsafeBufferPointer { bytes in
      switch format {
      case .jpeg:
        return tg_jpeg_decode(
          bytes.baseAddress, UInt(bytes.count), wantWidth, wantHeight, Int64(maximumPixelCount), Int64(maximumMemory),
          Int32(clamping: maximumScanCount), &pixels, &width, &height, &sourceWidth, &sourceHeight, &message,
          Int32(message.count))
      case .png:
        return tg_png_decode(
          bytes.baseAddress, bytes.count, wantWidth, wantHeight, Int64(maximumPixelCount), Int64(maximumMemory), &pixels,
          &width, &height, &sourceWidth, &sourceHeight, &message, Int32(message.count))
      }
    }
    defer { free(pixels) }
    switch code {
    case 0:
      guard let pixels, width > 0, height > 0 else { throw .corrupt(format: format, message: "no pixels") }
      let count = Int(width) * Int(height) * 4
      return Bitmap(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    case 2: throw .tooLarge(width: Int(sourceWidth), height: Int(sourceHeight))
    case 3: throw .outOfMemory
    case 4: throw .memoryLimitExceeded(width: Int(sourceWidth), height: Int(sourceHeight))
    case 5: throw .scanLimitExceeded(limit: maximumScanCount)
    default:
      let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      throw .corrupt(format: format, message: Self.printable(text))
    }
  }

  /// The whole of a file opened by ``RegularFile``, refused past `limit`
  /// bytes; closes it.
  static func read(_ opened: (descriptor: Int32, status: stat), path: String, limit: Int) throws(ImageDecodingError) -> [UInt8] {
    let (fd, info) = opened
    defer { close(fd) }
    let size = Int(info.st_size)
    guard size <= limit else { throw .unreadable(path: path, reason: "larger than \(limit) bytes") }
    guard size > 0 else { throw .empty }
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let n = bytes.withUnsafeMutableBytes { GridPlatform.read(fd, $0.baseAddress! + done, size - done) }
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
