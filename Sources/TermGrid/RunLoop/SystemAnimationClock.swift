/// The monotonic system clock (`ContinuousClock`).
public final class SystemAnimationClock: AnimationClock {
  private let start = ContinuousClock.now
  /// Creates a clock that starts at 0 now.
  public init() {}
  /// Seconds since the clock was created.
  public var now: Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }
}
