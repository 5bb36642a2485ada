/// One event of the week: a day, a span of minutes and a title.
struct CalendarEvent: Hashable, Sendable {
  /// 0 = Monday ... 6 = Sunday.
  var day: Int
  /// Minutes since midnight, 0 ..< 1440.
  var start: Int
  /// Minutes since midnight, after `start`, at most 1440.
  var end: Int
  var title: String

  static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  static let minutesPerDay = 24 * 60

  /// "09:30".
  static func clock(_ minutes: Int) -> String {
    let h = minutes / 60
    let m = minutes % 60
    return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
  }

  /// "09:30–10:15".
  var span: String { "\(Self.clock(start))–\(Self.clock(end))" }
}
