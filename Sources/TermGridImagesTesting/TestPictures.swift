import CJPEG
import CPNG
import GridPlatform
import TermGridImages

/// Pictures made to hurt a decoder, for tests that an app's pictures
/// survive hostile files: small files that declare huge pictures, and a
/// progressive JPEG of thousands of scans.
///
/// Each function returns a file's bytes (empty in the unlikely case that
/// libpng or libjpeg cannot write it): write them where the app looks.
public enum TestPictures {
  /// The side of the bombs: 10,950 x 10,950 pixels (360 MB of RGB).
  public static let bombSide = 10_950

  /// A picture with something in every pixel: a gradient, a square.
  public static func sample(width: Int, height: Int) -> Bitmap {
    Bitmap(width: width, height: height) { x, y in
      let inSquare = x >= width / 4 && x < width / 2 && y >= height / 4 && y < height / 2
      return (UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), inSquare ? 255 : 40, 255)
    }
  }

  /// A PNG of one colour, `width` x `height`, written a row at a time at
  /// zlib's best compression: a few hundred kilobytes that declare hundreds
  /// of megabytes of pixels (a decompression bomb).
  public static func uniformPNG(width: Int, height: Int, color: (UInt8, UInt8, UInt8), interlaced: Bool = false) -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    let code = tg_png_encode_uniform(Int32(width), Int32(height), color.0, color.1, color.2, interlaced ? 1 : 0, &out, &size)
    defer { free(out) }
    guard code == 0, let out else { return [] }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }

  /// A progressive JPEG of a small picture whose frame header says
  /// `side` x `side`: a few kilobytes that would have libjpeg hold the
  /// coefficients of the whole declared picture.
  public static func hugeProgressiveJPEG(side: Int = bombSide) -> [UInt8] {
    var jpeg = sample(width: 64, height: 48).jpegData(progressive: true)
    guard let sof = jpeg.indices.dropLast().first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC2 }) else { return [] }
    let bytes = [UInt8(side >> 8), UInt8(side & 0xFF)]
    jpeg.replaceSubrange((sof + 5)...(sof + 8), with: bytes + bytes)
    return jpeg
  }

  /// A progressive JPEG of `scans` scans in all: libjpeg's ten, then its
  /// last (a refinement scan) again and again, as a scan bomb repeats it.
  public static func scanBomb(scans: Int) -> [UInt8] {
    let jpeg = sample(width: 256, height: 256).jpegData(quality: 90, progressive: true)
    let starts = jpeg.indices.dropLast().filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
    guard let last = starts.last else { return [] }
    let end = jpeg.count - 2  // the EOI marker
    let scan = jpeg[last..<end]
    var bomb = Array(jpeg[..<end])
    for _ in 0..<max(0, scans - starts.count) { bomb += scan }
    return bomb + [0xFF, 0xD9]
  }

  /// `picture` as an Adobe CMYK JPEG, the inks inverted as Photoshop writes
  /// them: a print file, which libjpeg alone cannot show in its colours.
  public static func cmykJPEG(of picture: Bitmap, quality: Int = 90) -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let code = picture.pixels.withUnsafeBufferPointer {
      tg_jpeg_encode(
        $0.baseAddress, Int32(picture.width), Int32(picture.height), Int32(min(100, max(1, quality))), 0, 1, &out, &size)
    }
    defer { free(out) }
    guard code == 0, let out else { return [] }
    return Array(UnsafeBufferPointer(start: out, count: Int(size)))
  }
}
