import Foundation
import GridRender

/// A real terminal for end-to-end tests of a TermGrid program: a tmux
/// server of its own (a private socket) running a shell in one pane. A test
/// types a command line into it, sends keys with tmux's `send-keys` and
/// reads the screen with `capture-pane`, as a person at a terminal would.
///
/// ```swift
/// let tmux = try TmuxSession(width: 80, height: 24)
/// defer { tmux.close() }
/// try tmux.type(TmuxSession.quoted(TmuxSession.productsDirectory.appendingPathComponent("my-app").path))
/// try tmux.waitFor(text: "? help")
/// try tmux.keys("Down", "Enter")
/// ```
///
/// Needs `tmux` on the PATH. The shell runs with a clean environment:
/// `TERM` as given, a UTF-8 locale unless `locale` says otherwise, and the
/// sanitizers' options of the test process (`ASAN_OPTIONS`, `LSAN_OPTIONS`,
/// `TSAN_OPTIONS`, `UBSAN_OPTIONS`), so that a program built with a
/// sanitizer reads the same suppressions as the tests.
public final class TmuxSession {
  /// A tmux command failed, or a wait timed out (with the screen it saw).
  public struct Failure: Error, CustomStringConvertible {
    /// What failed.
    public var description: String
    /// Creates a failure.
    public init(description: String) { self.description = description }
  }

  /// The tmux server's socket name (`tmux -L`).
  public let socket: String
  /// The session's name.
  public let name = "t"

