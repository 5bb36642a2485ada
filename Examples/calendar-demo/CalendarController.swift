import TermGrid

/// The calendar demo: a week of events in a ``WeekCalendarLayout``. Arrows
/// move between events by geometry, PgUp/PgDn and the wheel scroll the day,
/// Enter shows the focused event in full, q or Esc quits.
final class CalendarController: CollectionViewController, WeekCalendarLayoutDataSource {
  let layout: WeekCalendarLayout
  /// The events of each day (0 = Monday), in start order.
  private(set) var days: [[CalendarEvent]]
  let sourceName: String
  let skipped: [SkippedEventRow]
  private var didScrollToMorning = false

  init(events: [CalendarEvent], sourceName: String, skipped: [SkippedEventRow] = [], rowsPerHour: Int = 2) {
    days = (0..<WeekCalendarLayout.days).map { d in
      events.filter { $0.day == d }.sorted { ($0.start, $0.end, $0.title) < ($1.start, $1.end, $1.title) }
    }
    self.sourceName = sourceName
    self.skipped = skipped
    layout = WeekCalendarLayout()
    layout.rowsPerHour = rowsPerHour
    super.init(layout: layout)
    layout.dataSource = self
    collectionView.allowsSelection = false
    quitKeys = ["q", Key(.escape)]
    collectionView.register(
      { [unowned collectionView] _ in
        .filled(with: collectionView.theme.asciiOnly ? "-" : "┈", style: Style(foreground: .brightBlack))
      }, forDecorationViewOfKind: WeekCalendarLayout.hourLineKind)
    collectionView.register({ _ in .filled(with: " ") }, forDecorationViewOfKind: WeekCalendarLayout.cornerKind)
    collectionView.reloadData()
    if let first = skipped.first {
      message = "\(skipped.count) row\(skipped.count == 1 ? "" : "s") skipped (line \(first.line): \(first.reason))"
    }
  }

  var eventCount: Int { days.reduce(0) { $0 + $1.count } }

  // MARK: data

  override func numberOfSections(in collectionView: CollectionView) -> Int { WeekCalendarLayout.days }

  override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    days[section].count
  }

  func weekCalendarLayout(_ layout: WeekCalendarLayout, eventAt indexPath: IndexPath) -> CalendarEvent {
    days[indexPath.section][indexPath.item]
  }

  override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    let event = days[indexPath.section][indexPath.item]
    let palette: [Color] = [.blue, .green, .magenta, .cyan, .yellow, .red]
    let colour = palette[(indexPath.section + indexPath.item) % palette.count]
    if layout.rows(from: event.start, to: event.end).count >= 3 {
      return ElementContent(
        title: event.title, titleLineLimit: 8, detail: event.span, border: .single, style: Style(foreground: colour),
        padding: 0)
    }
    // Too short for a box: a coloured block (the focus reverses it).
    return ElementContent(
      title: event.title, detail: event.span, style: Style(foreground: .black, background: colour), padding: 0)
  }

  override func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    if kind == WeekCalendarLayout.dayHeaderKind {
      let count = days[indexPath.section].count
      return ElementContent(
        title: "\(CalendarEvent.dayNames[indexPath.section]) (\(count))", alignment: .center,
        style: Style(attributes: [.reverse, .bold]), padding: 0)
    }
    return ElementContent(
      title: CalendarEvent.clock(indexPath.item * 60), style: Style(attributes: [.dim]), padding: 0)
  }

  /// Enter: the focused event in full in the status line.
  override func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    let e = days[indexPath.section][indexPath.item]
    message = "\(CalendarEvent.dayNames[e.day]) \(e.span) \(e.title)"
  }

  /// The first event at or after 08:00 (else the first of the week), and
  /// the day scrolled to 08:00, as calendars open.
  func scrollToMorning() {
    collectionView.layoutIfNeeded()
    let eight = layout.dayHeaderHeight + Double(8 * layout.rowsPerHour)
    collectionView.setContentOffset(Point(x: 0, y: eight - layout.dayHeaderHeight))
    var best: IndexPath?
    for (d, events) in days.enumerated() {
      if let i = events.firstIndex(where: { $0.start >= 8 * 60 }) {
        best = IndexPath(item: i, section: d)
        break
      }
    }
    if best == nil, let d = days.firstIndex(where: { !$0.isEmpty }) { best = IndexPath(item: 0, section: d) }
    if let best {
      collectionView.focusItem(at: best)
      message = skipped.isEmpty ? nil : message
    }
  }

  // MARK: controller

  /// The first frame opens the day at 08:00.
  override func viewDidLayout() {
    guard !didScrollToMorning else { return }
    didScrollToMorning = true
    let note = message
    scrollToMorning()
    if note != nil { message = note }
  }

  override var statusText: String {
    var text = "\(eventCount) event\(eventCount == 1 ? "" : "s") · \(sourceName)"
    if message == nil, let f = collectionView.focusedIndexPath {
      let e = days[f.section][f.item]
      text += " · \(CalendarEvent.dayNames[e.day]) \(e.span) \(e.title)"
    }
    return text
  }
  override var statusHints: [StatusHint] { ["Enter details", "? help", "q quit"] }
}
