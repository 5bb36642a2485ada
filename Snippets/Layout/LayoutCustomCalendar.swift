// A week calendar as a layout of your own, cut down from the calendar
// demo: days are columns after a column of hours, each half hour is a row,
// and each event is an item as tall as its time. Day headers stay pinned
// to the top edge while the day scrolls; a rule marks every hour.
import TermGrid

// snippet.hide
/// An event: minutes since midnight, and a title.
struct Event {
  var start: Int
  var end: Int
  var title: String
}

// snippet.show
// snippet.layout
/// Tells the layout when each event runs, in minutes since midnight.
protocol WeekLayoutDataSource: AnyObject {
  func weekLayout(_ layout: WeekLayout, minutesOfEventAt indexPath: IndexPath) -> Range<Int>
}

final class WeekLayout: CollectionLayout {
  static let dayHeaderKind: ElementKind = "day-header"  // supplementary, one per day (section)
  static let hourHeaderKind: ElementKind = "hour-header"  // supplementary, one per hour (item n of section 0)
  static let hourLineKind: ElementKind = "hour-line"  // decoration: a rule on each hour's first row
  static let cornerKind: ElementKind = "corner"  // decoration: the blank corner above the hours

  let rowsPerHour = 2
  let hourHeaderWidth = 6.0
  weak var dataSource: (any WeekLayoutDataSource)?

  /// For each day, the rows each of its events covers.
  private var eventRows: [[Range<Int>]] = []
  private var width = 0.0
  private var dayWidth = 0.0
  private var visibleTop = 0.0
  private(set) var contentSize = Size.zero

  // The data or the view's size changed: compute what the queries need.
  func prepare(for context: LayoutContext) {
    width = max(0, context.boundsSize.width)
    dayWidth = max(1, ((width - hourHeaderWidth) / 7).rounded(.down))
    contentSize = Size(width: width, height: 1 + Double(24 * rowsPerHour))  // the day-header row, then the day
    let minutesPerRow = 60 / rowsPerHour
    eventRows = (0..<context.numberOfSections).map { day in
      (0..<context.numberOfItems(inSection: day)).map { item in
        // Ask with the data's index path (it differs while an item is being moved).
        let path = context.dataIndexPath(for: IndexPath(item: item, section: day))
        let minutes = dataSource?.weekLayout(self, minutesOfEventAt: path) ?? 0..<minutesPerRow
        let first = minutes.lowerBound / minutesPerRow
        return first..<max(first + 1, (minutes.upperBound + minutesPerRow - 1) / minutesPerRow)
      }
    }
  }

  private func eventFrame(rows: Range<Int>, day: Int) -> Rect {
    Rect(
      x: hourHeaderWidth + Double(day) * dayWidth, y: 1 + Double(rows.lowerBound),
      width: max(1, dayWidth - 1), height: Double(rows.count))
  }

  private func dayHeader(_ day: Int) -> LayoutAttributes {
    var a = LayoutAttributes(
      forSupplementaryOfKind: Self.dayHeaderKind, at: IndexPath(item: 0, section: day),
      frame: Rect(x: hourHeaderWidth + Double(day) * dayWidth, y: visibleTop, width: dayWidth, height: 1))
    a.zIndex = 100  // pinned above the events that scroll under it
    return a
  }

  private func hourHeader(_ hour: Int) -> LayoutAttributes {
    LayoutAttributes(
      forSupplementaryOfKind: Self.hourHeaderKind, at: IndexPath(item: hour, section: 0),
      frame: Rect(x: 0, y: 1 + Double(hour * rowsPerHour), width: hourHeaderWidth, height: Double(rowsPerHour)))
  }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard eventRows.indices.contains(indexPath.section),
      eventRows[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    let rows = eventRows[indexPath.section][indexPath.item]
    return LayoutAttributes(forItemAt: indexPath, frame: eventFrame(rows: rows, day: indexPath.section))
  }

