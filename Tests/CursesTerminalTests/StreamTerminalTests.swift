import GridRender
import GridTerminal
import Testing

@testable import CursesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// A ``StreamTerminal`` on a pseudo-terminal or a pipe, read byte for byte:
/// what is left of the picture probe when it is given back, and the
/// viewer's environment. Not serialized: it needs nothing of ncurses' globals.
struct StreamTerminalTests {
  /// Reads the slave side of `pty` (in the modes it has now) until `marker`
  /// has come, for at most 10 seconds; what came.
  func readSlave(_ pty: PseudoTerminal, until marker: String) -> [UInt8] {
    var got: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while !got.contains(marker), clock.now < deadline {
      var p = pollfd(fd: pty.slave, events: Int16(POLLIN), revents: 0)
      guard poll(&p, 1, 100) > 0 else { continue }
      let n = read(pty.slave, &buffer, buffer.count)
      if n > 0 { got += buffer[..<n] }
    }
    return got
  }

  /// The picture queries' answers, typed but not yet read when the terminal
  /// is given back (the app quit right after its first picture), are read
  /// and thrown away by ``StreamTerminal/restore()``, so that the viewer's
  /// shell reads only what is typed after: here the line `after`.
  @Test(arguments: [false, true])
  func answersStillOwedAtRestoreDoNotReachTheShell(cutShort: Bool) throws {
    let pty = try PseudoTerminal(columns: 40, rows: 10)
    let terminal = try StreamTerminal(
      input: pty.slave, output: pty.slave, term: "xterm-256color", width: 40, height: 10,
      environment: ["LANG": "C.UTF-8"])
    terminal.requestPictureSupport()
    #expect(pty.drain().contains("\u{1B}[c"))
    #expect(terminal.capabilities.picturesPending)
    // All the answers, or all but the DA1 that ends them (the rest is then waited for until the deadline).
    var answers = "\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t"
    if !cutShort { answers += "\u{1B}[?62;c" }
    pty.type(Array(answers.utf8))
    terminal.restore()
    #expect(!terminal.capabilities.picturesPending)
    #expect(terminal.capabilities.pictures == .kitty, "what came decides, all of it or not")
    pty.type(Array("after\n".utf8))
    let shell = String(decoding: readSlave(pty, until: "after\n"), as: UTF8.self)
    #expect(shell == "after\n", "the shell reads no answer")
  }
}
