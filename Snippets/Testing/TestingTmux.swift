// The built program in a real terminal: tmux runs it in a pane of a server
// of its own, keys go in through tmux, and the screen comes back as a
// person reads it. Every step waits for what it expects on the screen,
// never for a fixed time.
import Foundation
import TermGridTesting

// snippet.planets
func planetsInARealTerminal() throws -> Bool {
  let tmux = try TmuxSession(width: 80, height: 24)
  defer { tmux.close() }
  let binary = TmuxSession.productsDirectory.appendingPathComponent("hello-grid").path
  try tmux.type("\(TmuxSession.quoted(binary)); echo exit=$?")  // quoted: the checkout may be in any folder
  try tmux.waitForSettled("the planets") { $0.contains("Mercury") && $0.contains("4 worlds") }

  try tmux.keys("i")
  try tmux.waitForSettled("the moon") { $0.contains("Moon") && $0.contains("5 worlds") }

  // Narrower: two cards a row, so Earth moves below Mercury.
  try tmux.resize(width: 34, height: 24)
  try tmux.waitForSettled("two cards a row") { screen in
    screen.contains("Earth") && !screen.split(separator: "\n").contains { $0.contains("Mercury") && $0.contains("Earth") }
  }

  try tmux.keys("q")
  try tmux.waitFor(text: "exit=0")
  return try tmux.pane("alternate_on") == "0"  // the main screen is back
}
// snippet.end

// snippet.typing
func anAccentTypedAfterItsLetterJoinsIt() throws {
  let tmux = try TmuxSession(width: 80, height: 24)
  defer { tmux.close() }
  try tmux.type(TmuxSession.quoted(TmuxSession.productsDirectory.appendingPathComponent("text-entry").path))
  try tmux.waitFor(text: "Type / for a note")
  try tmux.keys("/")
  try tmux.typeCodePoints("e\u{301}x")  // e, then the combining acute accent, then x
  // A wait that times out throws, with the screen it last saw: that fails the test.
  try tmux.waitFor("two characters") { $0.contains("Note: e\u{301}x") && $0.contains(" 2 characters") }
}
// snippet.end

// snippet.hide
if CommandLine.arguments.count > 1 {
  let inTerminal = try planetsInARealTerminal()
  try anAccentTypedAfterItsLetterJoinsIt()
  precondition(inTerminal)
}
