import GridLayout
import GridRender
import TermGrid

/// The calendar demo: a week of events in a ``WeekCalendarLayout``. Arrows
/// move between events by geometry, PgUp/PgDn and the wheel scroll the day,
/// Enter shows the focused event in full, q quits.
final class CalendarScene: Scene, CollectionViewDataSource, CollectionViewDelegate, WeekCalendarLayoutDataSource {
  let collectionView: CollectionView
  let layout: WeekCalendarLayout
  /// The events of each day (0 = Monday), in start order.
  private(set) var days: [[CalendarEvent]]
  let sourceName: String
  let skipped: [SkippedEventRow]
  private(set) var message: String?
  private var dirty = true
  private var didScrollToMorning = false

  init(events: [CalendarEvent], sourceName: String, skipped: [SkippedEventRow] = [], rowsPerHour: Int = 2) {
    days = (0..<WeekCalendarLayout.days).map { d in
      events.filter { $0.day == d }.sorted { ($0.start, $0.end, $0.title) < ($1.start, $1.end, $1.title) }
    }
    self.sourceName = sourceName
    self.skipped = skipped
    layout = WeekCalendarLayout()
    layout.rowsPerHour = rowsPerHour
    collectionView = CollectionView(layout: layout)
    layout.dataSource = self
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.allowsSelection = false
    collectionView.drawsIncrementally = true
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

  var needsDisplay: Bool { dirty || collectionView.needsDisplay }
  var isAnimating: Bool { collectionView.isAnimating }
  var eventCount: Int { days.reduce(0) { $0 + $1.count } }

  // MARK: data

  func numberOfSections(in collectionView: CollectionView) -> Int { WeekCalendarLayout.days }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    days[section].count
  }

  func weekCalendarLayout(_ layout: WeekCalendarLayout, eventAt indexPath: IndexPath) -> CalendarEvent {
    days[indexPath.section][indexPath.item]
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellContent {
    let event = days[indexPath.section][indexPath.item]
    let palette: [Color] = [.blue, .green, .magenta, .cyan, .yellow, .red]
    let colour = palette[(indexPath.section + indexPath.item) % palette.count]
    if layout.rows(from: event.start, to: event.end).count >= 3 {
      return CellContent(
        title: event.title, titleLineLimit: 8, detail: event.span, border: .single, style: Style(foreground: colour),
        padding: 0)
    }
    // Too short for a box: a coloured block (the focus reverses it).
    return CellContent(
      title: event.title, detail: event.span, style: Style(foreground: .black, background: colour), padding: 0)
  }

  func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> CellContent {
    if kind == WeekCalendarLayout.dayHeaderKind {
      let count = days[indexPath.section].count
      return CellContent(
        title: "\(CalendarEvent.dayNames[indexPath.section]) (\(count))", alignment: .center,
        style: Style(attributes: [.reverse, .bold]), padding: 0)
    }
    return CellContent(
      title: CalendarEvent.clock(indexPath.item * 60), style: Style(attributes: [.dim]), padding: 0)
  }

  /// Enter: the focused event in full in the status line.
  func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    let e = days[indexPath.section][indexPath.item]
    message = "\(CalendarEvent.dayNames[e.day]) \(e.span) \(e.title)"
    dirty = true
  }

  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    message = nil
    dirty = true
  }

  /// The first event at or after 08:00 (else the first of the week), and
  /// the day scrolled to 08:00, as calendars open.
  func scrollToMorning() {
    collectionView.layoutIfNeeded()
    let eight = layout.dayHeaderHeight + Double(8 * layout.rowsPerHour)
    collectionView.setContentOffset(Point(x: 0, y: eight - layout.dayHeaderHeight))
    var best: IndexPath?
    for (d, events) in days.enumerated() {
      if let i = events.firstIndex(where: { $0.start >= 8 * 60 }) { best = IndexPath(item: i, section: d); break }
    }
    if best == nil, let d = days.firstIndex(where: { !$0.isEmpty }) { best = IndexPath(item: 0, section: d) }
    if let best {
      collectionView.focusItem(at: best)
      message = skipped.isEmpty ? nil : message
    }
  }

  // MARK: scene

  func handle(_ event: InputEvent) -> EventResult {
    switch event {
    case .key(let key):
      if key == .char("q") || key.code == .escape { return .quit }
      collectionView.handle(event)
    case .resize:
      dirty = true
    default:
      collectionView.handle(event)
    }
    return .continue
  }

  func draw(into surface: inout Surface) {
    dirty = false
    let w = surface.width
    let h = surface.height
    let bar = h >= 3
    collectionView.setFrame(CellRect(x: 0, y: 0, width: w, height: bar ? h - 1 : h))
    if !didScrollToMorning {
      didScrollToMorning = true
      let note = message
      scrollToMorning()
      if note != nil { message = note }
    }
    collectionView.draw(into: &surface)
    guard bar else { return }
    var left = " \(eventCount) event\(eventCount == 1 ? "" : "s") · \(sourceName)"
    if let message {
      left += " · \(message)"
    } else if let f = collectionView.focusedIndexPath {
      let e = days[f.section][f.item]
      left += " · \(CalendarEvent.dayNames[e.day]) \(e.span) \(e.title)"
    }
    surface.drawStatusLine(left, right: " Enter details  q quit ", y: h - 1, minimumLeft: 30)
  }
}
