import Foundation
import GridPlatform

/// Calibre running on a library, for the tests: `calibre-debug` running a
/// script that opens the library with Calibre's own database layer (as the
/// Calibre app does: its SQL functions, triggers, busy timeout and journal
/// mode) and holds it open, doing what it is told a line at a time:
///
/// - `add TITLE|AUTHOR`: adds a book (answers its id);
/// - `title ID|TITLE`: retitles a book; `remove ID`: removes one;
/// - `begin` and `commit`: holds the database locked (`BEGIN EXCLUSIVE`) until the commit;
/// - `sql STATEMENT`: runs a statement on Calibre's connection.
final class CalibreProcess {
  static let script = """
    import sys
    from calibre.library import db
    from calibre.ebooks.metadata.book.base import Metadata

    cache = db(sys.argv[1]).new_api
    conn = cache.backend.conn
    print('open', flush=True)
    for line in sys.stdin:
        command, _, argument = line.rstrip('\\n').partition(' ')
        try:
            answer = ''
            if command == 'add':
                title, _, author = argument.partition('|')
                ids, _ = cache.add_books([(Metadata(title, [author]), {})])
                answer = str(ids[0])
            elif command == 'title':
                book, _, title = argument.partition('|')
                cache.set_field('title', {int(book): title})
            elif command == 'remove':
                cache.remove_books([int(argument)], permanent=True)
            elif command in ('begin', 'commit'):
                conn.execute('BEGIN EXCLUSIVE' if command == 'begin' else 'COMMIT')
            elif command == 'sql':
                conn.execute(argument)
            elif command == 'quit':
                print('ok', flush=True)
                break
            print('ok', answer, flush=True)
        except Exception as e:
            print('error', e, flush=True)
    cache.close()
    """

  struct Failure: Error, CustomStringConvertible { var description: String }

  /// What the script wrote, shared with the thread that reads it.
  private final class Output: @unchecked Sendable {
    // (@unchecked: `lines` and `partial` are touched with `lock` held.)
    let lock = NSLock()
    var lines: [String] = []
    var partial = ""

    func append(_ data: Data) {
      lock.withLock {
        partial += String(decoding: data, as: UTF8.self)
        while let end = partial.firstIndex(of: "\n") {
          lines.append(String(partial[..<end]))
          partial = String(partial[partial.index(after: end)...])
        }
      }
    }
  }

  private let process = Process()
  private let input = Pipe()
  private let outputPipe = Pipe()
  private let output = Output()
  private var taken = 0
  let scriptPath: String

  /// Starts Calibre on the library at `library` and waits until it has it open.
  init(library: String) throws {
    scriptPath = FileManager.default.temporaryDirectory.appendingPathComponent("tg-calibre-session-\(getpid()).py").path
    try Self.script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["QT_QPA_PLATFORM=offscreen", "calibre-debug", "-e", scriptPath, library]
    process.standardInput = input
    process.standardOutput = outputPipe
    process.standardError = FileHandle.nullDevice
    let output = output
    outputPipe.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
    try process.run()
    let first = try nextLine()
    guard first == "open" else { throw Failure(description: "calibre-debug said \(first)") }
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    outputPipe.fileHandleForReading.readabilityHandler = nil
  }

  /// The next line the script writes (within a minute: calibre-debug starts in about a second).
  private func nextLine() throws -> String {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let line: String? = output.lock.withLock { taken < output.lines.count ? output.lines[taken] : nil }
      if let line {
        taken += 1
        return line
      }
      guard process.isRunning || output.lock.withLock({ taken < output.lines.count }) else {
        throw Failure(description: "calibre-debug ended (status \(process.terminationStatus))")
      }
      usleep(10_000)
    }
    throw Failure(description: "calibre-debug did not answer within a minute")
  }

  /// Tells Calibre to do `command` and waits until it has; returns what it answered after "ok".
  @discardableResult
  func send(_ command: String) throws -> String {
    // (A write to a script that ended fails rather than ending the tests with SIGPIPE.)
    signal(SIGPIPE, SIG_IGN)
    guard process.isRunning else { throw Failure(description: "\(command): calibre-debug has ended") }
    try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
    let answer = try nextLine()
    guard answer.hasPrefix("ok") else { throw Failure(description: "\(command): \(answer)") }
    return String(answer.dropFirst(2)).trimmingCharacters(in: .whitespaces)
  }

  /// Ends Calibre as it ends when asked (its database closed).
  func quit() throws {
    try send("quit")
    process.waitUntilExit()
  }

  /// Ends Calibre at once, as a crash does: whatever it had begun is left as it was.
  func crash() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
