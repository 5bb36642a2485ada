// Decode + rasterize time per cover (TermGridImages), release build:
//   swift build -c release && .build/release/picture-bench [iterations]
// Covers are made here: JPEGs of 600x900 and 1200x1800 and a PNG of
// 600x900, a gradient with detail (text-like stripes, noise), shown at
// 20x10 cells (a card's cover) in 24-bit and 256 colours.
import Dispatch
import Foundation
import GridRender
import TermGridImages

let iterations = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 50 : 50

func cover(width: Int, height: Int) -> Bitmap {
  var seed: UInt64 = 0x9E37_79B9
  return Bitmap(width: width, height: height) { x, y in
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let noise = Int(seed >> 59)
    let stripe = (y / 12) % 5 == 0 && x > width / 8 && x < width * 7 / 8 ? 120 : 0
    return (
      UInt8(clamping: x * 200 / width + noise + stripe), UInt8(clamping: y * 180 / height + noise),
      UInt8(clamping: 90 + (x + y) % 64 + stripe), 255
    )
  }
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

let files: [(String, [UInt8])] = [
  ("JPEG 600x900", cover(width: 600, height: 900).jpegData(quality: 85)),
  ("JPEG 1200x1800", cover(width: 1200, height: 1800).jpegData(quality: 85)),
  ("PNG 600x900", cover(width: 600, height: 900).pngData()),
]
print("| file | bytes | colours | decode ms | rasterize ms | total ms per cover (20x10 cells) |")
print("| --- | --- | --- | --- | --- | --- |")
for (name, data) in files {
  for colors in [ColorSupport.trueColor, .indexed256] {
    let decoder = ImageDecoder()
    let rasterizer = PictureRasterizer(colors: colors)
    var decodeMs = [Double]()
    var rasterMs = [Double]()
    for _ in 0..<iterations {
      var bitmap: Bitmap?
      decodeMs.append(try milliseconds { bitmap = try decoder.decode(data, minimumSize: (160, 80)) })
      let b = bitmap!
      let size = PictureRasterizer.fittingSize(pixelWidth: b.width, pixelHeight: b.height, maxWidth: 20, maxHeight: 10)
      rasterMs.append(milliseconds { _ = rasterizer.picture(from: b, width: size.width, height: size.height) })
    }
    let d = decodeMs.sorted()[iterations / 2]
    let r = rasterMs.sorted()[iterations / 2]
    print(
      "| \(name) | \(data.count) | \(colors) | \(String(format: "%.2f", d)) | \(String(format: "%.2f", r)) | \(String(format: "%.2f", d + r)) |"
    )
  }
}
