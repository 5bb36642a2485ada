/// Decoded pixels: RGBA, 8 bits a channel, straight (not premultiplied)
/// alpha, rows packed top to bottom.
public struct Bitmap: Hashable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 4` bytes: red, green, blue, alpha for each pixel.
  public let pixels: [UInt8]

  /// Creates a bitmap from RGBA bytes.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA needs width * height * 4 bytes")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A bitmap of `width` x `height` with each pixel's colour from `color(x, y)`.
  public init(width: Int, height: Int, color: (Int, Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let c = color(x, y)
        let i = (y * width + x) * 4
        bytes[i] = c.r
        bytes[i + 1] = c.g
        bytes[i + 2] = c.b
        bytes[i + 3] = c.a
      }
    }
    self.init(width: width, height: height, pixels: bytes)
  }

  /// The pixel at (x, y).
  public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }
}
