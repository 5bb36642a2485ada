import Foundation
import TermGridImages
import TermGridTesting

// Writes a folder of generated pictures for image-grid: N pictures (JPEG,
// every tenth a PNG) in folders of 100, in four shapes (4:3, 3:4, square,
// 3:1), each a gradient with a disc and a band in colours drawn from a
// seed; plus a text file per folder (skipped by image-grid) and one broken
// JPEG. Usage: picture-folder-gen COUNT FOLDER [WIDTH]

let args = CommandLine.arguments
guard args.count >= 3, let count = Int(args[1]), count >= 0 else {
  FileHandle.standardError.write(Data("usage: picture-folder-gen COUNT FOLDER [WIDTH]\n".utf8))
  exit(2)
}
let root = args[2]
let base = args.count > 3 ? Int(args[3]) ?? 480 : 480
// (TermGridTesting's generator starts one step on: the same pictures as before it was shared.)
var random = SplitMix64(seed: UInt64(2026) &- 0x9E37_79B9_7F4A_7C15)
@MainActor func next() -> UInt64 { random.next() }
let shapes = [(4, 3), (3, 4), (1, 1), (3, 1)]
let start = Date()
for i in 0..<count {
  let folder = "\(root)/album-\(String(format: "%03d", i / 100))"
  if i % 100 == 0 {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("notes for this album\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/notes.txt"))
  }
  let (sw, sh) = shapes[Int(next() % 4)]
  let w = sw >= sh ? base : base * sw / sh
  let h = sw >= sh ? base * sh / sw : base
  let c1 = (UInt8(truncatingIfNeeded: next()), UInt8(truncatingIfNeeded: next()), UInt8(truncatingIfNeeded: next()))
  let c2 = (UInt8(truncatingIfNeeded: next()), UInt8(truncatingIfNeeded: next()), UInt8(truncatingIfNeeded: next()))
  let disc = (x: Int(next() % UInt64(w)), y: Int(next() % UInt64(h)), r: min(w, h) / 4)
  let bitmap = Bitmap(width: w, height: h) { x, y in
    let dx = x - disc.x
    let dy = y - disc.y
    if dx * dx + dy * dy < disc.r * disc.r { return (255 &- c1.0, 255 &- c1.1, 255 &- c1.2, 255) }
    if abs(y - h * 2 / 3) < h / 20 { return (240, 240, 230, 255) }
    let t = Double(y) / Double(max(1, h - 1))
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(Double(a) * (1 - t) + Double(b) * t) }
    return (mix(c1.0, c2.0), mix(c1.1, c2.1), mix(c1.2, c2.2), 255)
  }
  let name = "\(folder)/picture-\(String(format: "%05d", i))"
  if i % 10 == 9 {
    try Data(bitmap.pngData()).write(to: URL(fileURLWithPath: name + ".png"))
  } else {
    try Data(bitmap.jpegData(quality: 85)).write(to: URL(fileURLWithPath: name + ".jpg"))
  }
}
if count > 0 {
  try Data("not really a JPEG".utf8).write(to: URL(fileURLWithPath: "\(root)/album-000/broken.jpg"))
}
print("wrote \(count) pictures to \(root) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
