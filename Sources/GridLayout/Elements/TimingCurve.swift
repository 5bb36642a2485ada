/// How an animation's progress runs over its duration: maps the fraction of
/// time elapsed (0...1) to the fraction of the way travelled (0...1).
public enum TimingCurve: Hashable, Sendable {
  /// Constant speed.
  case linear
  /// Starts slowly, then speeds up (cubic).
  case easeIn
  /// Starts fast, then slows down (cubic): UIKit's default for updates.
  case easeOut
  /// Slow at both ends (cubic).
  case easeInOut

  /// The fraction of the way travelled after `t` of the time (clamped to 0...1).
  public func value(at t: Double) -> Double {
    let t = min(max(t, 0), 1)
    switch self {
    case .linear: return t
    case .easeIn: return t * t * t
    case .easeOut:
      let u = 1 - t
      return 1 - u * u * u
    case .easeInOut:
      if t < 0.5 { return 4 * t * t * t }
      let u = -2 * t + 2
      return 1 - u * u * u / 2
    }
  }
}
