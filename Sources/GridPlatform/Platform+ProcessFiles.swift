extension Platform {
  /// The CPU time (user + system, in clock ticks, all its threads) of the
  /// first child of process `parent`, or nil when it has none or the
  /// system does not say (Linux's `/proc` says; macOS has no `/proc`).
  public static func cpuTicks(ofFirstChildOf parent: pid_t) -> Int? {
    guard let children = processFile("/proc/\(parent)/task/\(parent)/children"),
      let child = children.split(separator: " ").first,
      let fields = statFields(of: String(child))
    else { return nil }
    // After the command name: state is field 3, utime 14 and stime 15 (1-based).
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
  }

  /// Where a process is in the scheduler, for a report on one that hangs:
  /// its state (R running, S sleeping, T stopped…) and the kernel function
  /// it waits in, from Linux's `/proc`; nil where the system does not say.
  public static func schedulerState(of process: pid_t) -> (state: String, waitingIn: String?)? {
    guard let state = statFields(of: "\(process)")?.first else { return nil }
    return (String(state), processFile("/proc/\(process)/wchan"))
  }

  /// A process's peak resident memory so far in bytes (`VmHWM` in Linux's
  /// `/proc`), or nil once it has ended or where the system does not say.
  public static func peakMemory(of process: pid_t) -> Int? {
    guard let status = processFile("/proc/\(process)/status") else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
    }
    return nil
  }

  /// The fields of `/proc/<pid>/stat` after the command name (which may
  /// hold spaces and parentheses): the state first.
  private static func statFields(of process: String) -> [Substring]? {
    guard let stat = processFile("/proc/\(process)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ")
  }

  /// A small file of `/proc` as text (they are a few kilobytes at most; this
  /// reads 64 KiB at most), or nil where it cannot be read.
  private static func processFile(_ path: String) -> String? {
    #if os(Linux)
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while bytes.count < 65_536 {
        let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { break }
        bytes += chunk[..<n]
      }
      return String(decoding: bytes, as: UTF8.self)
    #else
      return nil
    #endif
  }
}
