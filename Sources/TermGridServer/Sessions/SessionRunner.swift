import Foundation
import GridPlatform
import Logging
import TermGrid

/// One viewer's running app: two pipes (what the viewer types, what the app
/// draws) and the thread the app's ``Session`` runs on, on a
/// <doc:/CursesTerminal/StreamTerminal> with the viewer's terminal type,
/// size and variables. The session's scene is made on its thread by the
/// app's factory.
final class SessionRunner: Sendable {
  /// The descriptor the server reads the app's output from (the pump owns it once started).
  let serverReads: Int32
  /// The descriptor the server writes the viewer's input to (the pump owns it once started).
  let serverWrites: Int32
  private let appReads: Int32
  private let appWrites: Int32
  private let session: ServedSession
  private let size: SizeRelay
  private let server: ServerContext
  private let logger: Logger

  /// The terminal type written when the viewer's has no usable description here.
  static let fallbackTerm = "xterm-256color"

  /// Pipes for a session (nothing runs until ``start()``).
  init(session: ServedSession, size: SizeRelay, server: ServerContext, logger: Logger) throws {
    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    guard pipe(&input) == 0 else { throw ServerError.cannotCreatePipe(errno: errno) }
    guard pipe(&output) == 0 else {
      let error = errno
      close(input[0])
      close(input[1])
      throw ServerError.cannotCreatePipe(errno: error)
    }
    for fd in input + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    #if os(Linux)
      // A frame of a large screen in the pipe's buffer (F_SETPIPE_SZ, which
      // Glibc's module does not export): the app blocks only when the
      // viewer really is behind.
      _ = fcntl(output[1], 1031, 256 * 1024)
    #endif
    (appReads, serverWrites) = (input[0], input[1])
    (serverReads, appWrites) = (output[0], output[1])
    self.session = session
    self.size = size
    self.server = server
    self.logger = logger
  }

  /// Runs the app on a thread of its own, until it quits or its input ends;
  /// then its pipes close (which ends the viewer's channel).
  func start() {
    let thread = Thread { [self] in
      run()
      close(appReads)
      close(appWrites)
      server.gate.closeSession()
    }
    thread.name = "termgrid session \(session.id)"
    thread.start()
  }

  /// Gives the pipes back unused (the session could not start).
  func abandon() {
    for fd in [appReads, appWrites, serverReads, serverWrites] { close(fd) }
    server.gate.closeSession()
  }

  private func run() {
    do {
      let scene = try server.makeScene(session)
      var environment = session.environment
      environment["TERM"] = session.term
      let now = size.size
      let running: Session
      do {
        running = try Session(
          scene: scene, input: appReads, output: appWrites, term: session.term, width: now.columns, height: now.rows,
          cellPixelSize: now.cellPixelSize, environment: environment)
      } catch StreamTerminalError.unknownTerminal, StreamTerminalError.unsuitableTerminal {
        // A terminal type this machine has no usable description of (a
        // new terminal's own TERM, say): written as xterm-256color, which
        // nearly every terminal understands, rather than turned away.
        logger.notice("no usable terminfo description of \(session.term): writing xterm-256color")
        environment["TERM"] = Self.fallbackTerm
        running = try Session(
          scene: scene, input: appReads, output: appWrites, term: Self.fallbackTerm, width: now.columns,
          height: now.rows, cellPixelSize: now.cellPixelSize, environment: environment)
      }
      if let terminal = running.terminal as? StreamTerminal { size.attach(terminal.resizeHandler) }
      try running.run()
    } catch {
      logger.error("session failed: \(error)")
    }
  }
}
