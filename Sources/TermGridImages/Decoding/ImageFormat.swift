/// The picture formats the decoder reads.
public enum ImageFormat: Hashable, Sendable {
  /// JPEG (JFIF, Exif), decoded by libjpeg-turbo.
  case jpeg
  /// PNG, decoded by libpng.
  case png

  /// The format's usual name.
  public var name: String { self == .jpeg ? "JPEG" : "PNG" }

  /// The format the first bytes of a file say, or nil.
  public init?<Bytes: Collection<UInt8>>(sniffing bytes: Bytes) {
    let head = Array(bytes.prefix(8))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
      self = .png
    } else {
      return nil
    }
  }
}
