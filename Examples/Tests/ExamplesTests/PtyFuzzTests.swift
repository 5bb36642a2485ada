import Foundation
import TermGridTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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

  /// The last place `needle` occurs in `haystack`, or -1.
  func lastIndex(of needle: String, in haystack: [UInt8]) -> Int {
    let n = Array(needle.utf8)
    guard n.count <= haystack.count else { return -1 }
    var i = haystack.count - n.count
    while i >= 0 {
      if haystack[i..<(i + n.count)].elementsEqual(n) { return i }
      i -= 1
    }
    return -1
  }

  /// The keys that open each example's text fields (the catalogue's
  /// filter, add-a-book form and save-as prompt): every so often one is
  /// opened and joining characters typed into it.
  static let textFieldOpeners = ["book-catalogue": ["/", "a", "S"]]

  @Test(arguments: ["book-catalogue", "circle-demo", "waterfall-demo", "calendar-demo"])
  func randomInputNeverCrashesAndTheTerminalIsRestored(example: String) throws {
    let binary = TmuxSession.productsDirectory.appendingPathComponent(example).path
    let base = Self.seed
    var stats = (bytes: 0, resizes: 0, suspends: 0, textEntries: 0)
    for session in 0..<Self.sessions {
      let seed = base &+ UInt64(session) &* 7919
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-fuzz-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let program = try PseudoTerminalSession(
        [binary], columns: 80, rows: 24,
        environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": directory],
        directory: directory)
      var fuzzer = InputFuzzer(seed: seed, escapeQuits: example != "book-catalogue")
      // The first frame.
      let started = Date()
      while program.output.count < 100 && Date().timeIntervalSince(started) < 10 { program.drain(); usleep(5_000) }
      var trace: [String] = []
      for step in 0..<150 {
        var action = fuzzer.nextAction(mayQuit: step > 130)
        if let openers = Self.textFieldOpeners[example], step % 15 == 7 {
          action = .bytes(fuzzer.textEntry(openers: openers))
          stats.textEntries += 1
        }
        if ProcessInfo.processInfo.environment["TERMGRID_FUZZ_TRACE"] != nil {
          if case .bytes(let b) = action { trace.append(String(decoding: b.prefix(40), as: UTF8.self).debugDescription + (b.count > 40 ? "…\(b.count)" : "")) } else { trace.append("\(action)") }
        }
        switch action {
        case .bytes(let bytes):
          program.type(bytes)
          stats.bytes += bytes.count
        case .resize(let columns, let rows):
          program.resize(columns: columns, rows: rows)
          stats.resizes += 1
        case .suspendAndResume:
          program.signal(SIGTSTP)
          usleep(2_000)
          program.signal(SIGCONT)
          stats.suspends += 1
        }
        usleep(UInt32(500 + Int(seed % 7) * 300))
        program.drain()
        if program.hasExited { break }
      }
      // Ctrl-C closes what is open; a second one quits. (Each is typed only
      // while the program still has the terminal in its own mode, Ctrl-C a
      // key: once it has restored the terminal, by a quit key among the
      // random input or by the first Ctrl-C, Ctrl-C is the shell's
      // interrupt, which throws away output not yet read, as a terminal does.)
      func interruptIsAKey() -> Bool {
        guard let m = program.modes else { return false }
        return withUnsafeBytes(of: m.c_cc) { $0[Int(VINTR)] } != 0x03
      }
      if !program.hasExited {
        program.resize(columns: 80, rows: 24)
        for _ in 0..<2 where !program.hasExited && interruptIsAKey() {
          program.type([0x03])
          if program.waitForExit(timeout: 0.3) != nil { break }
        }
      }
      let status = program.waitForExit(timeout: 10)
      var state = ""
      if status == nil {
        // R running, S sleeping, T stopped (from /proc), and where it waits.
        state = (try? String(contentsOfFile: "/proc/\(program.pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first.map(String.init) ?? "?"
        state += " in " + ((try? String(contentsOfFile: "/proc/\(program.pid)/wchan", encoding: .utf8)) ?? "?")
        if let m = program.modes {
          state += ", ICANON \(m.c_lflag & tcflag_t(ICANON) != 0), ISIG \(m.c_lflag & tcflag_t(ISIG) != 0), ECHO \(m.c_lflag & tcflag_t(ECHO) != 0)"
        }
        if !trace.isEmpty { print("TRACE:\n" + trace.suffix(30).joined(separator: "\n")) }
        if ProcessInfo.processInfo.environment["TERMGRID_FUZZ_GDB"] != nil {
          let r = try? Spawn.run(["/usr/bin/gdb", "-p", "\(program.pid)", "-batch", "-ex", "thread apply all bt 25"], environment: ["PATH": "/usr/bin:/bin"])
          print("GDB:\n\(r?.output ?? "")")
        }
        program.signal(SIGKILL)
      }
      #expect(status != nil, "\(example) seed \(seed): still running after Ctrl-C twice (state \(state))")
      #expect(program.terminatingSignal == nil, "\(example) seed \(seed): ended by signal \(program.terminatingSignal ?? 0)")
      let tail = String(decoding: program.output.suffix(400), as: UTF8.self)
      #expect(program.exitCode == 0, "\(example) seed \(seed): exit status \(program.exitCode ?? -1); it wrote at the end: \(tail.debugDescription)")
      // Left as found: the main screen back after the last switch to the
      // alternate one, mouse reporting off after the last time it was on.
      let out = program.output
      if let dump = ProcessInfo.processInfo.environment["TERMGRID_FUZZ_DUMP"] {
        // Everything the program wrote, for a look at a failing session.
        _ = FileManager.default.createFile(atPath: "\(dump)/\(example)-\(seed).out", contents: Data(out))
      }
      #expect(lastIndex(of: "\u{1B}[?1049l", in: out) > lastIndex(of: "\u{1B}[?1049h", in: out), "\(example) seed \(seed)")
      #expect(lastIndex(of: "\u{1B}[?1002l", in: out) > lastIndex(of: "\u{1B}[?1002h", in: out), "\(example) seed \(seed)")
    }
    print("pty fuzz \(example): \(Self.sessions) sessions from seed \(base), \(stats.bytes) bytes, \(stats.resizes) resizes, \(stats.suspends) suspends, \(stats.textEntries) text entries")
  }
}
