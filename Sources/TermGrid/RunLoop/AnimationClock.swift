/// Where animations read the time: the system's monotonic clock in an app,
/// a ``ManualAnimationClock`` in tests so frames can be stepped.
public protocol AnimationClock: AnyObject {
  /// Seconds since an arbitrary fixed start; never goes back.
  var now: Double { get }
}

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

/// A clock that moves only when told: animations in tests step frame by frame.
public final class ManualAnimationClock: AnimationClock {
  /// The current time in seconds.
  public private(set) var now: Double
  /// Creates a clock at `now` seconds.
  public init(now: Double = 0) { self.now = now }
  /// Moves the time forward by `seconds`.
  public func advance(by seconds: Double) { now += max(0, seconds) }
  /// Moves the time forward by `duration` (a [HeadlessTerminal](/documentation/termgridtesting/headlessterminal)'s
  /// `onWait` can be this method, so a run loop's waits pass time).
  public func advance(by duration: Duration) {
    let c = duration.components
    advance(by: Double(c.seconds) + Double(c.attoseconds) * 1e-18)
  }
}