  func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    if kind == Self.dayHeaderKind, eventRows.indices.contains(indexPath.section) { return dayHeader(indexPath.section) }
    if kind == Self.hourHeaderKind, indexPath.section == 0, (0..<24).contains(indexPath.item) {
      return hourHeader(indexPath.item)
    }
    return nil
  }

  // Everything whose frame meets `rect`, and nothing else.
  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    // Hours by arithmetic: only those whose rows meet the rect.
    let firstHour = max(0, Int(((rect.minY - 1) / Double(rowsPerHour)).rounded(.down)))
    let endHour = min(24, Int(((rect.maxY - 1) / Double(rowsPerHour)).rounded(.up)))
    for hour in firstHour..<max(firstHour, endHour) {
      var rule = LayoutAttributes(
        forDecorationOfKind: Self.hourLineKind, at: IndexPath(item: hour, section: 0),
        frame: Rect(x: hourHeaderWidth, y: 1 + Double(hour * rowsPerHour), width: width - hourHeaderWidth, height: 1))
      rule.zIndex = -1  // behind the events
      for a in [rule, hourHeader(hour)] where a.frame.intersects(rect) { result.append(a) }
    }
    // The events of every day (the demo keeps a per-row index instead, so
    // that a query looks only at the events it returns).
    for (day, rows) in eventRows.enumerated() {
      for (item, span) in rows.enumerated() {
        let frame = eventFrame(rows: span, day: day)
        if frame.intersects(rect) { result.append(LayoutAttributes(forItemAt: IndexPath(item: item, section: day), frame: frame)) }
      }
    }
    // The pinned band: the corner and the day headers, at the visible top.
    var corner = LayoutAttributes(
      forDecorationOfKind: Self.cornerKind, at: IndexPath(item: 0, section: 0),
      frame: Rect(x: 0, y: visibleTop, width: hourHeaderWidth, height: 1))
    corner.zIndex = 100
    for a in [corner] + eventRows.indices.map({ dayHeader($0) }) where a.frame.intersects(rect) { result.append(a) }
    return result
  }

  // The day headers follow the scroll: ask to be told of every new top edge.
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { newBounds.minY != visibleTop }

  func invalidateLayout(forBoundsChange newBounds: Rect) { visibleTop = max(0, newBounds.minY) }
}
// snippet.end

// snippet.navigation
// The arrows as a calendar is read (a layout's own navigation): Up and Down
// go to the day's previous and next event, Left and Right to the event
// nearest in time on the next day that has one, however far up or down.
extension WeekLayout {
  func targetIndexPath(forFocusMovingFrom indexPath: IndexPath, in direction: FocusDirection, context: FocusMoveContext)
    -> IndexPath?
  {
    let (day, step) = (indexPath.section, direction == .down || direction == .right ? 1 : -1)
    guard eventRows.indices.contains(day), eventRows[day].indices.contains(indexPath.item) else { return nil }
    if direction == .up || direction == .down {
      return stride(from: indexPath.item + step, to: step > 0 ? eventRows[day].count : -1, by: step)
        .map { IndexPath(item: $0, section: day) }
        .first { context.canFocusItem(at: $0) }  // items the delegate refuses are passed over
    }
    let rows = eventRows[day][indexPath.item]
    let gap = { (r: Range<Int>) in max(0, r.lowerBound - rows.upperBound, rows.lowerBound - r.upperBound) }
    for other in stride(from: day + step, to: step > 0 ? eventRows.count : -1, by: step) {
      let events = eventRows[other].indices.map { IndexPath(item: $0, section: other) }.filter { context.canFocusItem(at: $0) }
      if let nearest = events.min(by: { gap(eventRows[other][$0.item]) < gap(eventRows[other][$1.item]) }) { return nearest }
    }
    return nil
  }
}
// snippet.end

