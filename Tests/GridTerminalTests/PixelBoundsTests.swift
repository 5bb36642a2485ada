import GridRender
import Testing

@testable import GridTerminal

/// A terminal's word on its cell size is bounded before it sizes anything:
/// a cell no terminal has, or a window larger than any display, draws
/// pictures in symbols, and a picture's pixels are counted without
/// arithmetic that can overflow, whatever the numbers.
@Suite struct PixelBoundsTests {
  @Test func cellsATerminalCanHave() {
    #expect(PixelSize(width: 10, height: 20).isPlausibleCell)
    #expect(PixelSize(width: 1, height: 1).isPlausibleCell)
    #expect(PixelSize(width: 256, height: 512).isPlausibleCell)
    for hostile in [(10_000, 10_000), (999_999_999, 999_999_999), (1_000, 2_000), (257, 20), (10, 513), (0, 20), (-4, 8)] {
      #expect(!PixelSize(width: hostile.0, height: hostile.1).isPlausibleCell, "\(hostile)")
    }
    // The window: 8,192 pixels each way at most, so 200 x 400 cells fit 40 x 20 of them, not 120 x 40.
    let large = PixelSize(width: 200, height: 400)
    #expect(large.isPlausibleCell(columns: 40, rows: 20))
    #expect(!large.isPlausibleCell(columns: 120, rows: 40))
    #expect(PixelSize(width: 10, height: 20).isPlausibleCell(columns: 819, rows: 409))
    #expect(!PixelSize(width: 10, height: 20).isPlausibleCell(columns: 820, rows: 40))
    #expect(!PixelSize(width: 10, height: 20).isPlausibleCell(columns: Int.max, rows: Int.max))
    #expect(!PixelSize(width: 999_999_999, height: 999_999_999).isPlausibleCell(columns: 80, rows: 24))
  }

  @Test func aPicturesPixelsAreCountedWithoutOverflow() {
    #expect(PixelSize(width: 10, height: 20).picturePixelCount(columns: 22, rows: 7) == 220 * 140)
    #expect(PixelSize(width: 10, height: 20).picturePixelCount(columns: 0, rows: 7) == 0)
    // 8 Mi pixels at most: a 4K screen's worth.
    #expect(PixelSize(width: 16, height: 32).picturePixelCount(columns: 240, rows: 67) == 3840 * 2144)
    #expect(PixelSize(width: 200, height: 400).picturePixelCount(columns: 14, rows: 7) == 2800 * 2800)
    #expect(PixelSize(width: 200, height: 400).picturePixelCount(columns: 22, rows: 7) == nil)
    #expect(PixelSize(width: 10_000, height: 10_000).picturePixelCount(columns: 22, rows: 7) == nil)
    #expect(PixelSize(width: Int.max, height: Int.max).picturePixelCount(columns: Int.max, rows: Int.max) == nil)
    #expect(PixelSize(width: 999_999_999, height: 999_999_999).picturePixelCount(columns: 999_999_999, rows: 2) == nil)
    #expect(PixelSize(width: 10, height: 20).picturePixelCount(columns: -1, rows: 7) == nil)
  }

  @Test func aCellNoTerminalHasDrawsNoPixels() {
    for pictures in [PictureSupport.sixel, .kitty, .kittyPlacements] {
      let told = TerminalCapabilities(colors: .trueColor, pictures: pictures, cellPixelSize: PixelSize(width: 9, height: 18))
      #expect(told.drawsPixels && told.pixelPictureCellSize == PixelSize(width: 9, height: 18))
      let unknown = TerminalCapabilities(colors: .trueColor, pictures: pictures)
      #expect(unknown.pixelPictureCellSize == .assumedCell)
      for hostile in [
        PixelSize(width: 10_000, height: 10_000), PixelSize(width: 999_999_999, height: 999_999_999), PixelSize(width: 0, height: 0),
      ] {
        let capabilities = TerminalCapabilities(colors: .trueColor, pictures: pictures, cellPixelSize: hostile)
        #expect(!capabilities.drawsPixels && capabilities.pixelPictureCellSize == nil, "\(pictures) \(hostile)")
      }
    }
  }

  @Test func kittysPlaceholdersNeedUTF8AndColoursThatCarryTheirIDs() {
    func draws(_ colors: ColorSupport, unicode: Bool = true, ids: ColorSupport? = nil) -> Bool {
      TerminalCapabilities(colors: colors, unicode: unicode, pictures: .kitty, placeholderColors: ids).drawsPixels
    }
    #expect(draws(.indexed256) && draws(.trueColor) && !draws(.ansi16))
    // Kitty itself takes a 24-bit colour whatever TERM says.
    #expect(draws(.ansi8, ids: .trueColor) && draws(.none, ids: .trueColor))
    #expect(!draws(.trueColor, unicode: false), "U+10EEEE cannot be written without UTF-8")
    #expect(TerminalCapabilities(colors: .indexed256, pictures: .kitty).pictureIDColors == .indexed256)
    #expect(TerminalCapabilities(colors: .indexed256, pictures: .kitty, placeholderColors: .trueColor).pictureIDColors == .trueColor)
    #expect(TerminalCapabilities(colors: .ansi8, pictures: .sixel).pictureIDColors == .trueColor)
    #expect(TerminalCapabilities(colors: .ansi8, pictures: .kittyPlacements).pictureIDColors == .trueColor)
  }

  @Test func aPixelImageOfAnySizeIsCheckedWithoutOverflow() {
    // (A precondition that multiplied would trap on overflow before it could say why.)
    let image = PixelImage(columns: 2, rows: 1, cellSize: PixelSize(width: 3, height: 2), rgba: [UInt8](repeating: 1, count: 48))
    #expect(image.width == 6 && image.height == 2 && image.byteCount == 48)
  }
}
