import Foundation
import TermGridTesting
import Testing

/// The library's text fields in a small app (text-entry), typed into in
/// tmux a code point at a time: accents after their letters, flags as two
/// regional indicators, Hangul as jamo, emoji with modifiers and joiners.
/// The app keeps running, shows what was typed, and counts characters as a
/// reader does.
@Suite(.serialized) struct TextEntryTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("text-entry").path }

  static func bottom(_ screen: String) -> String { screen.split(separator: "\n").last.map(String.init) ?? "" }

  @Test(arguments: [(80, 24), (200, 60)])
  func aTextInputTakesCharactersThatJoinTheOneBefore(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type("\(Self.binary); echo exit=$?")
    try tmux.waitFor(text: "Type / for a note")
    try tmux.keys("/")
    try tmux.typeCodePoints("e\u{301}x")
    try tmux.waitFor("two characters") { Self.bottom($0).contains("Note: e\u{301}x") && Self.bottom($0).contains(" 2 characters") }
    try tmux.typeCodePoints(" \u{1F1EB}\u{1F1F7} \u{1100}\u{1161} \u{1F44B}\u{1F3FD} \u{2764}\u{FE0F}")
    try tmux.waitFor("a flag, a syllable, a hand, a heart: one character each") { Self.bottom($0).contains(" 10 characters") }
    try tmux.typeCodePoints("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")
    try tmux.waitFor("a family is one character") { Self.bottom($0).contains(" 11 characters") }
    // Backspace takes the family whole; Home, a letter before an accent typed alone at the start.
    try tmux.keys("BSpace", "Home")
    try tmux.typeCodePoints("\u{308}")
    try tmux.waitFor("a mark on its own is one more") { Self.bottom($0).contains(" 11 characters") }
    try tmux.keys("Enter")
    // On its card the note begins with the mark on a dotted circle (nothing
    // before it to carry it); in "added: …" the space before carries it.
    try tmux.waitFor("the note") { $0.contains("│ ◌\u{308}éx 🇫🇷 가") && $0.contains("added: \u{308}éx 🇫🇷 가") && $0.contains("11 characters") }
    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
  }

  @Test func aFormTakesThemInEveryField() throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(Self.binary); echo exit=$?")
    try tmux.waitFor(text: "Type / for a note")
    try tmux.keys("a")
    try tmux.waitFor(text: "Add a person")
    // Enter with no name: refused, the form stays.
    try tmux.keys("Enter")
    try tmux.waitFor(text: "a person needs a name")
    try tmux.typeCodePoints("Zoe\u{308} \u{1100}\u{1161}\u{11A8}")
    try tmux.keys("Tab")
    try tmux.typeCodePoints("Zu\u{308}rich\u{1F1E8}\u{1F1ED}")
    try tmux.keys("Left", "BSpace")
    try tmux.keys("Enter")
    try tmux.waitFor("the person") { $0.contains("added: Zoë 각 · Züric🇨🇭") }
    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
  }
  /// text-entry on a pseudo-terminal, fuzzed as the examples are
  /// (`PtyFuzzTests`), its note line (`/`) and form (`a`) opened every 15
  /// actions and joining characters typed into them: 20 sessions from a
  /// fixed seed (`TERMGRID_FUZZ_SESSIONS`, `TERMGRID_FUZZ_SEED=random` for more).
  @Test func fuzzedWithJoiningCharactersItNeverCrashesAndRestoresTheTerminal() throws {
    let environment = ProcessInfo.processInfo.environment
    let sessions = environment["TERMGRID_FUZZ_SESSIONS"].flatMap(Int.init) ?? 20
    let text = environment["TERMGRID_FUZZ_SEED"] ?? "2026"
    let base = text == "random" ? UInt64.random(in: 0...UInt64.max) : UInt64(text) ?? 2026
    var entries = 0
    for session in 0..<sessions {
      let outcome = try FuzzSession.run(Self.binary, seed: base &+ UInt64(session) &* 7919, textFieldOpeners: ["/", "a"])
      for problem in outcome.problems { Issue.record("text-entry \(problem)") }
      entries += outcome.textEntries
    }
    print("pty fuzz text-entry: \(sessions) sessions from seed \(base), \(entries) text entries")
  }
}
