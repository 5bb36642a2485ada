import GridLayout

/// Where the week's events are, for the layout: each day's events (a
/// section per day, in start order) and their spans.
protocol WeekCalendarLayoutDataSource: AnyObject {
  /// The event at `indexPath` (section: the day, 0 = Monday).
  func weekCalendarLayout(_ layout: WeekCalendarLayout, eventAt indexPath: IndexPath) -> CalendarEvent
}

/// The seed's week calendar in cells: days as columns after a column of hour
/// headers, hours as rows (``rowsPerHour`` rows each), the content as tall
/// as the whole day. Events are items whose frames come from their start
/// and end; events that overlap share their day's width in lanes.
///
/// Two supplementary kinds: ``dayHeaderKind`` along the top (one per day,
/// pinned to the top edge while scrolling) and ``hourHeaderKind`` down the
/// side (one per hour). Two decoration kinds: ``hourLineKind`` (a rule on
/// each hour's first row, behind the events) and ``cornerKind`` (the blank
/// corner above the hours, pinned with the day headers).
///
/// `layoutAttributesForElements(in:)` returns only what meets the rect:
/// days and hours by arithmetic, events through a per-day index of the
/// events under each row plus the events starting in each row, so a query
/// costs O(log n + k) without scanning the week.
final class WeekCalendarLayout: CollectionLayout {
  static let dayHeaderKind: ElementKind = "day-header"
  static let hourHeaderKind: ElementKind = "hour-header"
  static let hourLineKind: ElementKind = "hour-line"
  static let cornerKind: ElementKind = "corner"
  static let days = 7
  static let hours = 24

  /// Rows per hour (2: a row is half an hour).
  var rowsPerHour = 2
  /// The width of the hour header column.
  var hourHeaderWidth = 6.0
  /// The height of the day header row.
  var dayHeaderHeight = 1.0
  /// The zIndex of the pinned headers, above the events.
  var headerZIndex = 100
  weak var dataSource: (any WeekCalendarLayoutDataSource)?

  /// One day's events as the layout needs them.
  struct Day {
    /// Each event's first row and its end row (exclusive), and its lane and
    /// the number of lanes of its group of overlapping events.
    var rows: [Range<Int>] = []
    var lanes: [(lane: Int, of: Int)] = []
    /// `covering[r]`: the events that run through row r and started before it.
    var covering: [[Int]] = []
    /// `starts[r]`: the events starting in row r (events are in start order,
    /// so this is a range of their indexes).
    var starts: [Range<Int>] = []
  }

  private(set) var week: [Day] = []
  private var width = 0.0
  private var visibleTop = 0.0
  /// The width of one day's column.
  private(set) var dayWidth = 0.0
  private(set) var contentSize = Size.zero

  /// The number of rows in a day.
  var rowCount: Int { Self.hours * rowsPerHour }
  /// The minutes one row stands for.
  var minutesPerRow: Int { 60 / rowsPerHour }

  /// The rows an event covers: from the row its start falls in to the row
  /// its end falls in (exclusive; an end on a row boundary ends there).
  func rows(from start: Int, to end: Int) -> Range<Int> {
    let first = start / minutesPerRow
    let last = max(first + 1, (end + minutesPerRow - 1) / minutesPerRow)
    return first..<min(last, rowCount)
  }

  func prepare(for context: LayoutContext) {
    width = max(0, context.boundsSize.width)
    dayWidth = max(1, ((width - hourHeaderWidth) / Double(Self.days)).rounded(.down))
    contentSize = Size(width: width, height: dayHeaderHeight + Double(rowCount))
    week = (0..<Self.days).map { d in
      let count = context.numberOfItems(inSection: d)
      var day = Day()
      day.covering = [[Int]](repeating: [], count: rowCount)
      day.starts = [Range<Int>](repeating: 0..<0, count: rowCount)
      day.rows.reserveCapacity(count)
      for i in 0..<count {
        let e = dataSource?.weekCalendarLayout(self, eventAt: IndexPath(item: i, section: d))
        let r = rows(from: e?.start ?? 0, to: e?.end ?? minutesPerRow)
        day.rows.append(r)
        for row in r.dropFirst() { day.covering[row].append(i) }
        let s = day.starts[r.lowerBound]
        day.starts[r.lowerBound] = s.isEmpty ? i..<(i + 1) : s.lowerBound..<(i + 1)
      }
      day.lanes = Self.lanes(day.rows)
      return day
    }
  }

  /// Lanes for events in start order: a group of events that overlap one
  /// another (directly or through others) shares the width; each event takes
  /// the first lane free at its start.
  static func lanes(_ rows: [Range<Int>]) -> [(lane: Int, of: Int)] {
    var result = [(lane: Int, of: Int)](repeating: (0, 1), count: rows.count)
    var group: [Int] = []
    var laneEnds: [Int] = []
    var groupEnd = Int.min
    func close() {
      for i in group { result[i].of = laneEnds.count }
      group.removeAll()
      laneEnds.removeAll()
    }
    for (i, r) in rows.enumerated() {
      if r.lowerBound >= groupEnd { close() }
      if let free = laneEnds.firstIndex(where: { $0 <= r.lowerBound }) {
        laneEnds[free] = r.upperBound
        result[i].lane = free
      } else {
        laneEnds.append(r.upperBound)
        result[i].lane = laneEnds.count - 1
      }
      group.append(i)
      groupEnd = max(groupEnd, r.upperBound)
    }
    close()
    return result
  }

