import CPty
import GridPlatform

/// A pseudo-terminal pair in the test's own process: a session runs on one
/// side (``appSide``), and the test plays the person's terminal on the other
/// (``userSide``): what it types there reaches the app as keys, and what the
/// app draws comes out there.
///
/// ```swift
/// let pty = try PseudoTerminal(columns: 80, rows: 24)
/// let appSide = pty.appSide
/// let thread = Thread {
///   do {
///     let session = try Session(
///       scene: Planets(layout: FlowLayout()), input: appSide, output: appSide,
///       term: "xterm-256color", width: 80, height: 24, environment: ["LANG": "C.UTF-8"])
///     try session.run()
///   } catch {
///     print("session: \(error)")
///   }
/// }
/// thread.start()
/// pty.type("\u{1B}[C")            // a Right arrow
/// let drawn = pty.readAvailable()  // what the app wrote so far
/// ```
///
/// Keep reading ``userSide`` while the app runs: a pseudo-terminal buffers a
/// few kilobytes, and an app whose output nobody reads blocks in its next
/// write. The pair is closed when the value is released (or by ``close()``);
/// closing it ends the session's input.
public final class PseudoTerminal {
  /// The system could not open a pseudo-terminal (for example, none are free).
  public struct CannotOpen: Error, CustomStringConvertible {
    /// What `openpty` said.
    public var description: String
  }

  /// The side that plays the person's terminal (the pair's controlling
  /// side): write keys to it, read what the app draws from it. Reads from
  /// it do not block.
  public let userSide: Int32
  /// The side the app runs on (the terminal device): give it to a
  /// `Session` or `StreamTerminal` as both input and output.
  public let appSide: Int32
  private var isOpen = true

  /// Opens a pseudo-terminal pair whose window is `columns` x `rows` (each
  /// kept between 1 and 65,535).
  public init(columns: Int, rows: Int) throws {
    var user: Int32 = -1
    var app: Int32 = -1
    let width = Int32(min(max(columns, 1), 65_535))
    let height = Int32(min(max(rows, 1), 65_535))
    guard cpty_open(&user, &app, width, height) == 0 else {
      throw CannotOpen(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    userSide = user
    appSide = app
    let flags = fcntl(userSide, F_GETFL)
    _ = fcntl(userSide, F_SETFL, flags | O_NONBLOCK)
  }

  deinit { close() }

  /// Closes both sides; the app's next read sees its input end. Calling it
  /// again does nothing.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    _ = GridPlatform.close(appSide)
    _ = GridPlatform.close(userSide)
  }

  /// Everything the app wrote since the last read, without waiting (empty
  /// when it wrote nothing).
  public func readAvailable() -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while isOpen {
      let count = read(userSide, &buffer, buffer.count)
      if count <= 0 { break }
      out += buffer[0..<count]
    }
    return out
  }

  /// Types `bytes` as the person's terminal would send them (all of them:
  /// a full buffer is waited out).
  public func type(_ bytes: [UInt8]) {
    var sent = 0
    while isOpen, sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { write(userSide, $0.baseAddress, $0.count) }
      if count > 0 {
        sent += count
      } else if count < 0, errno == EAGAIN || errno == EINTR {
        usleep(1_000)
      } else {
        return
      }
    }
  }

  /// Types `text` in UTF-8 (escape sequences included, e.g. `"\u{1B}[A"`
  /// for an Up arrow).
  public func type(_ text: String) { type(Array(text.utf8)) }

  /// Sets the window size the terminal device reports (what a terminal
  /// emulator does when its window changes). A `StreamTerminal` learns its
  /// size from its owner, so tell it too (its `resizeHandler`).
  @discardableResult
  public func setSize(columns: Int, rows: Int) -> Bool {
    cpty_set_winsize(userSide, Int32(min(max(columns, 1), 65_535)), Int32(min(max(rows, 1), 65_535))) == 0
  }
}
