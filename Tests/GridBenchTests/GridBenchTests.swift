import Foundation
import TermGridTesting
import Testing

/// grid-bench and the C reference grid on ncursesw (Benchmarks/reference/
/// grid_ncurses.c, built here with the system's C compiler), in tmux side by
/// side, show the same screen after every key of a script that mixes all
/// eight keys: the same text (line drawing read as the lines it draws) and
/// the same cells in reverse video. The C program draws its borders with
/// `box()` through the alternate character set; TermGrid's encoder does too.
@Suite(.serialized) struct GridBenchTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("grid-bench").path }

  /// The C reference, compiled once into a temporary folder.
  static let reference: Result<String, Error> = Result {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Benchmarks/reference/grid_ncurses.c").path
    let out = NSTemporaryDirectory() + "grid_ncurses-\(getpid())"
    let cc = try Spawn.start(["/usr/bin/env", "cc", "-O2", "-o", out, source, "-lncursesw"])
    guard Spawn.wait(cc) == 0 else { throw TmuxSession.Failure(description: "cc could not build \(source)") }
    return out
  }

  /// A screen's text (line drawing read as lines) and, per row, which columns are in reverse video.
  static func screen(_ tmux: TmuxSession) throws -> (text: String, reverse: [String]) {
    let styled = try tmux.captureStyled()
    return (TmuxSession.screenText(fromStyledCapture: styled), TmuxSession.reverseVideo(fromStyledCapture: styled))
  }

  @Test(arguments: [(200, 60), (80, 24)])
  func theScreensAreTheCReferencesAfterEveryKey(size: (Int, Int)) throws {
    let reference = try Self.reference.get()
    let c = try TmuxSession(width: size.0, height: size.1, term: "xterm-256color")
    defer { c.close() }
    let ours = try TmuxSession(width: size.0, height: size.1, term: "xterm-256color")
    defer { ours.close() }
    try c.type("\(TmuxSession.quoted(reference)) -n 10000 -m incr")
    try ours.type("\(TmuxSession.quoted(Self.binary)) -n 10000")
    let ready: (String) -> Bool = { $0.contains("Book 00001") }
    var expected = try c.waitForSettled("the C grid", ready)
    let got = try ours.waitForSettled("grid-bench", ready)
    #expect(got == expected)
    let keys =
      ["Right", "Right", "Down", "Down", "NPage", "Left", "Up", "NPage", "NPage", "End", "Up", "PPage", "Home", "Down"]
      + Array(repeating: "Down", count: 12) + ["Right", "End", "Left", "Left", "Home", "Up", "Left"]
    for (n, key) in keys.enumerated() {
      // tmux sends Home and End as ESC [ 1 ~ and ESC [ 4 ~, which the C
      // program's ncurses does not know under xterm-256color: its terminfo's.
      let sent = key == "Home" ? ["-l", "\u{1B}OH"] : key == "End" ? ["-l", "\u{1B}OF"] : [key]
      for session in [c, ours] { try session.keys(sent) }
      expected = try c.waitForSettled("the C grid after \(key)") { _ in true }
      _ = try ours.waitForSettled("grid-bench after \(key)") { _ in true }
      let (cScreen, oursScreen) = (try Self.screen(c), try Self.screen(ours))
      if cScreen.text != oursScreen.text || cScreen.reverse != oursScreen.reverse {
        Issue.record("after key \(n + 1) (\(key)) at \(size.0)x\(size.1) the screens differ:\n\(oursScreen.text)\n---\n\(cScreen.text)")
        return
      }
    }
    try c.keys("q")
    try ours.keys("q")
  }
}