// snippet.controller
final class Week: CollectionViewController, WeekLayoutDataSource {
  static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  // snippet.hide
  var days: [[Event]] = [
    [Event(start: 540, end: 555, title: "Stand-up"), Event(start: 600, end: 720, title: "Design review")],
    [Event(start: 540, end: 555, title: "Stand-up"), Event(start: 840, end: 960, title: "Pairing")],
    [Event(start: 540, end: 555, title: "Stand-up")],
    [Event(start: 780, end: 840, title: "Lunch talk")],
    [Event(start: 540, end: 555, title: "Stand-up"), Event(start: 1020, end: 1080, title: "Retro")],
    [],
    [Event(start: 600, end: 690, title: "Long run")],
  ]
  // snippet.show

  init() {
    let layout = WeekLayout()
    super.init(layout: layout)
    layout.dataSource = self
    // Decorations come from the layout; the view draws the kinds it has a drawer for.
    collectionView.register(
      { _ in .filled(with: "┈", style: Style(foreground: .brightBlack)) }, forDecorationViewOfKind: WeekLayout.hourLineKind)
    collectionView.register({ _ in .filled(with: " ") }, forDecorationViewOfKind: WeekLayout.cornerKind)
  }

  func weekLayout(_ layout: WeekLayout, minutesOfEventAt indexPath: IndexPath) -> Range<Int> {
    let event = days[indexPath.section][indexPath.item]
    return event.start..<event.end
  }

  override func numberOfSections(in _: CollectionView) -> Int { 7 }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int {
    days[section].count
  }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: days[indexPath.section][indexPath.item].title, style: Style(foreground: .black, background: .cyan))
  }

  // Both kinds of header come from the data source, by kind.
  override func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    if kind == WeekLayout.dayHeaderKind {
      return ElementContent(
        title: Self.dayNames[indexPath.section], alignment: .center, style: Style(attributes: [.reverse]), padding: 0)
    }
    let hour = indexPath.item
    return ElementContent(title: (hour < 10 ? "0" : "") + "\(hour):00", style: Style(attributes: [.dim]), padding: 0)
  }
}
// snippet.end

// snippet.query
// A layout is geometry: prepare it and ask it questions without a terminal.
let week = WeekLayout()
week.prepare(for: LayoutContext(itemCounts: [1, 0, 0, 0, 0, 0, 0], boundsSize: Size(width: 76, height: 20)))
let firstScreen = week.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 76, height: 20))
let event = week.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
// snippet.end

// snippet.hide
precondition(event?.frame == Rect(x: 6, y: 1, width: 9, height: 1))
precondition(firstScreen.contains { $0.category == .item } && firstScreen.contains { $0.kind == WeekLayout.dayHeaderKind })
// Monday's event, then Wednesday's two: Right passes over Tuesday to the nearest in time.
let sample = Week()
sample.days =
  [[Event(start: 540, end: 600, title: "a")], [], [Event(start: 60, end: 90, title: "b"), Event(start: 1200, end: 1260, title: "c")]]
  + [[Event]](repeating: [], count: 4)
let navigating = WeekLayout()
navigating.dataSource = sample
navigating.prepare(for: LayoutContext(itemCounts: sample.days.map(\.count), boundsSize: Size(width: 76, height: 20)))
let screen = FocusMoveContext(visibleRect: Rect(x: 0, y: 0, width: 76, height: 20))
precondition(
  navigating.targetIndexPath(forFocusMovingFrom: IndexPath(item: 0, section: 0), in: .right, context: screen)
    == IndexPath(item: 0, section: 2))
precondition(
  navigating.targetIndexPath(forFocusMovingFrom: IndexPath(item: 0, section: 2), in: .down, context: screen)
    == IndexPath(item: 1, section: 2))
precondition(
  navigating.targetIndexPath(forFocusMovingFrom: IndexPath(item: 1, section: 2), in: .left, context: screen)
    == IndexPath(item: 0, section: 0))
if CommandLine.arguments.count > 1 {
  Application.run(Week())
}
