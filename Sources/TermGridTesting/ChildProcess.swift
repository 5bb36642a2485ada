/// What Linux's /proc says of the program a process started: how a
/// terminal session in a test sees the app it runs.
enum ChildProcess {
  /// The CPU time (user + system, in clock ticks, all its threads) of the
  /// first child of process `parent`, or nil when it has none.
  static func cpuTicks(ofFirstChildOf parent: String) -> Int? {
    guard let children = try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8),
      let child = children.split(separator: " ").first,
      let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command name: state is field 3, utime 14 and stime 15 (1-based).
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
  }
}
