import Foundation
import GridPlatform

/// One fuzz session of a terminal program on a real pseudo-terminal: the
/// program started at 80x24, fed ``InputFuzzer``'s random input (and,
/// every 15 actions, one of its text fields opened and characters that
/// join the one before them typed into it), then Ctrl-C until it quits.
/// What it shows is judged by the caller from the ``Outcome``: it must not
/// crash, must quit, must exit 0 and must leave the terminal as it found it.
///
/// ```swift
/// let outcome = try FuzzSession.run(binary, seed: 42, textFieldOpeners: ["/"])
/// #expect(outcome.problems.isEmpty, "\(outcome.problems)")
/// ```
public enum FuzzSession {
  /// How a session went.
  public struct Outcome: Sendable {
    /// The seed that replays it.
    public var seed: UInt64
    /// The exit status, if the program exited.
    public var exitCode: Int32?
    /// The signal that ended the program, if one did.
    public var terminatingSignal: Int32?
    /// Where the program was when it would not quit (its state from /proc,
    /// its modes), or empty.
    public var stuck: String
    /// Everything the program wrote.
    public var output: [UInt8]
    /// What was done: bytes typed, resizes, suspends, text entries.
    public var bytes = 0, resizes = 0, suspends = 0, textEntries = 0
    /// The last actions, when asked for with `trace`.
    public var trace: [String] = []

    /// What went wrong, each in a line naming the seed; empty when nothing did.
    public var problems: [String] {
      var problems: [String] = []
      if !stuck.isEmpty { problems.append("seed \(seed): still running after Ctrl-C twice (\(stuck))") }
      if let signal = terminatingSignal { problems.append("seed \(seed): ended by signal \(signal)") }
      if let code = exitCode, code != 0 {
        problems.append(
          "seed \(seed): exit status \(code); it wrote at the end: \(String(decoding: output.suffix(400), as: UTF8.self).debugDescription)")
      }
      // Left as found: the main screen back after the last switch to the
      // alternate one, mouse reporting and bracketed paste off after the
      // last time they were on.
      if Self.lastIndex(of: "\u{1B}[?1049l", in: output) <= Self.lastIndex(of: "\u{1B}[?1049h", in: output) {
        problems.append("seed \(seed): the alternate screen left on")
      }
      if Self.lastIndex(of: "\u{1B}[?1002l", in: output) < Self.lastIndex(of: "\u{1B}[?1002h", in: output) {
        problems.append("seed \(seed): mouse reporting left on")
      }
      if Self.lastIndex(of: "\u{1B}[?2004l", in: output) < Self.lastIndex(of: "\u{1B}[?2004h", in: output) {
        problems.append("seed \(seed): bracketed paste left on")
      }
      return problems
    }

    /// The last place `needle` occurs in `haystack`, or -1.
    static func lastIndex(of needle: String, in haystack: [UInt8]) -> Int {
      let n = Array(needle.utf8)
      guard n.count <= haystack.count else { return -1 }
      var i = haystack.count - n.count
      while i >= 0 {
        if haystack[i..<(i + n.count)].elementsEqual(n) { return i }
        i -= 1
      }
      return -1
    }
  }

