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
    try tmux.type("\(TmuxSession.quoted(Self.binary)); echo exit=$?")
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

  /// A terminal's reply that arrives in two parts far apart (50 ms, 300
  /// ms: over ssh, a slow link) while the note is typed is never taken for
  /// typed keys: the note holds what was typed, and an Esc in the reply
  /// does not close it. (Before, with a 25 ms escape delay, DA1's tail
  /// landed in the field, "ab2;4;22cc", and XTVERSION's Esc closed it.)
  @Test(arguments: [50, 300])
  func aReplyInTwoPartsFarApartIsNotTyped(gap: Int) throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)); echo exit=$?")
    try tmux.waitFor(text: "Type / for a note")
    try tmux.keys("/")
    try tmux.keys("-l", "ab")
    try tmux.waitFor("ab typed") { Self.bottom($0).contains("Note: ab") }
    let replies = ["\u{1B}[?62;4;22c", "\u{1B}[6;20;10t", "\u{1B}P>|tmux 3.3a\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\"]
    func send(_ reply: String, cutAt cut: (Int) -> Int) throws {
      let bytes = Array(reply.utf8)
      try tmux.sendBytes(Array(bytes[..<cut(bytes.count)]))
      usleep(UInt32(gap) * 1000)  // the reply's parts arrive this far apart
      try tmux.sendBytes(Array(bytes[cut(bytes.count)...]))
    }
    for reply in replies {
      for cut: (Int) -> Int in [{ _ in 2 }, { _ in 4 }, { $0 - 1 }] { try send(reply, cutAt: cut) }
    }
    try tmux.keys("-l", "c")
    try tmux.waitFor("abc and nothing of the replies") {
      Self.bottom($0).contains("Note: abc ") && Self.bottom($0).contains(" 3 characters")
    }
    try tmux.keys("Enter")
    let added = try tmux.waitForSettled("the note") { $0.contains("added: abc 3 characters") }
    // Cut right after its Esc, with no reply owed (this app asked nothing):
    // the Esc is the Esc key, but the rest is still a reply: its letters
    // run nothing ("a" would open the form, "?" the help).
    for reply in replies + ["\u{1B}P>|a?\u{1B}\\"] { try send(reply) { _ in 1 } }
    try tmux.keys("-l", "x")
    // (The status line's message goes with the first key; the rest stays as it was.)
    let after = try tmux.waitForSettled("the message gone") { !$0.contains("added: abc") }
    #expect(after.split(separator: "\n").dropLast() == added.split(separator: "\n").dropLast())
    #expect(!after.contains("Add a person") && !after.contains("any key closes"), "no form, no help")
    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
  }

  /// A paste with line breaks: into the note as one line (a line break is
  /// a space), the note stays open; into the form's field likewise; with no
  /// field open it is ignored, its letters running no command.
  @Test func aPasteIsTextInAFieldAndNothingElsewhere() throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)); echo exit=$?")
    try tmux.waitFor(text: "Type / for a note")
    try tmux.keys("/")
    try tmux.paste("Tolstoy\nddd\n")
    try tmux.waitFor("the paste on one line") { Self.bottom($0).contains("Note: Tolstoy ddd") }
    try tmux.keys("Enter")
    try tmux.waitFor("one note") { $0.contains("added: Tolstoy ddd") }
    // Outside a field: "a/q" pasted opens no form, no note, and does not quit.
    try tmux.paste("a/q\n")
    try tmux.waitFor("ignored") { Self.bottom($0).contains("nothing here takes a paste") }
    #expect(try !tmux.capture().contains("Add a person"))
    try tmux.keys("a")
    try tmux.waitFor(text: "Add a person")
    try tmux.paste("Ann\nLee")
    try tmux.waitFor("the name") { $0.contains("Ann Lee") }
    try tmux.keys("Enter")
    try tmux.waitFor("the person") { $0.contains("added: Ann Lee") }
    try tmux.keys("q")
    try tmux.waitFor(text: "exit=0")
  }

  @Test func aFormTakesThemInEveryField() throws {
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)); echo exit=$?")
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
