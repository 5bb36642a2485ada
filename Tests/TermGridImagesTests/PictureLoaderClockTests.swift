import Foundation
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid
@testable import TermGridImages

/// A picture started by a worker after the main thread read the clock is
/// not taken for one running for centuries (the unsigned difference used
/// to wrap round, and pictures were given up as "not read within 10 s" in
/// a run of a tenth of a second, now and then).
@Suite struct PictureLoaderClockTests {
  @Test func elapsedTimeNeverWrapsRound() {
    #expect(PictureLoader.elapsed(from: 10, to: 5) == 0)
    #expect(PictureLoader.elapsed(from: 5, to: 10) == 5)
  }

  @Test(arguments: [PictureSupport.symbols, .kitty, .sixel, .symbols, .kitty, .sixel])
  func noPictureOfAQuickRunTimesOut(_ pictures: PictureSupport) throws {
    let loader = PictureLoader(decode: PixelPicturesTests.decode)
    let app = PictureLoaderTests.Pictures(loader: loader, paths: (0..<40).map { "p\($0)" })
    let terminal = HeadlessTerminal(
      width: 40, height: 10,
      capabilities: TerminalCapabilities(colors: .trueColor, pictures: pictures, cellPixelSize: PixelPicturesTests.cell))
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    try PixelPicturesTests.run(loop, terminal, loader)
    try PixelPicturesTests.run(loop, terminal, loader, keys: Key(.pageDown))
    #expect((0..<40).compactMap { loader.failure(forFileAt: "p\($0)") }.isEmpty)
  }
}
