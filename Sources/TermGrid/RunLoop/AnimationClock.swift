/// Where animations read the time: the system's monotonic clock in an app,
/// a [ManualAnimationClock](/documentation/termgridtesting/manualanimationclock)
/// of TermGridTesting in tests so frames can be stepped.
public protocol AnimationClock: AnyObject {
  /// Seconds since an arbitrary fixed start; never goes back.
  var now: Double { get }
}
