import Foundation
import GridPlatform

/// A real graphical terminal for end-to-end tests of what only one shows
/// (pictures in sixel): xterm started as a VT340 with 256 colour
/// registers, on an X server of its own (Xvfb), running one program. A test
/// sends keys with `xdotool`, resizes the window, and takes screenshots
/// with ImageMagick's `import`, as a person would look at the screen.
///
/// ```swift
/// let xterm = try XtermSession(command: ["/path/to/image-grid", folder], columns: 120, rows: 40)
/// defer { xterm.close() }
/// let png = try xterm.screenshot()
/// try xterm.keys("Next")
/// ```
///
/// Needs `Xvfb`, `xterm`, `xdotool` and `import` on the PATH (Debian's
/// xvfb, xterm, xdotool and imagemagick); ``isAvailable`` says whether they are.
public final class XtermSession {
  /// The programs it needs.
  public static let programs = ["Xvfb", "xterm", "xdotool", "import"]

  /// Whether every program it needs is on the PATH.
  public static var isAvailable: Bool {
    programs.allSatisfy { name in
      (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
        access("\($0)/\(name)", X_OK) == 0
      }
    }
  }

  /// The X display (`:93`).
  public let display: String
  /// The xterm's window id.
  public private(set) var window = ""
  private let server: pid_t
  private var terminal: pid_t = 0
  private let directory: String

  /// Starts an X server and an xterm of `columns` x `rows` cells (the
  /// `fixed` font) running `command` with `environment` (and `DISPLAY`).
  public init(command: [String], columns: Int, rows: Int, environment: [String: String] = [:], timeout: Double = 60) throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("termgrid-xterm-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // The server picks a free display and writes its number.
    let displayFile = directory + "/display"
    server = try Spawn.start(
      ["Xvfb", "-displayfd", "1", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"], output: displayFile)
    var number: String?
    try Self.wait(for: "Xvfb to start", timeout: timeout) {
      let text = (try? String(contentsOfFile: displayFile, encoding: .utf8)) ?? ""
      // (Its messages go to the same file: the number is the line of digits alone.)
      number = text.split(whereSeparator: \.isNewline).map(String.init).first { Int($0) != nil }
      return number != nil
    }
    display = ":" + number!
    var env = environment
    env["DISPLAY"] = display
    env["PATH"] = env["PATH"] ?? "/usr/bin:/bin"
    terminal = try Spawn.start(
      [
        "xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
        "-xrm", "XTerm*allowSendEvents: true", "-fn", "fixed", "-geometry", "\(columns)x\(rows)+0+0", "-e",
      ] + command, environment: env, output: directory + "/xterm.log")
    var found = ""
    let log = directory + "/xterm.log"
    let terminal = terminal
    try Self.wait(for: "the xterm window", timeout: timeout) {
      var status: Int32 = 0
      if waitpid(terminal, &status, WNOHANG) == terminal {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw TmuxSession.Failure(description: "xterm ended (status \(status)) before its window showed: \(text)")
      }
      found = (try? xdotool(["search", "--class", "xterm"]))?.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
      return !found.isEmpty
    }
    window = found
  }

  private var isClosed = false

  /// Ends the xterm and the X server.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    // Asked to end (the X server then removes its lock and socket), and killed if it does not within 5 s.
    for pid in [terminal, server] where pid > 0 {
      kill(pid, SIGTERM)
      var status: Int32 = 0
      var ended = false
      for _ in 0..<50 where !ended {
        let reaped = waitpid(pid, &status, WNOHANG)
        ended = reaped == pid || reaped < 0  // (< 0: already reaped, when it ended before its window showed)
        if !ended { usleep(100_000) }
      }
      if !ended {
        kill(pid, SIGKILL)
        _ = Spawn.wait(pid)
      }
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  deinit { close() }

  /// Runs `xdotool` on this display; returns what it printed.
  @discardableResult
  public func xdotool(_ arguments: [String]) throws -> String {
    let result = try Spawn.run(["xdotool"] + arguments, environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"])
    guard result.status == 0 else {
      throw TmuxSession.Failure(description: "xdotool \(arguments.joined(separator: " ")): \(result.output)")
    }
    return result.output
  }

  /// Sends keys by their X names (`Next` is PgDn, `Return`, `Escape`, `ctrl+l`, `q`).
  public func keys(_ keys: String...) throws {
    for key in keys { try xdotool(["key", "--window", window, key]) }
  }

  /// Resizes the window to `columns` x `rows` cells.
  public func resize(columns: Int, rows: Int) throws {
    try xdotool(["windowsize", "--usehints", window, "\(columns)", "\(rows)"])
  }

  /// The window's size in pixels.
  public func pixelSize() throws -> (width: Int, height: Int) {
    let text = try xdotool(["getwindowgeometry", window])
    guard let line = text.split(whereSeparator: \.isNewline).first(where: { $0.contains("Geometry:") }),
      let size = line.split(separator: " ").last, let x = size.firstIndex(of: "x"),
      let w = Int(size[..<x]), let h = Int(size[size.index(after: x)...])
    else { throw TmuxSession.Failure(description: "no geometry in: \(text)") }
    return (w, h)
  }

  /// A screenshot of the window, as a PNG file's bytes (asked again while
  /// the X server is busy for a moment).
  public func screenshot() throws -> [UInt8] {
    let file = directory + "/shot-\(UInt32.random(in: 0...UInt32.max)).png"
    defer { unlink(file) }
    // A busy X server can refuse the image for a moment ("Resource
    // temporarily unavailable", seen under a CI run's load): ask again,
    // for up to 20 s, before calling it a failure.
    let deadline = Date().addingTimeInterval(20)
    var pause: useconds_t = 100_000
    while true {
      let result = try Spawn.run(["import", "-window", window, file], environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"])
      if result.status == 0, let data = FileManager.default.contents(atPath: file) { return Array(data) }
      guard result.output.contains("temporarily unavailable"), Date() < deadline else {
        throw TmuxSession.Failure(description: "import: \(result.output)")
      }
      usleep(pause)
      pause = min(pause * 2, 2_000_000)
    }
  }

  /// The CPU time (in clock ticks, all its threads) of the program the
  /// xterm runs, or nil when it has ended: a program whose pictures are
  /// still being made in the background uses CPU while its screen stays
  /// the same.
  public func programCPUTicks() -> Int? {
    ChildProcess.cpuTicks(ofFirstChildOf: String(terminal))
  }

  /// What the xterm wrote to its log (its errors).
  public var log: String { (try? String(contentsOfFile: directory + "/xterm.log", encoding: .utf8)) ?? "" }

  /// Polls `condition` every 0.1 s until it holds, for at most `timeout` seconds.
  public static func wait(for what: String, timeout: Double, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if try condition() { return }
      guard Date() < deadline else { throw TmuxSession.Failure(description: "timed out waiting for \(what)") }
      usleep(100_000)
    }
  }
}
