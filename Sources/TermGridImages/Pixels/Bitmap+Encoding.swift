import CJPEG
import CPNG
import GridPlatform

extension Bitmap {
  /// The bitmap as a PNG file's bytes (with its alpha).
  public func pngData() -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    let code = pixels.withUnsafeBufferPointer { tg_png_encode($0.baseAddress, Int32(width), Int32(height), &out, &size) }
    defer { free(out) }
    guard code == 0, let out else { return [] }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }

  /// The bitmap as a JPEG file's bytes at `quality` (1-100; alpha is
  /// dropped): baseline, or `progressive` (ten scans, as libjpeg writes them).
  public func jpegData(quality: Int = 90, progressive: Bool = false) -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let code = pixels.withUnsafeBufferPointer {
      tg_jpeg_encode(
        $0.baseAddress, Int32(width), Int32(height), Int32(min(100, max(1, quality))), progressive ? 1 : 0, 0, &out, &size)
    }
    defer { free(out) }
    guard code == 0, let out else { return [] }
    return Array(UnsafeBufferPointer(start: out, count: Int(size)))
  }
}
