import Foundation
import GridPlatform
import TermGridTesting
import Testing

/// Each example on a real pseudo-terminal, fed random input (keys, mouse
/// reports with nonsense numbers, garbage escape sequences, invalid UTF-8,
/// pastes, resizes down to 0x0, suspends, characters that join the one
/// before them, typed into every text field an example has): it must never
/// crash, must quit on Ctrl-C twice, and must leave the terminal as it
/// found it.
///
/// CI runs 20 sessions per example from a fixed seed. For longer runs:
/// `TERMGRID_FUZZ_SESSIONS=500 TERMGRID_FUZZ_SEED=random swift test --filter PtyFuzzTests`
/// (a failure names the seed that replays it).
@Suite(.serialized) struct PtyFuzzTests {
  static var sessions: Int { ProcessInfo.processInfo.environment["TERMGRID_FUZZ_SESSIONS"].flatMap(Int.init) ?? 20 }
  static var seed: UInt64 {
    let text = ProcessInfo.processInfo.environment["TERMGRID_FUZZ_SEED"] ?? "2026"
    return text == "random" ? UInt64.random(in: 0...UInt64.max) : UInt64(text) ?? 2026
  }

  /// The keys that open each example's text fields (the catalogue's
  /// filter, add-a-book form and save-as prompt): every so often one is
  /// opened and joining characters typed into it.
  static let textFieldOpeners = ["book-catalogue": ["/", "a", "S"]]

  @Test(arguments: ["book-catalogue", "circle-demo", "waterfall-demo", "calendar-demo"])
  func randomInputNeverCrashesAndTheTerminalIsRestored(example: String) throws {
    let binary = TmuxSession.productsDirectory.appendingPathComponent(example).path
    let environment = ProcessInfo.processInfo.environment
    let base = Self.seed
    var totals = (bytes: 0, resizes: 0, suspends: 0, textEntries: 0)
    for session in 0..<Self.sessions {
      let outcome = try FuzzSession.run(
        binary, seed: base &+ UInt64(session) &* 7919, escapeQuits: example != "book-catalogue",
        textFieldOpeners: Self.textFieldOpeners[example] ?? [], trace: environment["TERMGRID_FUZZ_TRACE"] != nil,
        gdb: environment["TERMGRID_FUZZ_GDB"] != nil)
      if let dump = environment["TERMGRID_FUZZ_DUMP"] {
        // Everything the program wrote, for a look at a failing session.
        _ = FileManager.default.createFile(atPath: "\(dump)/\(example)-\(outcome.seed).out", contents: Data(outcome.output))
      }
      if !outcome.stuck.isEmpty && !outcome.trace.isEmpty { print("TRACE:\n" + outcome.trace.joined(separator: "\n")) }
      for problem in outcome.problems { Issue.record("\(example) \(problem)") }
      totals.bytes += outcome.bytes
      totals.resizes += outcome.resizes
      totals.suspends += outcome.suspends
      totals.textEntries += outcome.textEntries
    }
    print(
      "pty fuzz \(example): \(Self.sessions) sessions from seed \(base), \(totals.bytes) bytes, \(totals.resizes) resizes, \(totals.suspends) suspends, \(totals.textEntries) text entries"
    )
  }
}
