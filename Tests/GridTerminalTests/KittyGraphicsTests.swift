import Foundation
import GridRender
import TermGridTesting
import Testing

@testable import GridTerminal

/// The kitty graphics encoder: transmission in chunks that decode back to
/// the picture, placements and deletions by id, and placeholder cells that
/// are one grapheme cluster one cell wide.
@Suite struct KittyGraphicsTests {
  @Test func theDiacriticsAreKittysListInOrder() {
    let d = PixelPlaceholder.diacritics
    #expect(d.count == 297)
    #expect(d.prefix(5).map(\.value) == [0x0305, 0x030D, 0x030E, 0x0310, 0x0312])
    #expect(d.last?.value == 0x1D244)
    #expect(zip(d, d.dropFirst()).allSatisfy { $0.value < $1.value })
    // Marks that fuse with a letter under normalization (A + U+0300 is À) are not among them.
    #expect(!d.contains { [0x0300, 0x0301, 0x0308, 0x0342, 0x0653].contains($0.value) })
  }

  @Test func aPlaceholderCellIsOneClusterOneCellWide() {
    for (row, column) in [(0, 0), (5, 17), (296, 296)] {
      let cell = PixelPlaceholder.text(row: row, column: column)
      #expect(cell.count == 1)
      #expect(
        Array(cell.unicodeScalars) == [
          PixelPlaceholder.placeholder, PixelPlaceholder.diacritics[row], PixelPlaceholder.diacritics[column],
        ])
      #expect(DisplayWidth.of(Character(cell)) == 1)
    }
    #expect(PixelPlaceholder.idColor(0x12_34_56, colors: .trueColor) == .rgb(0x12, 0x34, 0x56))
    #expect(PixelPlaceholder.idColor(200, colors: .indexed256) == .indexed(200))
  }

  @Test func aPlaceholderCellDecodesToItsIdRowAndColumn() {
    for colors in [ColorSupport.trueColor, .indexed256] {
      for (id, row, column) in [(UInt32(1), 0, 0), (200, 5, 17), (255, 296, 296)] {
        let cell = PixelPlaceholder.cell(id: id, row: row, column: column, colors: colors)
        #expect(PixelPlaceholder.isPlaceholder(cell))
        #expect(cell.width == 1)
        let d = PixelPlaceholder.decode(cell)
        #expect(d?.id == id && d?.row == row && d?.column == column)
      }
    }
    #expect(PixelPlaceholder.cell(id: 0x12_34_56, row: 1, column: 2, colors: .trueColor).style.foreground == .rgb(0x12, 0x34, 0x56))
    #expect(!PixelPlaceholder.isPlaceholder(Cell(grapheme: "x")))
    #expect(PixelPlaceholder.decode(Cell(grapheme: Grapheme(PixelPlaceholder.placeholder))) == nil)
  }

  @Test func aTransmissionDecodesBackToThePictureChunkByChunk() throws {
    var random = SplitMix64(seed: 24)
    for size in [0, 1, 2, 3, 100, 3071, 3072, 3073, 20_000] {
      let png = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let bytes = KittyGraphics.transmit(png: png, id: 7).flatMap { $0 }
      let text = String(decoding: bytes, as: UTF8.self)
      let commands = text.components(separatedBy: "\u{1B}\\").dropLast()
      #expect(commands.allSatisfy { $0.hasPrefix("\u{1B}_G") })
      var payload = ""
      for (i, c) in commands.enumerated() {
        let body = c.dropFirst(3)
        let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let keys = parts[0]
        let isLast = i == commands.count - 1
        #expect(keys.hasSuffix(isLast ? "m=0" : "m=1"))
        #expect(i == 0 ? keys.hasPrefix("a=t,q=2,f=100,t=d,i=7,") : keys == (isLast ? "m=0" : "m=1"))
        let chunk = parts.count > 1 ? String(parts[1]) : ""
        #expect(chunk.utf8.count <= KittyGraphics.chunkSize)
        payload += chunk
      }
      #expect(Data(base64Encoded: payload).map(Array.init) == png, "\(size) bytes")
    }
  }

  @Test func placementsDeletionsAndTmuxPassthrough() {
    #expect(
      String(decoding: KittyGraphics.placeVirtually(id: 9, columns: 14, rows: 8), as: UTF8.self)
        == "\u{1B}_Ga=p,U=1,q=2,i=9,c=14,r=8\u{1B}\\")
    #expect(String(decoding: KittyGraphics.delete(id: 9), as: UTF8.self) == "\u{1B}_Ga=d,d=I,q=2,i=9\u{1B}\\")
    #expect(
      String(decoding: KittyGraphics.passthrough(KittyGraphics.delete(id: 9)), as: UTF8.self)
        == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,q=2,i=9\u{1B}\u{1B}\\\u{1B}\\")
  }
}