  /// The x of a day's column.
  func dayX(_ day: Int) -> Double { hourHeaderWidth + Double(day) * dayWidth }

  private func frame(ofEvent i: Int, day d: Int) -> Rect {
    let r = week[d].rows[i]
    let (lane, lanes) = week[d].lanes[i]
    // One cell between days; lanes split the rest (the first ones a cell
    // wider). More lanes than cells: they overlap, still within the day.
    let usable = max(1, dayWidth - 1)
    let share = usable / Double(lanes)
    let start = min(usable - 1, (Double(lane) * share).rounded(.up))
    let end = min(usable, (Double(lane + 1) * share).rounded(.up))
    let x = dayX(d) + start
    let w = max(1, end - start)
    return Rect(x: x, y: dayHeaderHeight + Double(r.lowerBound), width: w, height: Double(r.count))
  }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < week.count, indexPath.item >= 0,
      indexPath.item < week[indexPath.section].rows.count
    else { return nil }
    return LayoutAttributes(forItemAt: indexPath, frame: frame(ofEvent: indexPath.item, day: indexPath.section))
  }

  func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
    if kind == Self.dayHeaderKind, indexPath.section >= 0, indexPath.section < Self.days {
      return dayHeader(indexPath.section)
    }
    if kind == Self.hourHeaderKind, indexPath.item >= 0, indexPath.item < Self.hours {
      return hourHeader(indexPath.item)
    }
    return nil
  }

  private func dayHeader(_ d: Int) -> LayoutAttributes {
    var a = LayoutAttributes(
      forSupplementaryOfKind: Self.dayHeaderKind, at: IndexPath(item: 0, section: d),
      frame: Rect(x: dayX(d), y: visibleTop, width: d == Self.days - 1 ? width - dayX(d) : dayWidth, height: dayHeaderHeight))
    a.zIndex = headerZIndex
    return a
  }

  private func hourHeader(_ h: Int) -> LayoutAttributes {
    LayoutAttributes(
      forSupplementaryOfKind: Self.hourHeaderKind, at: IndexPath(item: h, section: 0),
      frame: Rect(x: 0, y: dayHeaderHeight + Double(h * rowsPerHour), width: hourHeaderWidth, height: Double(rowsPerHour)))
  }

  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    guard rect.width > 0, rect.height > 0, !week.isEmpty else { return [] }
    var result: [LayoutAttributes] = []
    // The rows of the day the rect spans.
    let firstRow = max(0, Int((rect.minY - dayHeaderHeight).rounded(.down)))
    let endRow = min(rowCount, Int((rect.maxY - dayHeaderHeight).rounded(.up)))
    // The days it spans.
    // (The last day header runs to the edge, past its column.)
    let firstDay = min(Self.days - 1, max(0, Int(((rect.minX - hourHeaderWidth) / dayWidth).rounded(.down))))
    let endDay = min(Self.days, Int(((rect.maxX - hourHeaderWidth) / dayWidth).rounded(.up)))
    if firstRow < endRow {
      // Hour rules behind the events, hour headers beside them.
      for h in (firstRow / rowsPerHour)..<((endRow + rowsPerHour - 1) / rowsPerHour) {
        let y = dayHeaderHeight + Double(h * rowsPerHour)
        let line = Rect(x: hourHeaderWidth, y: y, width: max(0, width - hourHeaderWidth), height: 1)
        if line.intersects(rect) {
          var a = LayoutAttributes(forDecorationOfKind: Self.hourLineKind, at: IndexPath(item: h, section: 0), frame: line)
          a.zIndex = -1
          result.append(a)
        }
        let header = hourHeader(h)
        if header.frame.intersects(rect) { result.append(header) }
      }
      for d in firstDay..<max(firstDay, endDay) {
        let day = week[d]
        // Events running through the first row, then those starting in the rect's rows.
        for i in day.covering[firstRow] { appendEvent(i, day: d, in: rect, to: &result) }
        for r in firstRow..<endRow { for i in day.starts[r] { appendEvent(i, day: d, in: rect, to: &result) } }
      }
    }
    // The pinned band: the corner and the day headers.
    let band = Rect(x: 0, y: visibleTop, width: width, height: dayHeaderHeight)
    if band.intersects(rect) {
      var corner = LayoutAttributes(
        forDecorationOfKind: Self.cornerKind, at: IndexPath(item: 0, section: 0),
        frame: Rect(x: 0, y: visibleTop, width: hourHeaderWidth, height: dayHeaderHeight))
      corner.zIndex = headerZIndex
      if corner.frame.intersects(rect) { result.append(corner) }
      for d in firstDay..<max(firstDay, endDay) {
        let header = dayHeader(d)
        if header.frame.intersects(rect) { result.append(header) }
      }
    }
    return result
  }

  private func appendEvent(_ i: Int, day d: Int, in rect: Rect, to result: inout [LayoutAttributes]) {
    let f = frame(ofEvent: i, day: d)
    if f.intersects(rect) { result.append(LayoutAttributes(forItemAt: IndexPath(item: i, section: d), frame: f)) }
  }

  /// Scrolling moves the pinned day headers.
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { newBounds.minY != visibleTop }

  func invalidateLayout(forBoundsChange newBounds: Rect) { visibleTop = max(0, newBounds.minY) }
}
