import GridPlatform
import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import CursesTerminal

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
      var p = pollfd(fd: pty.appSide, events: Int16(POLLIN), revents: 0)
      guard poll(&p, 1, 100) > 0 else { continue }
      let n = read(pty.appSide, &buffer, buffer.count)
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
      input: pty.appSide, output: pty.appSide, term: "xterm-256color", width: 40, height: 10,
      environment: ["LANG": "C.UTF-8"])
    terminal.requestPictureSupport()
    #expect(pty.readAvailable().contains("\u{1B}[c"))
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

  /// Runs `body` with SIGPIPE blocked on this thread (the test's own
  /// mask, nothing process-wide), so that a SIGPIPE the terminal raised
  /// stays pending instead of ending the test process; true when one was
  /// left pending (it is then taken back before the mask is restored).
  func raisesSIGPIPE(_ body: () throws -> Void) rethrows -> Bool {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var saved = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    var pending = sigset_t()
    sigpending(&pending)
    #expect(sigismember(&pending, SIGPIPE) == 0, "none before")
    try body()
    sigpending(&pending)
    let raised = sigismember(&pending, SIGPIPE) == 1
    var now = timespec(tv_sec: 0, tv_nsec: 0)
    while sigtimedwait(&pipeSignal, nil, &now) > 0 {}
    return raised
  }

  /// A frame that surfaces each time a little differently, for `present`.
  func update(_ screen: inout Screen, _ text: String) -> FrameUpdate {
    var surface = Surface(width: 20, height: 4)
    surface.draw(text, x: 0, y: 0)
    return screen.update(to: surface, scrollsRegions: true)
  }

  /// The viewer goes away (the reading end of the pipe, or the peer of
  /// the socket, is closed) while the session runs: the next frame throws
  /// ``StreamTerminalError/outputClosed``, and so does the next wait for
  /// input, restoring is quiet, and no SIGPIPE is raised (it would end the
  /// process); a pipe already closed when the terminal opens is refused.
  @Test(arguments: [false, true])
  func aViewerThatHasGoneEndsTheSessionWithATypedError(socket: Bool) throws {
    var ends: [Int32] = [-1, -1]
    if socket {
      #expect(socketpair(AF_UNIX, Platform.streamSocketType, 0, &ends) == 0)
    } else {
      #expect(pipe(&ends) == 0)
    }
    // (A pipe's ends: 0 reads, 1 writes; the terminal writes to 1 and reads its keys from another pipe.)
    var keys: [Int32] = [-1, -1]
    #expect(pipe(&keys) == 0)
    defer { for fd in [ends[1], keys[0], keys[1]] { close(fd) } }
    let raised = try raisesSIGPIPE {
      let terminal = try StreamTerminal(
        input: keys[0], output: ends[1], term: "xterm-256color", width: 20, height: 4, environment: ["LANG": "C.UTF-8"])
      var screen = Screen()
      try terminal.present(update(&screen, "first"))
      close(ends[0])
      #expect(throws: StreamTerminalError.outputClosed) { try terminal.present(update(&screen, "second")) }
      #expect(throws: StreamTerminalError.outputClosed) { try terminal.nextEvent(timeout: .zero) }
      #expect(throws: StreamTerminalError.outputClosed) { try terminal.present(update(&screen, "third")) }
      terminal.restore()
    }
    #expect(!raised, "no SIGPIPE")
    // Gone before it opens: refused, without a signal.
    var late: [Int32] = [-1, -1]
    #expect(pipe(&late) == 0)
    close(late[0])
    defer { close(late[1]) }
    let raisedAtOpen = raisesSIGPIPE {
      #expect(throws: StreamTerminalError.outputClosed) {
        _ = try StreamTerminal(input: keys[0], output: late[1], term: "xterm-256color", width: 20, height: 4)
      }
    }
    #expect(!raisedAtOpen, "no SIGPIPE")
  }

  /// `COLORTERM=truecolor` (or `24bit`) in the viewer's environment gives
  /// 24-bit colour under a `TERM` whose description has 256 colours or 8
  /// (written as `38;2;r;g;b` and `48;2;r;g;b`, not through that
  /// description's `setaf`, which would take 0xRRGGBB for a palette index);
  /// without it the description's colours; `NO_COLOR` and a description
  /// without colours win over it; xterm-direct gives 24-bit by itself.
  @Test(arguments: [
    ("xterm-256color", ["COLORTERM": "truecolor"], ColorSupport.trueColor),
    ("xterm", ["COLORTERM": "24bit"], .trueColor),
    ("xterm-256color", ["COLORTERM": "TrueColor"], .trueColor),
    ("xterm-256color", [:], .indexed256),
    ("xterm-256color", ["COLORTERM": "yes"], .indexed256),
    ("xterm-256color", ["COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
    ("vt100", ["COLORTERM": "truecolor"], .none),
    ("xterm-direct", [:], .trueColor),
  ])
  func colorTermGivesTrueColour(term: String, environment: [String: String], expected: ColorSupport) throws {
    let pty = try PseudoTerminal(columns: 20, rows: 4)
    let terminal = try StreamTerminal(
      input: pty.appSide, output: pty.appSide, term: term, width: 20, height: 4,
      environment: environment.merging(["LANG": "C.UTF-8"]) { a, _ in a }, mouse: false, probesPictures: false)
    defer { terminal.restore() }
    #expect(terminal.capabilities.colors == expected)
    _ = pty.readAvailable()
    var surface = Surface(width: 20, height: 4)
    surface.draw("hue", x: 0, y: 0, style: Style(foreground: .rgb(12, 34, 56), background: .rgb(200, 100, 7)))
    var screen = Screen()
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    let written = String(decoding: pty.readAvailable(), as: UTF8.self)
    #expect(written.contains("hue"))
    let direct = written.contains("38;2;12;34;56") && written.contains("48;2;200;100;7")
    if expected == .trueColor && term != "xterm-direct" {
      #expect(direct, "24-bit by the direct SGR")
    } else if expected == .indexed256 {
      #expect(!direct && written.contains("38;5;"), "the palette's nearest")
    } else if expected == .none {
      #expect(!written.contains("38;") && !written.contains("48;"))
    }
  }
}
