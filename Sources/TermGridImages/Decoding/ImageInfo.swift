import GridPlatform
import SystemPackage

/// A picture file's format and size in pixels, read from its first bytes
/// without decoding it (a PNG's header chunk, a JPEG's frame header, past
/// any Exif or other segments before it): for laying out pictures by their
/// shape before any is decoded.
public struct ImageInfo: Hashable, Sendable {
  /// The format, from the file's first bytes.
  public let format: ImageFormat
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The file's size in bytes (0 for data given in memory).
  public let byteCount: Int

  /// Reads the format and size of the picture in the file at `path`. Reads
  /// only the headers (a few hundred bytes, or past the segments a JPEG has
  /// before its frame header). Throws `.unreadable`, `.empty`,
  /// `.unknownFormat` or `.corrupt` (the header is cut short or wrong).
  public init(contentsOf path: String) throws(ImageDecodingError) {
    try self.init(opened: try RegularFile.open(path))
  }

  /// Reads the format and size of the picture in `file` (by its bytes,
  /// whatever its name is made of); see ``init(contentsOf:)-(String)``.
  public init(contentsOf file: FilePath) throws(ImageDecodingError) {
    try self.init(opened: try RegularFile.open(file))
  }

  private init(opened: (descriptor: Int32, status: stat)) throws(ImageDecodingError) {
    let (fd, status) = opened
    defer { close(fd) }
    guard status.st_size > 0 else { throw .empty }
    let reader = FileBytes(fd: fd)
    try self.init(reading: reader.bytes(at:count:), byteCount: Int(status.st_size))
  }

  /// Reads the format and size of the picture in `data`.
  public init(_ data: [UInt8]) throws(ImageDecodingError) {
    guard !data.isEmpty else { throw .empty }
    try self.init(reading: { offset, count in Array(data.dropFirst(offset).prefix(count)) }, byteCount: 0)
  }

  private init(reading read: @escaping (Int, Int) -> [UInt8], byteCount: Int) throws(ImageDecodingError) {
    let head = read(0, 32)
    guard let format = ImageFormat(sniffing: head) else { throw .unknownFormat }
    self.format = format
    self.byteCount = byteCount
    switch format {
    case .png:
      // The signature, then the IHDR chunk: length, "IHDR", width, height.
      guard head.count >= 24, head[12..<16].elementsEqual("IHDR".utf8) else {
        throw .corrupt(format: .png, message: "no IHDR header")
      }
      width = Int(Self.bigEndian(head, 16, 4))
      height = Int(Self.bigEndian(head, 20, 4))
    case .jpeg:
      (width, height) = try Self.jpegSize(read)
    }
    guard width > 0, height > 0 else { throw .corrupt(format: format, message: "a size of \(width) x \(height)") }
  }

  private static func bigEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> UInt32 {
    var v: UInt32 = 0
    for i in at..<at + count { v = v << 8 | UInt32(b[i]) }
    return v
  }

  /// Walks a JPEG's segments to its frame header (SOF0-SOF15 but DHT, JPG,
  /// DAC), past any number of segments and fill bytes, as libjpeg does: the
  /// walk moves forward at every step, so the file's end bounds it.
  private static func jpegSize(_ read: @escaping (Int, Int) -> [UInt8]) throws(ImageDecodingError) -> (Int, Int) {
    var bytes = ByteCursor(read: read)
    var offset = 2
    while bytes[offset] == 0xFF, let code = bytes[offset + 1] {
      if code == 0xFF {  // fill byte
        offset += 1
        continue
      }
      if code == 0x01 || (0xD0...0xD8).contains(code) {  // no length
        offset += 2
        continue
      }
      if code == 0xD9 || code == 0xDA { break }  // end, or scan data before any frame header
      guard let high = bytes[offset + 2], let low = bytes[offset + 3] else { break }
      let length = Int(high) << 8 | Int(low)
      guard length >= 2 else { break }
      if (0xC0...0xCF).contains(code) && code != 0xC4 && code != 0xC8 && code != 0xCC {
        // Length, precision, height, width.
        guard let h1 = bytes[offset + 5], let h0 = bytes[offset + 6], let w1 = bytes[offset + 7], let w0 = bytes[offset + 8] else {
          break
        }
        return (Int(w1) << 8 | Int(w0), Int(h1) << 8 | Int(h0))
      }
      offset += 2 + length
    }
    throw .corrupt(format: .jpeg, message: "no frame header")
  }
}

/// Bytes at offsets, read through `read` a block at a time: a walk over
/// many small segments costs a look-up per byte, not a read.
private struct ByteCursor {
  let read: (Int, Int) -> [UInt8]
  private var block: [UInt8] = []
  private var start = 0
  static let blockSize = 65536

  init(read: @escaping (Int, Int) -> [UInt8]) { self.read = read }

  /// The byte at `offset`, or nil past the end.
  subscript(offset: Int) -> UInt8? {
    mutating get {
      if offset < start || offset >= start + block.count {
        start = offset
        block = read(offset, Self.blockSize)
      }
      let i = offset - start
      return i < block.count ? block[i] : nil
    }
  }
}

/// Reads bytes at offsets of an open file, a block at a time.
private final class FileBytes {
  let fd: Int32
  private var block: [UInt8] = []
  private var blockStart = -1
  static let blockSize = 4096

  init(fd: Int32) { self.fd = fd }

  func bytes(at offset: Int, count: Int) -> [UInt8] {
    var out: [UInt8] = []
    var at = offset
    while out.count < count {
      let start = at / Self.blockSize * Self.blockSize
      if start != blockStart {
        block = [UInt8](repeating: 0, count: Self.blockSize)
        let n = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, Self.blockSize, off_t(start)) }
        block.removeSubrange(max(0, n)...)
        blockStart = start
      }
      let inBlock = at - start
      guard inBlock < block.count else { break }
      let take = min(count - out.count, block.count - inBlock)
      out += block[inBlock..<inBlock + take]
      at += take
    }
    return out
  }
}
