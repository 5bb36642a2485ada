import Foundation
import GridPlatform
import TermGridImagesTesting
import TermGridTesting
import Testing

@testable import TermGridImages
@testable import image_grid

/// A folder made to hurt a picture browser, browsed under a 1 GiB data
/// limit: decompression and scan bombs, a named pipe and a folder named as
/// pictures, a CMYK JPEG, names that are not UTF-8. The app must stay
/// responsive, show what can be shown, say why the rest cannot, and exit
/// cleanly.
@Suite(.serialized) struct ImageGridHostileTests {
  /// Writes `bytes` at `name` under `root`, the name given as raw bytes.
  static func write(_ bytes: [UInt8], _ root: String, _ name: [UInt8]) throws {
    let path = FilePath(platformString: (Array(root.utf8) + [UInt8(ascii: "/")] + name).map { CChar(bitPattern: $0) } + [0])
    let fd = path.withPlatformString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    guard fd >= 0 else { throw TmuxSession.Failure(description: "cannot write \(String(decoding: path))") }
    defer { close(fd) }
    _ = bytes.withUnsafeBytes { GridPlatform.write(fd, $0.baseAddress, $0.count) }
  }

  static func makeFolder() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tg-image-grid-hostile-\(getpid())").path
    try? FileManager.default.removeItem(atPath: root)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let side = TestPictures.bombSide
    try write(ImageGridTests.halves(width: 160, height: 120).jpegData(), root, Array("a-harbour.jpg".utf8))
    // 360 MB of pixels in about 400 KB: read a row at a time, made small.
    try write(TestPictures.uniformPNG(width: side, height: side, color: (200, 40, 40)), root, Array("b-bomb.png".utf8))
    // A progressive JPEG that declares 10,950 x 10,950: its coefficients alone would be 360 MB.
    try write(TestPictures.hugeProgressiveJPEG(), root, Array("c-bomb-progressive.jpg".utf8))
    try write(TestPictures.scanBomb(scans: 2_000), root, Array("d-scans.jpg".utf8))
    try write(
      TestPictures.cmykJPEG(of: ImageGridTests.halves(width: 120, height: 90)), root, Array("e-print.jpg".utf8))
    // "f-café.png" in Latin-1, in a folder "dér" in Latin-1 too.
    try write(ImageGridTests.halves(width: 90, height: 120).pngData(), root, Array("f-caf".utf8) + [0xE9] + Array(".png".utf8))
    let folder = Array(root.utf8) + Array("/d".utf8) + [0xE9] + Array("r".utf8)
    _ = (folder.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) }
    try write(ImageGridTests.halves(width: 100, height: 100).pngData(), root, Array("d".utf8) + [0xE9] + Array("r/inside.png".utf8))
    #expect(mkfifo(root + "/g-pipe.jpg", 0o644) == 0)
    try write(ImageGridTests.halves(width: 100, height: 100).jpegData(), root, Array("z-late.jpg".utf8))
    // A JPEG whose frame header comes after 20,000 comment segments: libjpeg reads it, and so must the detail.
    let plain = ImageGridTests.halves(width: 120, height: 90).jpegData()
    try write(
      [0xFF, 0xD8] + Array(repeating: [0xFF, 0xFE, 0x00, 0x02], count: 20_000).joined() + plain.dropFirst(2), root,
      Array("zz-segments.jpg".utf8))
    try FileManager.default.createDirectory(atPath: root + "/h-folder.png", withIntermediateDirectories: true)
    return root
  }

  @Test func aHostileFolderUnderADataLimitIsBrowsedAndQuit() throws {
    let root = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let listed = try PictureFolder.scan(root)
    #expect(listed.sections.map(\.folder) == [".", "d\u{FFFD}r"])
    #expect(
      listed.sections[0].pictures.map(\.name) == [
        "a-harbour.jpg", "b-bomb.png", "c-bomb-progressive.jpg", "d-scans.jpg", "e-print.jpg", "f-caf\u{FFFD}.png", "z-late.jpg",
        "zz-segments.jpg",
      ], "not the named pipe, nor the folder named as a picture")
    let tmux = try TmuxSession(width: 200, height: 60)
    defer { tmux.close() }
    try tmux.type("sh -c 'ulimit -d 1048576; exec \"$0\" \"$1\"' '\(ImageGridTests.binary)' '\(root)'; echo exit=$?")
    // Every picture that can be shown is; the bombs are marked "!".
    _ = try tmux.waitFor("the thumbnails", timeout: 60) {
      // (The two that cannot be shown: their names on placeholders marked "!".)
      ImageGridTests.pictureRows($0) >= 4 && $0.contains("c-bomb-progre…") && $0.filter { $0 == "!" }.count == 2
        && $0.contains("b-bomb.png")
    }
    // A file that became a named pipe after it was listed: its detail says so, and the app goes on.
    try FileManager.default.removeItem(atPath: root + "/z-late.jpg")
    #expect(mkfifo(root + "/z-late.jpg", 0o644) == 0)
    try tmux.keys("Right", "Right", "Right", "Right", "Right", "Right", "Enter")
    try tmux.waitFor(text: "not a regular file")
    // The picture after 20,000 segments: its size in the detail (it said "no frame header").
    try tmux.keys("Escape", "Right", "Enter")
    try tmux.waitFor("the picture after 20,000 segments, large") {
      $0.contains("zz-segments.jpg") && $0.contains("120 x 90 pixels") && ImageGridTests.pictureRows($0) >= 6
    }
    try tmux.keys("Escape", "Home")
    // Enter on the progressive bomb, then on the scan bomb: why.
    try tmux.keys("Right", "Right", "Enter")
    try tmux.waitFor(text: "too large to decode in the memory allowed (10950 x 10950 pixels)")
    try tmux.keys("Escape", "Right", "Enter")
    try tmux.waitFor(text: "a progressive JPEG of more than 100 scans")
    try tmux.keys("Escape", "Right", "Enter")
    try tmux.waitFor("the CMYK picture, large") { $0.contains("120 x 90 pixels") && ImageGridTests.pictureRows($0) >= 6 }
    try tmux.keys("Escape", "Right", "Enter")
    try tmux.waitFor("the Latin-1 picture, large") { $0.contains("90 x 120 pixels") && ImageGridTests.pictureRows($0) >= 6 }
    try tmux.keys("Escape", "Tab", "Enter")
    try tmux.waitFor("the picture in the Latin-1 folder") { $0.contains("100 x 100 pixels") }
    try tmux.keys("Escape", "q")
    try tmux.waitFor(text: "exit=0", timeout: 30)
  }
}
