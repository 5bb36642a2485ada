import Foundation
import GridPlatform
import GridRender
import GridTerminal
import TermGrid
import TermGridTesting
import Testing

@testable import CursesTerminal

/// A run loop on a real terminal (a pseudo-terminal), idle with nothing
/// pending, is woken by work on another thread: the scene takes the
/// result and a frame shows it at once, with no key and no looking every
/// frame interval meanwhile.
extension CursesTerminalTests {
  final class WakingScene: Scene {
    let master: Int32
    let result = Locked<String?>(nil)
    var shown = "waiting"
    var looks = 0
    init(master: Int32) { self.master = master }
    var needsDisplay = true
    var hasPendingWork: Bool { false }
    func draw(into surface: inout Surface) {
      needsDisplay = false
      surface.clear()
      surface.draw(shown, x: 0, y: 0)
    }
    func handle(_ event: InputEvent) throws -> EventResult {
      if case .key("q") = event { return .quit }
      return .continue
    }
    func takeFinishedWork() {
      looks += 1
      if let r = result.withLock({ $0 }), r != shown {
        shown = r
        needsDisplay = true
      }
    }
    func willStart(wakeUp: @escaping @Sendable () -> Void) {
      let (result, master) = (result, master)
      Thread.detachNewThread {
        usleep(300_000)
        result.withLock { $0 = "done" }
        wakeUp()
        // Then q, once the frame showing the result has been written.
        usleep(300_000)
        _ = "q".utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, 1) }
      }
    }
  }

  @Test func workOnAnotherThreadWakesAnIdleLoop() throws {
    let pty = try PseudoTerminal(columns: 30, rows: 5)
    let (master, slave) = (pty.userSide, pty.appSide)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) & ~O_NONBLOCK)
    let terminal = try CursesTerminal(term: "xterm-256color", inputDescriptor: slave, outputDescriptor: slave, mouse: false)
    let scene = WakingScene(master: master)
    let loop = TerminalRunLoop(terminal: terminal, scene: scene)
    // (The master side is read meanwhile, so the terminal's writes never block.)
    let output = Locked<[UInt8]>([])
    let reading = Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = read(master, &buffer, buffer.count)
        if n <= 0 { break }
        output.withLock { $0 += buffer[0..<n] }
      }
    }
    reading.start()
    try loop.run()
    #expect(scene.shown == "done")
    #expect(String(decoding: output.withLock { $0 }, as: UTF8.self).contains("done"), "drawn")
    #expect(scene.looks <= 6, "woken once, not looking every frame interval: \(scene.looks) looks")
  }
}
