// Decoding on its own: a decoder with its limits, a picture's size from
// its header, and the typed errors every problem gives.
import TermGridImages

// snippet.show
let decoder = ImageDecoder(maximumPixelCount: 50_000_000, maximumMemory: 64 << 20, maximumScanCount: 50)
do {
  let header = try ImageInfo(contentsOf: "cover.jpg")  // the size, without decoding
  print(header.format.name, header.width, header.height)
  let bitmap = try decoder.decode(contentsOf: "cover.jpg", minimumSize: (160, 80))  // scaled down as it is read
  let picture = PictureRasterizer(colors: .indexed256).picture(from: bitmap, width: 20, height: 10)
  print(picture.width, picture.height)
} catch .memoryLimitExceeded(let width, let height) {
  print("a \(width) x \(height) picture needs more than 64 MiB to decode")
} catch {
  print(error)  // "cannot read cover.jpg: No such file or directory"
}
