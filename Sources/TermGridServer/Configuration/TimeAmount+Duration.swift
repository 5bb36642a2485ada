import NIOCore

extension TimeAmount {
  /// `duration` in NIO's terms (to the nanosecond; at most about 292 years).
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    self = .nanoseconds(overflow ? .max : whole &+ attoseconds / 1_000_000_000)
  }
}