  /// Starts a session of `width` x `height` cells running `sh`, with
  /// `TERM=term` and `LANG`/`LC_ALL` set to `locale`.
  public init(width: Int, height: Int, term: String = "xterm-256color", locale: String = "C.UTF-8") throws {
    socket = "termgrid-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let sanitizerOptions = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].compactMap { name in
      ProcessInfo.processInfo.environment[name].map { "\(name)=\($0)" }
    }
    _ = try run(
      ["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)"]
        + ["env", "-i", "PATH=/usr/bin:/bin", "HOME=/tmp", "TERM=\(term)", "LANG=\(locale)", "LC_ALL=\(locale)"]
        + sanitizerOptions + ["PS1=$ ", "sh"])
    try tmux("set-option", "-t", name, "status", "off")
    try tmux("resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)")
  }

  private var isClosed = false

  /// Ends the tmux server and everything running in it.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    // The pane's shell does not always leave on tmux's SIGHUP, and the server
    // waits for it: end both for certain.
    let pids = (try? tmux("display-message", "-p", "-t", name, "#{pane_pid} #{pid}")) ?? ""
    _ = try? Spawn.run(["tmux", "-L", socket, "-f", "/dev/null", "kill-server"])
    for pid in pids.split(separator: " ").compactMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
      kill(pid, SIGKILL)
    }
  }

  deinit { close() }

  /// The directory holding the built products (next to the test bundle).
  public static var productsDirectory: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// Runs a tmux command on this session's server (`tmux("display", "-p", "#{cursor_x}")`); returns its output.
  @discardableResult
  public func tmux(_ args: String...) throws -> String { try run(args) }

  /// Runs a tmux command on this session's server and returns what it printed.
  public func run(_ args: [String]) throws -> String {
    let result = try Spawn.run(["tmux", "-L", socket, "-f", "/dev/null"] + args)
    guard result.status == 0 else {
      throw Failure(description: "tmux \(args.joined(separator: " ")): \(result.output)")
    }
    return result.output
  }

  /// Types a command line into the shell.
  public func type(_ line: String) throws {
    try tmux("send-keys", "-t", name, "-l", line)
    try tmux("send-keys", "-t", name, "Enter")
  }

  /// `argument` quoted for the session's shell, so that it stays one word
  /// whatever it holds (a path with spaces or quotes in it: a checkout may
  /// be in any folder): `try tmux.type(TmuxSession.quoted(binary) + " --help")`.
  public static func quoted(_ argument: String) -> String {
    "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Sends keys by tmux name (Down, Enter, Escape, PageDown, q ...).
  public func keys(_ keys: String...) throws { try self.keys(keys) }

  /// Sends keys given as an array (`["-l", "text"]` sends the text as it is).
  public func keys(_ keys: [String]) throws { _ = try run(["send-keys", "-t", name] + keys) }

  /// Types `text` a code point at a time, each in a write of its own, as a
  /// keyboard or an input method sends an accent after its letter, a flag
  /// as two regional indicators, Hangul as jamo.
  public func typeCodePoints(_ text: String) throws {
    for scalar in text.unicodeScalars { try keys("-l", String(scalar)) }
  }

  /// Sends `bytes` to the program as the terminal's own input, exactly as
  /// they are (`send-keys -H`): a terminal's reply to a query, a sequence
  /// cut in two (send the parts apart), bytes that are not UTF-8.
  public func sendBytes(_ bytes: [UInt8]) throws {
    guard !bytes.isEmpty else { return }
    try keys(["-H"] + bytes.map { String(format: "%02x", $0) })
  }

  /// Pastes `text` as a person pastes into the terminal (tmux's
  /// `paste-buffer -p`): between bracketed-paste markers when the program
  /// asked for them, as plain typed text when it did not. Line breaks are
  /// sent as the carriage returns a terminal sends.
  public func paste(_ text: String) throws {
    try tmux("set-buffer", "-b", "termgrid-paste", "--", text)
    try tmux("paste-buffer", "-p", "-d", "-b", "termgrid-paste", "-t", name)
  }

  /// The visible screen, as a person sees it: line drawing sent through
  /// the terminal's alternate character set (which `capture-pane -p` gives
  /// as the letters that select it, `lqqk`) is read back as the lines it
  /// draws (`┌──┐`), and trailing spaces are dropped.
  public func capture() throws -> String { Self.screenText(fromStyledCapture: try captureStyled()) }

  /// The text of a `capture-pane -p -e` capture: escape sequences dropped,
  /// characters between shift-out and shift-in (or after `ESC ( 0`) read as
  /// DEC line drawing, each line without its trailing spaces.
  public static func screenText(fromStyledCapture styled: String) -> String {
    read(styled).map { line in
      var text = line.text
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }

  /// Which cells of a `capture-pane -p -e` capture are in reverse video: a
  /// line of `#` (reversed) and `.` (not) per line of the screen.
  public static func reverseVideo(fromStyledCapture styled: String) -> [String] { read(styled).map(\.reverse) }

  /// Whether the cell at column `x` of line `y` of a `capture-pane -p -e`
  /// capture is in reverse video, counting cells (a wide character covers
  /// two), as ``cursor()`` counts them. False outside the capture.
  public static func isReverseVideo(x: Int, y: Int, inStyledCapture styled: String) -> Bool {
    let lines = read(styled)
    guard y >= 0, y < lines.count, x >= 0 else { return false }
    var column = 0
    for (c, mark) in zip(lines[y].text, lines[y].reverse) {
      let width = max(1, DisplayWidth.of(c))
      if x < column + width { return mark == "#" }
      column += width
    }
    return false
  }

  /// Where the terminal's cursor is (`#{cursor_x}`, `#{cursor_y}`), in cells from the top left.
  public func cursor() throws -> CellPoint {
    let parts = try tmux("display-message", "-p", "-t", name, "#{cursor_x} #{cursor_y}")
      .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard parts.count == 2 else { throw Failure(description: "tmux gave no cursor position") }
    return CellPoint(x: parts[0], y: parts[1])
  }

  /// DEC line drawing: the letters of the alternate character set and the lines they draw.
  private static let drawing: [Character: Character] = [
    "`": "◆", "a": "▒", "f": "°", "g": "±", "j": "┘", "k": "┐", "l": "┌", "m": "└", "n": "┼", "o": "⎺", "p": "⎻",
    "q": "─", "r": "⎼", "s": "⎽", "t": "├", "u": "┤", "v": "┴", "w": "┬", "x": "│", "y": "≤", "z": "≥", "{": "π",
    "|": "≠", "}": "£", "~": "·",
  ]

  /// Each line of a styled capture as its text and its reverse-video mask.
  /// (The character set chosen and the attributes carry over from line to
  /// line, as tmux writes them.)
  private static func read(_ styled: String) -> [(text: String, reverse: String)] {
    var lines: [(text: String, reverse: String)] = []
    var alternate = false
    var reverse = false
    for raw in styled.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = (text: "", reverse: "")
      var i = raw.startIndex
      func next() -> Character? {
        guard i < raw.endIndex else { return nil }
        defer { i = raw.index(after: i) }
        return raw[i]
      }
      while let c = next() {
        switch c {
        case "\u{0E}": alternate = true
        case "\u{0F}": alternate = false
        case "\u{1B}":
          switch next() {
          case "[":
            // A control sequence, up to its final byte; SGR says whether cells are reversed.
            var parameters = ""
            while let p = next() {
              guard let v = p.asciiValue, !(0x40...0x7E).contains(v) else {
                if p == "m" {
                  for code in parameters.split(separator: ";", omittingEmptySubsequences: false) {
                    if code.isEmpty || code == "0" || code == "27" { reverse = false } else if code == "7" { reverse = true }
                  }
                }
                break
              }
              parameters.append(p)
            }
          case "(": alternate = next() == "0"
          case ")": _ = next()
          default: break
          }
        default:
          guard !(c.asciiValue.map { $0 < 0x20 } ?? false) else { continue }
          line.text.append(alternate ? drawing[c] ?? c : c)
          line.reverse.append(reverse ? "#" : ".")
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// The screen with colours and attributes as escape sequences.
  public func captureStyled() throws -> String { try tmux("capture-pane", "-p", "-e", "-t", name) }

  /// A pane variable such as alternate_on or cursor_flag.
  public func pane(_ variable: String) throws -> String {
    try tmux("display-message", "-p", "-t", name, "#{\(variable)}").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The CPU time (user + system, in clock ticks) of the program the pane's
  /// shell is running, or nil when there is none.
  public func foregroundCPUTicks() throws -> Int? {
    ChildProcess.cpuTicks(ofFirstChildOf: try pane("pane_pid"))
  }

  /// Resizes the window (the program gets SIGWINCH), down to 1x1 if asked.
  public func resize(width: Int, height: Int) throws {
    try tmux("resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)")
  }

  /// Waits until the screen satisfies `condition` (up to `timeout` seconds) and returns it.
  @discardableResult
  public func waitFor(_ what: String, timeout: Double = 15, _ condition: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try capture()
      if condition(screen) { return screen }
      usleep(50_000)
    }
    throw Failure(description: "timed out waiting for \(what); the screen was:\n\(screen)")
  }

  /// Waits until the screen satisfies `condition` and then stays the same
  /// for 0.3 s (longer than an animation), and returns it.
  @discardableResult
  public func waitForSettled(_ what: String, timeout: Double = 15, _ condition: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let screen = try waitFor(what, timeout: max(0.1, deadline.timeIntervalSinceNow), condition)
      usleep(300_000)
      if try capture() == screen { return screen }
    }
    throw Failure(description: "timed out waiting for \(what) to settle")
  }

  /// Waits until `text` is on the screen (at most `timeout` seconds) and returns the screen.
  @discardableResult
  public func waitFor(text: String, timeout: Double = 15) throws -> String {
    try waitFor("\"\(text)\"", timeout: timeout) { $0.contains(text) }
  }
}
