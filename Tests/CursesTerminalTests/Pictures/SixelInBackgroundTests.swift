import CNcursesw
import Dispatch
import GridRender
import TermGridTesting
import Testing

@testable import CursesTerminal
@testable import GridTerminal

/// Sixel pictures are made on workers: while a picture's encoding is held
/// back on purpose (its encoder waits for the test), a key is read and a
/// frame is written at once; the picture is written when it is made,
/// without a key, unless its cells changed meanwhile; and a picture made
/// once is written again from the cache, with its frame.
extension CursesTerminalTests {
  /// A gate the encoder waits at, and how many encodings it let through.
  final class Gate: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = DispatchSemaphore(value: 1)
    private var count = 0
    func wait() {
      semaphore.wait()
      lock.wait()
      count += 1
      lock.signal()
    }
    func open() { semaphore.signal() }
    var encoded: Int {
      lock.wait()
      defer { lock.signal() }
      return count
    }
  }

  @Test func aKeyAndAFrameNeverWaitForASixelPicture() throws {
    let pty = try PseudoTerminal(columns: 40, rows: 10)
    let terminal = try CursesTerminal(
      term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false,
      environment: ["TERMGRID_PICTURES": "sixel"])
    defer { terminal.restore() }
    #expect(terminal.capabilities.pictures == .sixel)
    let gate = Gate()
    terminal.pixels.sixelCache = SixelCache(
      onReady: { cn_wake_input() },
      encode: { image, cells in
        gate.wait()
        return SixelCache.sixel(of: image, cells: cells, encoder: SixelEncoder())
      })
    let cell = PixelSize.assumedCell
    var surface = Surface(width: 40, height: 10)
    surface.pixelImages = PixelImageTable(cellSize: cell, colors: terminal.capabilities.pictureIDColors)
    var screen = Screen()
    _ = pty.readAvailable()
    func present() throws -> String {
      try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
      surface.markPresented()
      return String(decoding: pty.readAvailable(), as: UTF8.self)
    }
    /// Reads input (none comes) until the terminal has written what `done` waits for, or 30 seconds.
    func waitForOutput(_ done: (String) -> Bool) throws -> String {
      var out = ""
      let deadline = ContinuousClock.now + .seconds(30)
      repeat {
        _ = try terminal.nextEvent(timeout: .milliseconds(10))
        out += String(decoding: pty.readAvailable(), as: UTF8.self)
      } while !done(out) && ContinuousClock.now < deadline
      return out
    }
    let image = PixelImage(
      columns: 3, rows: 2, cellSize: cell, rgba: [UInt8](repeating: 180, count: 3 * cell.width * 2 * cell.height * 4))
    surface.draw("title", x: 0, y: 0)
    surface.drawPixels(image, x: 3, y: 2)
    let first = try present()
    #expect(first.contains("title") && !first.contains("\u{1B}P"), "the frame, without the picture still being made")

    // A key while the encoder is held: read at once, and its frame written at once.
    pty.type(Array("x".utf8))
    #expect(try terminal.nextEvent(timeout: .seconds(30)) == .key("x"))
    surface.draw("typed x", x: 20, y: 8)
    let second = try present()
    #expect(second.contains("typed x") && !second.contains("\u{1B}P"))
    #expect(gate.encoded == 0)

    // Let go: the picture is written at its cells without a key, the cursor left as the frame left it.
    gate.open()
    let late = try waitForOutput { $0.contains("\u{1B}\\") }
    #expect(late.hasPrefix("\u{1B}[3;4H\u{1B}P0;1;0q\"1;1;30;40"), "\(late.prefix(40).debugDescription)")

    // Covered and uncovered: written again from the cache, with the frame, nothing encoded again.
    surface.fill(CellRect(x: 3, y: 2, width: 3, height: 2), with: "o", style: .plain)
    #expect(!(try present()).contains("\u{1B}P"))
    surface.drawPixels(image, x: 3, y: 2)
    #expect(try present().contains("\u{1B}[3;4H\u{1B}P0;1;0q"))
    #expect(gate.encoded == 1)

    // Moved while being made, then covered before it is made: never written where it no longer is.
    let other = PixelImage(
      columns: 2, rows: 2, cellSize: cell, rgba: [UInt8](repeating: 60, count: 2 * cell.width * 2 * cell.height * 4))
    surface.drawPixels(other, x: 10, y: 4)
    #expect(!(try present()).contains("\u{1B}P"))
    surface.fill(CellRect(x: 10, y: 4, width: 2, height: 2), with: "-", style: .plain)
    #expect(!(try present()).contains("\u{1B}P"))
    gate.open()
    let after = try waitForOutput { _ in gate.encoded == 2 && !terminal.pixels.sixelCache.isWorking }
    #expect(!after.contains("\u{1B}P") && !terminal.pixels.hasPendingSixels, "a picture whose cells changed is not written")
  }
}
