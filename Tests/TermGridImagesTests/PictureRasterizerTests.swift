import GridRender
import Testing

@testable import TermGridImages

/// Pixels to cells through libchafa: the symbols and colours a picture
/// becomes, at every colour depth.
@Suite struct PictureRasterizerTests {
  static let red = (r: UInt8(255), g: UInt8(0), b: UInt8(0), a: UInt8(255))
  static let blue = (r: UInt8(0), g: UInt8(0), b: UInt8(255), a: UInt8(255))

  /// Top half red, bottom half blue.
  static let redOverBlue = Bitmap(width: 32, height: 32) { _, y in y < 16 ? red : blue }

  @Test func redOverBlueIsUpperHalfBlocksInThoseColours() {
    let picture = PictureRasterizer().picture(from: Self.redOverBlue, width: 4, height: 1)
    #expect(picture.width == 4 && picture.height == 1)
    for cell in picture.cells {
      let g = cell.grapheme.character
      if g == "▀" {
        #expect(cell.style.foreground == .rgb(255, 0, 0) && cell.style.background == .rgb(0, 0, 255))
      } else {
        #expect(g == "▄", "\(g)")
        #expect(cell.style.foreground == .rgb(0, 0, 255) && cell.style.background == .rgb(255, 0, 0))
      }
    }
  }

  @Test func leftRedRightBlueIsLeftHalfBlocks() {
    let bitmap = Bitmap(width: 32, height: 32) { x, _ in x < 16 ? Self.red : Self.blue }
    let picture = PictureRasterizer().picture(from: bitmap, width: 1, height: 2)
    for cell in picture.cells {
      let g = cell.grapheme.character
      #expect(g == "▌" || g == "▐", "\(g)")
      let left = g == "▌" ? cell.style.foreground : cell.style.background
      #expect(left == .rgb(255, 0, 0))
    }
  }

  @Test func aFlatColourIsOneColourWhateverTheSymbol() {
    let green = Bitmap(width: 10, height: 10) { _, _ in (0, 200, 0, 255) }
    let picture = PictureRasterizer().picture(from: green, width: 5, height: 3)
    for cell in picture.cells {
      let shown: Color = cell.grapheme.character == " " ? cell.style.background : cell.style.foreground
      #expect(shown == .rgb(0, 200, 0))
    }
  }

  /// Each depth gives only colours a terminal of that depth can show.
  @Test(arguments: [ColorSupport.trueColor, .indexed256, .ansi16, .ansi8, .none])
  func everyDepthUsesOnlyItsOwnColours(colors: ColorSupport) {
    let photo = Bitmap(width: 60, height: 40) { x, y in (UInt8(x * 4), UInt8(y * 6), UInt8((x + y) * 2), 255) }
    let picture = PictureRasterizer(colors: colors).picture(from: photo, width: 20, height: 8)
    #expect(picture.cells.count == 160)
    var used = Set<String>()
    for cell in picture.cells {
      #expect(PictureRasterizer.isBlockSymbol(cell.grapheme.character.unicodeScalars.first!))
      #expect(cell.width == 1)
      for color in [cell.style.foreground, cell.style.background] {
        used.insert("\(color)")
        switch (colors, color) {
        case (.trueColor, .rgb), (.trueColor, .default): break
        case (.indexed256, .indexed), (.indexed256, .default): break
        case (.ansi16, .ansi(let n)) where n < 16: break
        case (.ansi8, .ansi(let n)) where n < 8: break
        case (_, .default): break
        default: Issue.record("\(color) in a \(colors) picture")
        }
      }
    }
    // A gradient needs more than one colour, except in monochrome, where the
    // shapes alone (dithered) draw it.
    if colors == .none {
      #expect(used == ["default"])
      #expect(Set(picture.cells.map(\.grapheme)).count > 2, "dithered shapes")
    } else {
      #expect(used.count > 3)
    }
  }

