import Foundation
import GridPlatform

/// Runs a program and waits for it with posix_spawn and waitpid.
///
/// Foundation's `Process` notices a child's exit through a descriptor the
/// child inherits, so a child that leaves a daemon behind (the tmux server)
/// never looks finished; this does not have that problem.
public enum Spawn {
  /// How a program ended and what it wrote.
  public struct Result: Sendable {
    /// The exit status (128 + the signal's number when a signal ended it).
    public var status: Int32
    /// Its standard output and standard error, together.
    public var output: String
  }

  /// Runs a program to its end; standard input is /dev/null.
  public static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("termgrid-spawn-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path
    defer { unlink(outputPath) }
    let pid = try start(arguments, environment: environment, output: outputPath)
    let status = wait(pid)
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Result(status: exitStatus, output: output)
  }

  /// Starts a program with its output (and errors) going to `output`; returns its process id.
  public static func start(_ arguments: [String], environment: [String: String]? = nil, output: String = "/dev/null") throws
    -> pid_t
  {
    var actions = Platform.emptySpawnFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0)=\($1)" }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    // The child starts with no signal blocked and every signal at its default
    // (the test runner's threads block some, and a child inherits its mask).
    var attributes = Platform.emptySpawnAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    // Nothing else is inherited: a daemon left behind (the tmux server) must not
    // hold the test runner's pipes open.
    Platform.closeInheritedDescriptors(from: 3, actions: &actions, attributes: &attributes)
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    guard rc == 0 else { throw TmuxSession.Failure(description: "cannot run \(arguments[0]): error \(rc)") }
    return pid
  }

  /// Waits for a started program; returns waitpid's status.
  public static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status
  }
}
