import CPty
import Foundation
import GridPlatform

/// A program running on a pseudo-terminal of its own, in a session of its
/// own (the terminal is its controlling terminal, so Ctrl-C, Ctrl-Z and
/// window-size changes reach it as they would in a real terminal): a test
/// writes bytes as keys, resizes the window, sends signals, and reads
/// everything the program writes.
public final class PseudoTerminalSession {
  /// Could not open a pseudo-terminal or start the program.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed.
    public var description: String
  }

  /// The program's process id.
  public let pid: pid_t
  private let master: Int32
  /// Everything the program wrote so far.
  public private(set) var output: [UInt8] = []
  /// How the program ended (waitpid's status), once it has.
  public private(set) var exitStatus: Int32?

  /// Starts `arguments` on a new pseudo-terminal of `columns` x `rows` with
  /// `environment`, in `directory`; with `windowPixels`, the window's size
  /// in pixels is filled in too (0 to 65,535 each way), as a graphical
  /// terminal fills it in.
  public init(
    _ arguments: [String], columns: Int, rows: Int, environment: [String: String], directory: String? = nil,
    windowPixels: (width: Int, height: Int)? = nil
  ) throws {
    var m: Int32 = -1
    var slave: Int32 = -1
    guard cpty_open(&m, &slave, Int32(columns), Int32(rows)) == 0, let name = ttyname(slave) else {
      throw Failure(description: "cannot open a pseudo-terminal")
    }
    if let pixels = windowPixels {
      _ = cpty_set_winsize_pixels(
        m, Int32(clamping: columns), Int32(clamping: rows), Int32(clamping: pixels.width), Int32(clamping: pixels.height))
    }
    // The child opens the terminal by name, in its new session, so it becomes its controlling terminal.
    let slavePath = String(cString: name)
    close(slave)
    master = m
    let flags = fcntl(master, F_GETFL)
    _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)

    var attributes = Platform.emptySpawnAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A session of its own: opening the terminal makes it the controlling one.
    posix_spawnattr_setflags(&attributes, cpty_spawn_setsid() | Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var actions = Platform.emptySpawnFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawn_file_actions_addclose(&actions, master)
    if let directory { Platform.changeDirectory(to: directory, actions: &actions) }
    let env = environment.map { "\($0)=\($1)" }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    var child: pid_t = 0
    let rc = posix_spawn(&child, arguments[0], &actions, &attributes, &argv, &envp)
    guard rc == 0 else {
      close(master)
      throw Failure(description: "cannot start \(arguments[0]): error \(rc)")
    }
    pid = child
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      _ = waitForExit(timeout: 5)
    }
    close(master)
  }

  /// Writes `bytes` as typed input (waiting while the terminal's buffer is full).
  public func type(_ bytes: [UInt8]) {
    var offset = 0
    var tries = 0
    while offset < bytes.count && tries < 2_000 {
      let n = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if n > 0 {
        offset += n
      } else {
        drain()
        usleep(1_000)
        tries += 1
      }
    }
  }

  /// The terminal's modes as the program left them (tcgetattr on the
  /// master side), or nil.
  public var modes: termios? {
    var t = termios()
    return tcgetattr(master, &t) == 0 ? t : nil
  }

  /// Changes the window size; the program gets SIGWINCH.
  public func resize(columns: Int, rows: Int) {
    _ = cpty_set_winsize(master, Int32(clamping: columns), Int32(clamping: rows))
  }

  /// Changes the window size with its size in pixels; the program gets SIGWINCH.
  public func resize(columns: Int, rows: Int, pixels: (width: Int, height: Int)) {
    _ = cpty_set_winsize_pixels(
      master, Int32(clamping: columns), Int32(clamping: rows), Int32(clamping: pixels.width), Int32(clamping: pixels.height))
  }

  /// The program's peak memory so far (`VmHWM` in Linux's `/proc`, in
  /// bytes), or nil once it has ended or where the system does not say.
  public var peakMemory: Int? { Platform.peakMemory(of: pid) }

  /// Sends a signal to the program.
  public func signal(_ sig: Int32) { kill(pid, sig) }

  /// Reads what the program has written (without waiting).
  @discardableResult
  public func drain() -> Int {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var total = 0
    while true {
      let n = read(master, &buffer, buffer.count)
      if n <= 0 { break }
      output += buffer[0..<n]
      total += n
    }
    return total
  }

  /// After the program ended: reads until the terminal reports its other
  /// side closed (what the program wrote last may still be on its way from
  /// the terminal's buffers; a read that finds nothing yet is not the end),
  /// at most a second.
  private func drainToTheEnd() {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let deadline = Date().addingTimeInterval(1)
    while Date() < deadline {
      let n = read(master, &buffer, buffer.count)
      if n > 0 {
        output += buffer[0..<n]
      } else if n < 0 && (errno == EAGAIN || errno == EINTR) {
        usleep(1_000)
      } else {
        return  // EIO or end of file: nothing more will come
      }
    }
  }

  /// Whether the program has ended (reaping it when it has).
  public var hasExited: Bool {
    if exitStatus != nil { return true }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid {
      exitStatus = status
      drainToTheEnd()
      return true
    }
    return false
  }

  /// Waits up to `timeout` seconds for the program to end, reading its
  /// output; returns waitpid's status, or nil if it is still running.
  @discardableResult
  public func waitForExit(timeout: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      drain()
      if hasExited { return exitStatus }
      usleep(5_000)
    }
    return nil
  }

  /// The signal that ended the program, if a signal did.
  public var terminatingSignal: Int32? {
    guard let s = exitStatus, s & 0x7f != 0, s & 0x7f != 0x7f else { return nil }
    return s & 0x7f
  }

  /// The exit status, if the program exited.
  public var exitCode: Int32? {
    guard let s = exitStatus, s & 0x7f == 0 else { return nil }
    return (s >> 8) & 0xff
  }
}
