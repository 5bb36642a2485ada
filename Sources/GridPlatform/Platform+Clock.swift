extension Platform {
  /// Nanoseconds on a clock that only goes forward (not the wall clock):
  /// for measuring how long something took.
  public static func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    #if canImport(Darwin)
      // CLOCK_UPTIME_RAW stops while the machine sleeps, like Linux's CLOCK_MONOTONIC.
      clock_gettime(CLOCK_UPTIME_RAW, &time)
    #else
      clock_gettime(CLOCK_MONOTONIC, &time)
    #endif
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
