import Foundation
import TermGridTesting
import Testing

/// In every example, after every key that moves the focus, the terminal's
/// cursor (`#{cursor_x}`, `#{cursor_y}` in tmux) is inside the focused item
/// (drawn in reverse video), so a screen reader or a braille display that
/// follows the cursor reads what has the focus; and in screen-reader mode
/// the cursor shows and the status line says where the focus is.
@Suite(.serialized) struct CursorFollowsFocusTests {
  struct Example: CustomStringConvertible, Sendable {
    var name: String
    var arguments: String
    var ready: String
    var description: String { name }
  }

  static let imageFolder: String = {
    (try? ImageGridTests.makeFolder("cursor")) ?? "/nonexistent"
  }()

  static let examples: [Example] = [
    Example(name: "book-catalogue", arguments: "", ready: "books"),
    Example(name: "circle-demo", arguments: "", ready: "16 cards"),
    Example(name: "waterfall-demo", arguments: "--count 60", ready: "60 cards"),
    Example(name: "calendar-demo", arguments: "", ready: "32 events"),
    Example(name: "image-grid", arguments: "'\(imageFolder)'", ready: "5 pictures"),
    Example(name: "file-browser", arguments: "'\(imageFolder)'", ready: "→ opens"),
  ]

  /// Keys that move the focus, in an order no example was written for.
  static let moves = ["Right", "Down", "Down", "Right", "Left", "Up", "Right", "Right", "Down", "End", "Home", "PageDown", "Up"]

  /// Waits for the screen to settle after a key, then checks the cursor is on a reverse-video cell.
  func checkCursor(in tmux: TmuxSession, after key: String, _ context: String) throws {
    try tmux.waitForSettled("the screen after \(key)") { _ in true }
    let cursor = try tmux.cursor()
    let styled = try tmux.captureStyled()
    #expect(
      TmuxSession.isReverseVideo(x: cursor.x, y: cursor.y, inStyledCapture: styled),
      "\(context): after \(key) the cursor \(cursor) is not on the focused item:\n\(TmuxSession.screenText(fromStyledCapture: styled))")
  }

  @Test(arguments: examples)
  func theCursorIsInsideTheFocusedItemAfterEveryMove(example: Example) throws {
    for (width, height, term) in [(80, 24, "xterm-256color"), (200, 60, "xterm-256color"), (80, 24, "xterm")] {
      let tmux = try TmuxSession(width: width, height: height, term: term)
      defer { tmux.close() }
      let binary = TmuxSession.productsDirectory.appendingPathComponent(example.name).path
      try tmux.type("\(TmuxSession.quoted(binary)) \(example.arguments); echo exit=$?")
      try tmux.waitFor(text: example.ready)
      let context = "\(example.name) at \(width)x\(height) under \(term)"
      try checkCursor(in: tmux, after: "the first frame", context)
      for key in Self.moves {
        try tmux.keys(key)
        try checkCursor(in: tmux, after: key, context)
      }
      #expect(try tmux.pane("cursor_flag") == "0", "the cursor is hidden unless reading")
      try tmux.keys("q")
      try tmux.waitFor(text: "exit=0")
    }
  }

  @Test func inScreenReaderModeTheCursorShowsAndTheStatusLineSaysWhereTheFocusIs() throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    let binary = TmuxSession.productsDirectory.appendingPathComponent("book-catalogue").path
    try tmux.type("TERMGRID_SCREEN_READER=1 \(TmuxSession.quoted(binary)); echo exit=$?")
    try tmux.waitFor(text: "books")
    try tmux.keys("Right")
    // "Author, 2 of N: Title, year" on the last line, and nothing animating.
    let screen = try tmux.waitFor("the announcement") { screen in
      let last = screen.split(separator: "\n").last.map(String.init) ?? ""
      return last.contains(", 2 of ") && last.contains(": ")
    }
    #expect(!(screen.split(separator: "\n").last ?? "").contains("? help"), "one plain line, no key hints")
    #expect(try tmux.pane("cursor_flag") == "1", "the cursor shows")
    try checkCursor(in: tmux, after: "Right", "book-catalogue reading")
    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
  }
}
