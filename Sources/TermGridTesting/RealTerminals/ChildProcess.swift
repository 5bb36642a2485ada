import GridPlatform

/// What the system says of the program a process started: how a terminal
/// session in a test sees the app it runs (from Linux's /proc, through
/// GridPlatform; nil where the system does not say).
enum ChildProcess {
  /// The CPU time (user + system, in clock ticks, all its threads) of the
  /// first child of process `parent`, or nil when it has none.
  static func cpuTicks(ofFirstChildOf parent: String) -> Int? {
    pid_t(parent).flatMap(Platform.cpuTicks(ofFirstChildOf:))
  }
}
