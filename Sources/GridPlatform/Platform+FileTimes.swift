extension Platform {
  /// When a file's contents last changed, from its `stat`
  /// (`st_mtim` on Linux, `st_mtimespec` on macOS).
  public static func modificationTime(of status: stat) -> timespec {
    #if canImport(Darwin)
      status.st_mtimespec
    #else
      status.st_mtim
    #endif
  }

  /// When a file's status (its contents, name, owner or mode) last changed,
  /// from its `stat` (`st_ctim` on Linux, `st_ctimespec` on macOS).
  public static func statusChangeTime(of status: stat) -> timespec {
    #if canImport(Darwin)
      status.st_ctimespec
    #else
      status.st_ctim
    #endif
  }

  /// A time as nanoseconds since its epoch.
  public static func nanoseconds(_ time: timespec) -> Int64 {
    Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
