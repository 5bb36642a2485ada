// The built program on a pseudo-terminal of its own, fed what a clumsy
// person or an attacker would type: first by hand with `InputFuzzer`, then
// as whole seeded sessions with `FuzzSession`, whose problems name the
// seed that replays them.
import Foundation
import TermGridTesting

// snippet.pty
func randomInputAndThenATermLeaveTheTerminalAsFound(binary: String, seed: UInt64) throws -> Bool {
  let program = try PseudoTerminalSession(
    [binary], columns: 80, rows: 24,
    environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])

  // Wait for the first frame: read what it writes until the grid shows.
  let started = Date()
  while !String(decoding: program.output, as: UTF8.self).contains("Mercury"), Date().timeIntervalSince(started) < 20 {
    program.drain()
    usleep(10_000)
  }

  var fuzzer = InputFuzzer(seed: seed)
  for _ in 0..<100 where !program.hasExited {
    switch fuzzer.nextAction() {
    case .bytes(let bytes): program.type(bytes)
    case .bytesInParts(let parts, let gap):
      for part in parts {
        program.type(part)
        usleep(UInt32(gap.components.attoseconds / 1_000_000_000_000))
      }
    case .resize(let columns, let rows): program.resize(columns: columns, rows: rows)
    case .suspendAndResume:
      program.signal(SIGTSTP)
      program.signal(SIGCONT)
    }
    program.drain()
  }

  program.signal(SIGTERM)
  guard program.waitForExit(timeout: 20) != nil, program.terminatingSignal == SIGTERM else { return false }
  // The main screen back after the last switch to the alternate one.
  let output = String(decoding: program.output, as: UTF8.self)
  guard let left = output.range(of: "\u{1B}[?1049l", options: .backwards),
    let entered = output.range(of: "\u{1B}[?1049h", options: .backwards)
  else { return false }
  return left.lowerBound > entered.lowerBound
}
// snippet.end

// snippet.sessions
func twentySessionsFindNoProblem(binary: String) throws -> [String] {
  var problems: [String] = []
  for session in 0..<20 {
    let outcome = try FuzzSession.run(binary, seed: 2026 &+ UInt64(session) &* 7919, textFieldOpeners: ["/"])
    problems += outcome.problems  // "seed 2026: exit status 1; ..." and the like
  }
  return problems
}
// snippet.end

// snippet.hide
if CommandLine.arguments.count > 1 {
  let binary = CommandLine.arguments[1]
  let restored = try randomInputAndThenATermLeaveTheTerminalAsFound(binary: binary, seed: 42)
  let problems = try twentySessionsFindNoProblem(binary: binary)
  precondition(restored && problems.isEmpty, "\(problems)")
}
