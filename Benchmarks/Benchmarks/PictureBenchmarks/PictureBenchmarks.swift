import GridRender
import SuiteSupport
import TermGridImages

// Pictures: decoding a cover (JPEGs of 600x900 and 1200x1800, a PNG of
// 600x900, made here: a gradient with text-like stripes and noise), scaled
// at decode to what 20x10 cells need, and rasterizing the decoded bitmap
// into 20x10 cells in 24-bit and 256 colours.

/// The suite (the benchmark plugin calls it in each benchmark's process).
let benchmarks: @Sendable () -> Void = {
  for (name, width, height, png) in [
    ("JPEG 600x900", 600, 900, false), ("JPEG 1200x1800", 1200, 1800, false), ("PNG 600x900", 600, 900, true),
  ] {
    let file = { () -> [UInt8] in
      let bitmap = cover(width: width, height: height)
      return png ? bitmap.pngData() : bitmap.jpegData(quality: 85)
    }
    measure("picture decode \(name), scaled for 20x10 cells", setup: (ImageDecoder(), file())) { state in
      let bitmap = try state.0.decode(state.1, minimumSize: (160, 80))
      precondition(bitmap.width > 0)
    }
    for colors in [ColorSupport.trueColor, .indexed256] {
      measure(
        "picture rasterize \(name) into 20x10 cells, \(colors)",
        setup: decoded(file(), colors: colors)
      ) { state in
        let (rasterizer, bitmap) = state
        let size = PictureRasterizer.fittingSize(pixelWidth: bitmap.width, pixelHeight: bitmap.height, maxWidth: 20, maxHeight: 10)
        let picture = rasterizer.picture(from: bitmap, width: size.width, height: size.height)
        precondition(picture.width > 0)
      }
    }
  }
}

/// A rasterizer for `colors` and `file` decoded for 20x10 cells (a file
/// that does not decode stops the benchmark).
func decoded(_ file: [UInt8], colors: ColorSupport) -> (PictureRasterizer, Bitmap) {
  do {
    return (PictureRasterizer(colors: colors), try ImageDecoder().decode(file, minimumSize: (160, 80)))
  } catch {
    preconditionFailure("the cover does not decode: \(error)")
  }
}

/// A cover of `width` x `height` pixels: a gradient, text-like stripes, noise.
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
