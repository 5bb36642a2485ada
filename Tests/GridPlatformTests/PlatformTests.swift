import GridPlatform
import Testing

/// What GridPlatform hides behaves as the C library it stands for, here on
/// the system the tests run on: each member against a direct observation.
@Suite struct PlatformTests {
  /// A file whose times were set says them back, to the nanosecond.
  @Test func fileTimesAreTheOnesSet() throws {
    let path = "/tmp/termgrid-platform-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    try #require(fd >= 0)
    defer { unlink(path) }
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_234_567_890, tv_nsec: 987_654_321)]
    #expect(futimens(fd, &times) == 0)
    close(fd)
    var status = stat()
    try #require(stat(path, &status) == 0)
    let modified = Platform.modificationTime(of: status)
    #expect(modified.tv_sec == 1_234_567_890 && modified.tv_nsec == 987_654_321)
    #expect(Platform.nanoseconds(modified) == 1_234_567_890_987_654_321)
    // The status changed when the times were set: now, not the times given.
    #expect(Platform.statusChangeTime(of: status).tv_sec > 1_234_567_890)
  }

  /// The monotonic clock goes forward across a sleep, by at least the sleep.
  @Test func theMonotonicClockGoesForward() {
    let before = Platform.monotonicNanoseconds()
    usleep(20_000)
    #expect(Platform.monotonicNanoseconds() - before >= 20_000_000)
  }

  /// A variable set in the process is among the environment's entries.
  @Test func theEnvironmentHoldsWhatWasSet() {
    let name = "TERMGRID_PLATFORM_TEST_\(getpid())"
    setenv(name, "a=b c", 1)
    defer { unsetenv(name) }
    var entries: [String] = []
    var p = Platform.environmentEntries
    while let entry = p.pointee {
      entries.append(String(cString: entry))
      p += 1
    }
    #expect(entries.contains("\(name)=a=b c"))
  }

  /// Writing to a stream socket whose other end is closed fails with EPIPE
  /// and raises no SIGPIPE (which would end the test process).
  @Test func aClosedSocketGivesEPIPENotSIGPIPE() {
    var ends: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Platform.streamSocketType, 0, &ends) == 0)
    Platform.preventSIGPIPE(onSocket: ends[0])
    close(ends[1])
    defer { close(ends[0]) }
    let byte: [UInt8] = [0x41]
    let n = byte.withUnsafeBytes { send(ends[0], $0.baseAddress, 1, Platform.sendFlagsWithoutSIGPIPE) }
    let error = errno
    #expect(n == -1 && error == EPIPE)
  }

  /// A program started with the spawn helpers runs in the directory asked
  /// for and inherits no descriptor above standard error.
  @Test func aSpawnedProgramStartsWhereAskedWithNoExtraDescriptors() throws {
    let output = "/tmp/termgrid-platform-spawn-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { unlink(output) }
    // A descriptor of ours the child must not get (not close-on-exec).
    let extra = open("/dev/null", O_RDONLY)
    try #require(extra > 2)
    defer { close(extra) }
    var actions = Platform.emptySpawnFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = Platform.emptySpawnAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(Platform.changeDirectory(to: "/tmp", actions: &actions))
    let closes = Platform.closeInheritedDescriptors(from: 3, actions: &actions, attributes: &attributes)
    let script = "pwd; if [ -e /dev/fd/\(extra) ]; then echo inherited; else echo closed; fi"
    let arguments = ["/bin/sh", "-c", script]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    try #require(posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, nil) == 0)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let lines = try #require(readText(output)).split(separator: "\n")
    #expect(lines.first.map { $0.hasSuffix("/tmp") } == true)
    if closes { #expect(lines.last == "closed") }
  }

  /// Linux's /proc says a process's peak memory and that a stopped process
  /// is stopped; elsewhere nil.
  @Test func processFilesSayWhatTheSystemSays() throws {
    let arguments: [String] = ["/bin/sleep", "60"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    try #require(posix_spawn(&pid, "/bin/sleep", nil, nil, &argv, nil) == 0)
    defer {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    kill(pid, SIGSTOP)
    var status: Int32 = 0
    while waitpid(pid, &status, WUNTRACED) < 0 && errno == EINTR {}
    #if os(Linux)
      #expect((Platform.peakMemory(of: getpid()) ?? 0) > 1_000_000)
      #expect(Platform.schedulerState(of: pid)?.state == "T")
    #else
      #expect(Platform.peakMemory(of: getpid()) == nil)
      #expect(Platform.schedulerState(of: pid) == nil)
    #endif
    // No process has pid -1: nothing to say.
    #expect(Platform.peakMemory(of: -1) == nil)
    #expect(Platform.schedulerState(of: -1) == nil)
  }

  /// A small file's text, read with the C library.
  private func readText(_ path: String) -> String? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return n >= 0 ? String(decoding: bytes[..<n], as: UTF8.self) : nil
  }
}
