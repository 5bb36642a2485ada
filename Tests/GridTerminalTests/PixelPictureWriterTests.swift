import GridRender
import TermGridTesting
import Testing

@testable import GridTerminal

/// Pictures in pixels through the one cell diff: kitty pictures sent once
/// per id and deleted when released, sixel pictures drawn again only when
/// their cells change, cut to what shows.
@Suite struct PixelPictureWriterTests {
  static let cell = PixelSize(width: 2, height: 3)

  static func image(columns: Int, rows: Int, shade: UInt8 = 200) -> PixelImage {
    let n = columns * cell.width * rows * cell.height
    return PixelImage(
      columns: columns, rows: rows, cellSize: cell, rgba: (0..<n).flatMap { i in [shade, UInt8(i % 256), 50, 255] })
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
  static func count(_ needle: String, in bytes: [UInt8]) -> Int { text(bytes).components(separatedBy: needle).count - 1 }

  @Test func kittyPicturesAreSentOnceAndDeletedWhenReleased() {
    let table = PixelImageTable(cellSize: Self.cell, colors: .trueColor)
    var surface = Surface(width: 20, height: 8)
    surface.pixelImages = table
    var screen = Screen()
    var writer = PixelPictureWriter()
    var image: PixelImage? = Self.image(columns: 3, rows: 2)
    let drawn = surface.drawPixels(image!, x: 2, y: 1)
    #expect(drawn)
    var out = writer.kittyCommands(for: screen.update(to: surface, scrollsRegions: true), insideTmux: false)
    surface.markPresented()
    #expect(Self.count("a=t,q=2,f=32,s=6,v=6,t=d,i=1,", in: out) == 1)
    #expect(Self.text(out).contains("a=p,U=1,q=2,i=1,c=3,r=2"))
    #expect(writer.sentCount == 1)

    // Moved (as a scroll moves it): the same id, nothing sent again.
    surface.clear()
    surface.drawPixels(image!, x: 2, y: 4)
    out = writer.kittyCommands(for: screen.update(to: surface, scrollsRegions: true), insideTmux: false)
    surface.markPresented()
    #expect(out.isEmpty)

    // Drawn no more and dropped by its cache: deleted by id.
    surface.clear()
    image = nil
    out = writer.kittyCommands(for: screen.update(to: surface, scrollsRegions: true), insideTmux: false)
    surface.markPresented()
    #expect(Self.text(out) == "\u{1B}_Ga=d,d=I,q=2,i=1\u{1B}\\")
    #expect(writer.sentCount == 0)

    // A new picture under a freed id is sent anew.
    let other = Self.image(columns: 1, rows: 1, shade: 9)
    surface.drawPixels(other, x: 0, y: 0)
    out = writer.kittyCommands(for: screen.update(to: surface, scrollsRegions: true), insideTmux: true)
    #expect(Self.text(out).hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t"), "inside tmux, through its passthrough")
    #expect(Self.count("\u{1B}Ptmux;", in: out) == 2)
    #expect(Self.text(writer.deleteAll(insideTmux: false)).contains("a=d,d=I"))
  }

  @Test func aPictureWithAPNGIsSentAsPNGInChunks() {
    let table = PixelImageTable(cellSize: Self.cell, colors: .indexed256)
    var surface = Surface(width: 10, height: 4)
    surface.pixelImages = table
    let png = [UInt8](repeating: 7, count: 9_000)
    let image = PixelImage(columns: 1, rows: 1, cellSize: Self.cell, rgba: [UInt8](repeating: 0, count: 24), png: png)
    surface.drawPixels(image, x: 0, y: 0)
    // 256 colours: the id is a palette entry.
    #expect(surface[0, 0].style.foreground == .indexed(1))
    var screen = Screen()
    var writer = PixelPictureWriter()
    let out = writer.kittyCommands(for: screen.update(to: surface, scrollsRegions: true), insideTmux: false)
    #expect(Self.count("a=t,q=2,f=100,t=d,i=1,m=1", in: out) == 1)
    #expect(Self.count("\u{1B}_Gm=", in: out) == 2, "12,000 bytes of base64 in three chunks")
  }

  @Test func tableIdsAreReusedOnlyAfterTheirImagesAreGone() {
    let table = PixelImageTable(cellSize: Self.cell, colors: .indexed256)
    var held: [PixelImage] = []
    for n in 1...255 {
      let image = Self.image(columns: 1, rows: 1)
      #expect(table.id(for: image) == UInt32(n))
      #expect(table.id(for: image) == UInt32(n), "the same image keeps its id")
      held.append(image)
    }
    let extra = Self.image(columns: 1, rows: 1)
    #expect(table.id(for: extra) == nil, "every id is held")
    held.remove(at: 41)  // id 42's image is gone
    #expect(table.id(for: extra) == 42)
    #expect(table.takeReleasedIDs() == [42], "the terminal is told to delete it")
    #expect(table.image(withID: 42) === extra)
  }

  @Test func sixelPicturesAreDrawnWhenTheirCellsChangeCutToWhatShows() throws {
    let table = PixelImageTable(cellSize: Self.cell, colors: .trueColor)
    var surface = Surface(width: 20, height: 10)
    surface.pixelImages = table
    let image = Self.image(columns: 6, rows: 4)
    var screen = Screen()
    var writer = PixelPictureWriter()
    surface.drawPixels(image, x: 3, y: 2)
    var out = writer.sixels(for: screen.update(to: surface, scrollsRegions: false))
    surface.markPresented()
    #expect(Self.count("\u{1B}P", in: out) == 1)
    #expect(Self.text(out).hasPrefix("\u{1B}[3;4H\u{1B}P0;1;0q\"1;1;12;12"))

    // Nothing changed: nothing drawn.
    out = writer.sixels(for: screen.update(to: surface, scrollsRegions: false))
    surface.markPresented()
    #expect(out.isEmpty)

    // An overlay over its middle: the picture is drawn around it, in whole cells.
    surface.fill(CellRect(x: 5, y: 3, width: 2, height: 2), with: "x", style: .plain)
    out = writer.sixels(for: screen.update(to: surface, scrollsRegions: false))
    surface.markPresented()
    #expect(out.isEmpty, "covering cells writes them as text; the picture is not sent again")
    // Closed: the cells under it show the picture again, which is drawn cut to them and around.
    surface.drawPixels(image, x: 3, y: 2)
    let update = screen.update(to: surface, scrollsRegions: false)
    out = writer.sixels(for: update)
    #expect(Self.count("\u{1B}P", in: out) == 1, "one piece: the whole picture shows again")

    // Cut by the screen's edge.
    let pieces = PixelPictureWriter.visiblePieces(
      of: image, id: 1, at: (17, 8),
      in: {
        var s = Surface(width: 20, height: 10)
        s.pixelImages = table
        s.drawPixels(image, x: 17, y: 8)
        return s
      }())
    #expect(pieces == [CellRect(x: 0, y: 0, width: 3, height: 2)])
  }

  @Test func visiblePiecesCoverExactlyTheCellsThatShowThePicture() {
    var random = SplitMix64(seed: 240)
    let table = PixelImageTable(cellSize: Self.cell, colors: .trueColor)
    let image = Self.image(columns: 7, rows: 6)
    for _ in 0..<300 {
      var surface = Surface(width: 12, height: 10)
      surface.pixelImages = table
      let origin = (x: Int(random.next() % 12) - 4, y: Int(random.next() % 10) - 4)
      surface.drawPixels(image, x: origin.x, y: origin.y)
      for _ in 0..<Int(random.next() % 4) {
        let r = CellRect(
          x: Int(random.next() % 12), y: Int(random.next() % 10), width: Int(random.next() % 5) + 1,
          height: Int(random.next() % 4) + 1)
        surface.fill(r, with: "o", style: .plain)
      }
      let pieces = PixelPictureWriter.visiblePieces(of: image, id: 1, at: origin, in: surface)
      var covered = Set<[Int]>()
      for piece in pieces {
        for y in piece.y..<piece.maxY {
          for x in piece.x..<piece.maxX { #expect(covered.insert([x, y]).inserted, "pieces do not overlap") }
        }
      }
      var visible = Set<[Int]>()
      for y in 0..<surface.height {
        for x in 0..<surface.width where PixelPlaceholder.isPlaceholder(surface[x, y]) {
          visible.insert([x - origin.x, y - origin.y])
        }
      }
      #expect(covered == visible)
    }
  }
}