  @Test func halfBlocksAloneWhenAsked() {
    let photo = Bitmap(width: 60, height: 40) { x, y in (UInt8(x * 4), UInt8(y * 6), UInt8((x * y) % 256), 255) }
    let picture = PictureRasterizer(symbols: .halfBlocks).picture(from: photo, width: 20, height: 8)
    #expect(picture.cells.allSatisfy { " ▀▄▌▐█".contains($0.grapheme.character) })
  }

  @Test func theFittingSizeKeepsTheShapeInCellsTwiceAsTallAsWide() {
    // 600 x 900 (2:3) in 20 x 10 cells: 10 rows are 20 "square" units tall, so 13 columns... of 6.67.
    #expect(PictureRasterizer.fittingSize(pixelWidth: 600, pixelHeight: 900, maxWidth: 20, maxHeight: 10) == (13, 10))
    #expect(PictureRasterizer.fittingSize(pixelWidth: 1600, pixelHeight: 900, maxWidth: 20, maxHeight: 10) == (20, 6))
    #expect(PictureRasterizer.fittingSize(pixelWidth: 100, pixelHeight: 100, maxWidth: 40, maxHeight: 40) == (40, 20))
    #expect(PictureRasterizer.fittingSize(pixelWidth: 1, pixelHeight: 1000, maxWidth: 40, maxHeight: 10) == (1, 10))
    #expect(PictureRasterizer.fittingSize(pixelWidth: 100, pixelHeight: 100, maxWidth: 0, maxHeight: 10) == (0, 1))
  }

  /// With the terminal's cell size known, a picture keeps its shape on
  /// cells of that shape (kitty 0.26's symbols were squashed by 10-22%).
  @Test func theFittingSizeKeepsTheShapeInTheTerminalsOwnCells() {
    let tall = PixelSize(width: 10, height: 22)
    // A square in cells 2.2 times as tall as wide: 40 columns, 18 rows (20 for cells of 1:2).
    #expect(PictureRasterizer.fittingSize(pixelWidth: 100, pixelHeight: 100, maxWidth: 40, maxHeight: 40, cellSize: tall) == (40, 18))
    #expect(
      PictureRasterizer.fittingSize(
        pixelWidth: 600, pixelHeight: 900, maxWidth: 20, maxHeight: 10, cellSize: PixelSize(width: 9, height: 20)) == (15, 10))
    // Cells of 1:2 give what the plain fitting gives; a cell no terminal has is taken as 1:2.
    #expect(
      PictureRasterizer.fittingSize(
        pixelWidth: 1600, pixelHeight: 900, maxWidth: 20, maxHeight: 10, cellSize: PixelSize(width: 8, height: 16)) == (20, 6))
    #expect(
      PictureRasterizer.fittingSize(
        pixelWidth: 100, pixelHeight: 100, maxWidth: 40, maxHeight: 40, cellSize: PixelSize(width: 0, height: 5)) == (40, 20))
    // Extreme shapes stay within the area, without overflowing.
    #expect(PictureRasterizer.fittingSize(pixelWidth: 1, pixelHeight: Int.max, maxWidth: 40, maxHeight: 10, cellSize: tall) == (1, 10))
    #expect(PictureRasterizer.fittingSize(pixelWidth: Int.max, pixelHeight: 1, maxWidth: 40, maxHeight: 10, cellSize: tall) == (40, 1))
  }

  @Test func aPictureDrawsIntoASurfaceClippedWithTheStateAdded() {
    let picture = PictureRasterizer().picture(from: Self.redOverBlue, width: 4, height: 2)
    var surface = Surface(width: 6, height: 3)
    surface.withClip(CellRect(x: 0, y: 0, width: 5, height: 2)) { $0.draw(picture, x: 2, y: 1, adding: .reverse) }
    #expect(surface[1, 1] == .blank)
    #expect(surface[2, 1].grapheme == picture[0, 0].grapheme)
    #expect(surface[2, 1].style.attributes == .reverse)
    #expect(surface[2, 1].style.foreground == picture[0, 0].style.foreground)
    #expect(surface[5, 1] == .blank, "clipped")
    #expect(surface[2, 2] == .blank, "clipped")
  }
}