  /// Runs `binary` (with `arguments`) for `steps` random actions from
  /// `seed`, in a fresh home folder; `escapeQuits` for a program a lone Esc
  /// ends; `textFieldOpeners`, the keys that open its text fields. With
  /// `trace`, the outcome keeps the last 30 actions; with `gdb`, a program
  /// that would not quit has its threads' stacks printed.
  public static func run(
    _ binary: String, arguments: [String] = [], seed: UInt64, steps: Int = 150, escapeQuits: Bool = false,
    textFieldOpeners: [String] = [], trace: Bool = false, gdb: Bool = false
  ) throws -> Outcome {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-fuzz-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let program = try PseudoTerminalSession(
      [binary] + arguments, columns: 80, rows: 24,
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": directory],
      directory: directory)
    var fuzzer = InputFuzzer(seed: seed, escapeQuits: escapeQuits)
    var outcome = Outcome(seed: seed, stuck: "", output: [])
    // The first frame.
    let started = Date()
    while program.output.count < 100 && Date().timeIntervalSince(started) < 10 {
      program.drain()
      usleep(5_000)
    }
    for step in 0..<steps {
      var action = fuzzer.nextAction(mayQuit: step > steps - 20)
      if !textFieldOpeners.isEmpty, step % 15 == 7 {
        action = .bytes(fuzzer.textEntry(openers: textFieldOpeners))
        outcome.textEntries += 1
      }
      if trace {
        if case .bytesInParts(let parts, _) = action {
          outcome.trace.append(parts.map { String(decoding: $0, as: UTF8.self).debugDescription }.joined(separator: " … "))
        } else if case .bytes(let b) = action {
          outcome.trace.append(String(decoding: b.prefix(40), as: UTF8.self).debugDescription + (b.count > 40 ? "…\(b.count)" : ""))
        } else {
          outcome.trace.append("\(action)")
        }
        outcome.trace = Array(outcome.trace.suffix(30))
      }
      switch action {
      case .bytes(let bytes):
        program.type(bytes)
        outcome.bytes += bytes.count
      case .bytesInParts(let parts, let gap):
        for (i, part) in parts.enumerated() {
          if i > 0 { usleep(UInt32(gap.components.attoseconds / 1_000_000_000_000 + gap.components.seconds * 1_000_000)) }
          program.type(part)
          outcome.bytes += part.count
        }
      case .resize(let columns, let rows):
        program.resize(columns: columns, rows: rows)
        outcome.resizes += 1
      case .suspendAndResume:
        program.signal(SIGTSTP)
        usleep(2_000)
        program.signal(SIGCONT)
        outcome.suspends += 1
      }
      usleep(UInt32(500 + Int(seed % 7) * 300))
      program.drain()
      if program.hasExited { break }
    }
    // Ctrl-C closes what is open; a second one quits. (Each is typed only
    // while the program still has the terminal in its own mode, Ctrl-C a
    // key: once it has restored the terminal, by a quit key among the
    // random input or by the first Ctrl-C, Ctrl-C is the shell's
    // interrupt, which throws away output not yet read, as a terminal
    // does. So after the first, the second waits until the program has
    // either ended, or begun to restore the terminal (it is on its way
    // out), or kept its mode for 3 s (the first closed something): on a
    // loaded machine a program may take longer than a moment to end.)
    func interruptIsAKey() -> Bool {
      guard let m = program.modes else { return false }
      return withUnsafeBytes(of: m.c_cc) { $0[Int(VINTR)] } != 0x03
    }
    // First, a quit key among the last actions may have the program on its
    // way out: it is given until its output has been quiet for half a
    // second (at most 5 s) to end on its own.
    var quietSince = Date()
    let settling = Date().addingTimeInterval(5)
    while !program.hasExited && Date() < settling && Date().timeIntervalSince(quietSince) < 0.5 {
      if program.drain() > 0 { quietSince = Date() }
      usleep(10_000)
    }
    if !program.hasExited {
      program.resize(columns: 80, rows: 24)
      for _ in 0..<2 where !program.hasExited && interruptIsAKey() {
        program.type([0x03])
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline && !program.hasExited && interruptIsAKey() {
          program.drain()
          usleep(5_000)
        }
      }
    }
    if program.waitForExit(timeout: 10) == nil {
      // R running, S sleeping, T stopped (from /proc), and where it waits.
      let scheduler = Platform.schedulerState(of: program.pid)
      var state = (scheduler?.state ?? "?") + " in " + (scheduler?.waitingIn ?? "?")
      if let m = program.modes {
        state +=
          ", ICANON \(m.c_lflag & tcflag_t(ICANON) != 0), ISIG \(m.c_lflag & tcflag_t(ISIG) != 0), ECHO \(m.c_lflag & tcflag_t(ECHO) != 0)"
      }
      if gdb {
        let r = try? Spawn.run(
          ["/usr/bin/gdb", "-p", "\(program.pid)", "-batch", "-ex", "thread apply all bt 25"], environment: ["PATH": "/usr/bin:/bin"])
        state += "\nGDB:\n\(r?.output ?? "")"
      }
      outcome.stuck = state
      program.signal(SIGKILL)
      _ = program.waitForExit(timeout: 10)
    } else {
      outcome.exitCode = program.exitCode
      outcome.terminatingSignal = program.terminatingSignal
    }
    outcome.output = program.output
    return outcome
  }
}
