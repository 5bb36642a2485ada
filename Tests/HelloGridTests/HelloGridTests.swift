import Foundation
import TermGridTesting
import Testing

/// The README's first example, run as a person would: in tmux, at two sizes.
@Suite(.serialized) struct HelloGridTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("hello-grid").path }

  /// Screens captured as fast as tmux allows for `seconds`, with no key pressed.
  func frames(_ tmux: TmuxSession, for seconds: Double) throws -> [String] {
    var shots: [String] = []
    let end = Date().addingTimeInterval(seconds)
    while Date() < end { shots.append(try tmux.capture()) }
    return shots
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func insertAndDeleteAnimateHelpOpensAndClosesQQuits(size: (Int, Int)) throws {
    let tmux = try TmuxSession(width: size.0, height: size.1)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)); echo exit=$?")
    let start = try tmux.waitForSettled("the planets") { $0.contains("Mercury") && $0.contains("4 worlds") }
    #expect(start.contains("Rocky") && start.contains("Giants") && start.contains("? help"))

    // i: a moon grows in before Mercury and the others slide, with no further key.
    try tmux.keys("i")
    let inserting = try frames(tmux, for: 0.6)
    let inserted = try tmux.waitForSettled("the moon") { $0.contains("Moon") && $0.contains("5 worlds") }
    let between = inserting.filter { $0 != start && $0 != inserted }
    #expect(!between.isEmpty, "no frame between the old and the new layout")
    #expect(inserting.last == inserted)

    // d: the focused card goes (the focus stayed on Mercury, which the moon
    // went in front of), animated too.
    try tmux.keys("d")
    let deleting = try frames(tmux, for: 0.6)
    let deleted = try tmux.waitForSettled("Mercury gone") { !$0.contains("Mercury") && $0.contains("4 worlds") }
    #expect(!deleting.filter { $0 != inserted && $0 != deleted }.isEmpty)
    #expect(deleted.contains("Moon"))

    // ? opens the help over the grid; any key closes it and the grid is as it was.
    try tmux.keys("?")
    let help = try tmux.waitFor("the help") { $0.contains("insert a moon") && $0.contains("any key closes") }
    #expect(help.contains("Keys") && help.contains("arrows h j k l") && help.contains("q Ctrl-C"))
    try tmux.keys("Escape")
    let closed = try tmux.waitForSettled("help closed") { !$0.contains("insert a moon") }
    #expect(closed == deleted)

    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
    #expect(try tmux.pane("alternate_on") == "0")
    #expect(try tmux.pane("cursor_flag") == "1")
  }

  @Test func theREADMEsFirstExampleIsThisProgramWordForWord() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let program = try String(contentsOf: root.appendingPathComponent("Examples/hello-grid/main.swift"), encoding: .utf8)
    let block = try #require(readme.firstRange(of: "```swift\n"))
    let end = try #require(readme[block.upperBound...].firstRange(of: "```"))
    #expect(String(readme[block.upperBound..<end.lowerBound]) == program)
    #expect(program.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count <= 25)
  }

  @Test func ctrlCQuitsCleanly() throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)); echo exit=$?")
    try tmux.waitFor(text: "Mercury")
    try tmux.keys("C-c")
    try tmux.waitFor(text: "exit=0")
    #expect(try tmux.pane("alternate_on") == "0")
  }

  @Test func ctrlZLeavesTheTerminalToTheShellAndFgBringsTheGridBack() throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)); echo exit=$?")
    let grid = try tmux.waitForSettled("the planets") { $0.contains("Mercury") }
    #expect(try tmux.pane("mouse_sgr_flag") == "1" && tmux.pane("keypad_flag") == "1")
    try tmux.keys("C-z")
    try tmux.waitFor(text: "Stopped")
    // The shell gets its terminal back: main screen, cursor, no mouse reports, keypad local.
    #expect(try tmux.pane("alternate_on") == "0" && tmux.pane("cursor_flag") == "1")
    #expect(try tmux.pane("mouse_sgr_flag") == "0" && tmux.pane("mouse_any_flag") == "0" && tmux.pane("keypad_flag") == "0")
    try tmux.type("fg")
    let back = try tmux.waitForSettled("the grid again") { $0.contains("Mercury") && $0.contains("? help") }
    #expect(back == grid)
    #expect(try tmux.pane("alternate_on") == "1" && tmux.pane("mouse_sgr_flag") == "1")
    // Ctrl-S is a key, not flow control: the grid still answers.
    try tmux.keys("C-s", "Right", "d")
    try tmux.waitFor("Venus deleted") { !$0.contains("Venus") && $0.contains("3 worlds") }
    // (The shell ran `echo` when the job stopped; fg's own status is the program's.)
    try tmux.keys("q")
    try tmux.waitFor("the shell") { !$0.contains("Mercury") }
    try tmux.type("echo fg=$?")
    try tmux.waitFor(text: "fg=0")
    #expect(try tmux.pane("alternate_on") == "0" && tmux.pane("mouse_sgr_flag") == "0")
  }

  /// `kill -TERM`, `-INT` and `-HUP` end the program by that signal (a
  /// shell sees 143, 130, 129; before, ncurses' handler exited with 1), the
  /// terminal left as it was found. (SIGQUIT goes to Swift's backtracer,
  /// the program's handler for it.)
  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func aSignalEndsTheProgramByThatSignalWithTheTerminalRestored(signal: Int32) throws {
    let program = try PseudoTerminalSession(
      [Self.binary], columns: 80, rows: 24, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    let started = Date()
    while !String(decoding: program.output, as: UTF8.self).contains("Mercury"), Date().timeIntervalSince(started) < 20 {
      program.drain()
      usleep(10_000)
    }
    #expect(String(decoding: program.output, as: UTF8.self).contains("Mercury"))
    program.signal(signal)
    #expect(program.waitForExit(timeout: 20) != nil)
    #expect(
      program.terminatingSignal == signal,
      "ended by \(program.terminatingSignal.map(String.init) ?? "no signal"), status \(program.exitCode.map(String.init) ?? "-")")
    let out = String(decoding: program.output, as: UTF8.self)
    let leftAlternate = out.range(of: "\u{1B}[?1049l", options: .backwards)?.lowerBound
    let enteredAlternate = out.range(of: "\u{1B}[?1049h", options: .backwards)?.lowerBound
    #expect(leftAlternate != nil && enteredAlternate != nil && leftAlternate! > enteredAlternate!, "the main screen back")
    let mouseOff = out.range(of: "\u{1B}[?1002l", options: .backwards)?.lowerBound
    #expect(mouseOff != nil && mouseOff! > enteredAlternate!, "mouse reports off")
    let pasteOff = out.range(of: "\u{1B}[?2004l", options: .backwards)?.lowerBound
    #expect(pasteOff != nil && pasteOff! > out.range(of: "\u{1B}[?2004h", options: .backwards)!.lowerBound, "bracketed paste off")
    let modes = try #require(program.modes)
    #expect(modes.c_lflag & tcflag_t(ECHO) != 0 && modes.c_lflag & tcflag_t(ICANON) != 0, "echo and line editing back")
  }

  /// A program that ends at once (its input at its end, or q typed with
  /// the command) leaves nothing on the shell's command line: it asked the
  /// terminal nothing (it shows no pictures), so no answer lands there.
  /// (Before, tmux's answers to the picture queries, `tmux 3.3a` and
  /// `?1;2c`, were left for the shell in every run.)
  @Test(arguments: [" < /dev/null", ""])
  func aProgramThatEndsAtOnceLeavesNothingOnTheShell(input: String) throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.keys("-l", "\(TmuxSession.quoted(Self.binary))\(input); echo exit=$?")
    try tmux.keys(input.isEmpty ? ["Enter", "q"] : ["Enter"])
    try tmux.waitFor(text: "exit=0", timeout: 30)
    try tmux.type("echo done")
    let shell = try tmux.waitFor("the shell") { $0.split(separator: "\n").contains("done") }
    #expect(!shell.contains("1;2c") && !shell.contains("tmux") && !shell.contains("^["), "\(shell)")
  }

  @Test func theEndOfInputEndsTheProgramWithoutSpinning() throws {
    // Standard input at its end from the start: the program draws, reads
    // the end and exits 0 at once (before, it spun at 100% CPU forever).
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    let started = Date()
    try tmux.type("\(TmuxSession.quoted(Self.binary)) < /dev/null; echo exit=$?")
    try tmux.waitFor(text: "exit=0", timeout: 10)
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(try tmux.pane("alternate_on") == "0")
  }

  /// Output redirected: refused before anything is written to it (no
  /// escape sequence lands in the file), with a message and status 1.
  @Test func outputToAFileIsAMessageAndStatus1() throws {
    let result = try Spawn.run([Self.binary], environment: ["TERM": "xterm", "PATH": "/usr/bin:/bin"])
    #expect(result.status == 1)
    #expect(result.output == "hello-grid: standard output is not a terminal; run in a terminal, not with the output redirected\n")
  }

  @Test func anUnknownTerminalIsAMessageAndStatus1() throws {
    let tmux = try TmuxSession(width: 120, height: 10)
    defer { tmux.close() }
    try tmux.type("TERM=no-such-terminal \(TmuxSession.quoted(Self.binary)); echo exit=$?")
    let shown = try tmux.waitFor(text: "exit=1")
    #expect(shown.contains("hello-grid: cannot start the terminal (TERM=no-such-terminal)"))
    #expect(!shown.contains("Backtrace") && !shown.contains("Fatal error"))
  }
}
