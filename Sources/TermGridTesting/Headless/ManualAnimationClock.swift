import TermGrid

/// A clock that moves only when told: animations in tests step frame by frame.
public final class ManualAnimationClock: AnimationClock {
  /// The current time in seconds.
  public private(set) var now: Double
  /// Creates a clock at `now` seconds.
  public init(now: Double = 0) { self.now = now }
  /// Moves the time forward by `seconds`.
  public func advance(by seconds: Double) { now += max(0, seconds) }
  /// Moves the time forward by `duration` (a ``HeadlessTerminal``'s
  /// `onWait` can be this method, so a run loop's waits pass time).
  public func advance(by duration: Duration) {
    let c = duration.components
    advance(by: Double(c.seconds) + Double(c.attoseconds) * 1e-18)
  }
}
