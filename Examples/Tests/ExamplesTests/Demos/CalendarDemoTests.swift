import Foundation
import GridLayout
import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import calendar_demo
@testable import waterfall_demo

typealias IndexPath = GridLayout.IndexPath

/// Events from a list, for the layout alone.
final class EventTable: WeekCalendarLayoutDataSource {
  var days: [[CalendarEvent]]
  init(_ events: [CalendarEvent]) {
    days = (0..<7).map { d in events.filter { $0.day == d }.sorted { ($0.start, $0.end) < ($1.start, $1.end) } }
  }
  func weekCalendarLayout(_ layout: WeekCalendarLayout, eventAt indexPath: IndexPath) -> CalendarEvent {
    days[indexPath.section][indexPath.item]
  }
  func prepared(width: Double, rowsPerHour: Int = 2, top: Double = 0) -> WeekCalendarLayout {
    let layout = WeekCalendarLayout()
    layout.rowsPerHour = rowsPerHour
    layout.dataSource = self
    layout.prepare(for: LayoutContext(itemCounts: days.map(\.count), boundsSize: Size(width: width, height: 30)))
    layout.invalidateLayout(forBoundsChange: Rect(x: 0, y: top, width: width, height: 30))
    return layout
  }
}

@Suite(.serialized) struct CalendarDemoTests {
  static var binary: String { TmuxSession.productsDirectory.appendingPathComponent("calendar-demo").path }
  static var bundled: URL {
    // (This file is in Examples/Tests/ExamplesTests/<folder>/.)
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("calendar-demo/Resources/week.csv")
  }

  func event(_ day: Int, _ start: String, _ end: String, _ title: String = "e") -> CalendarEvent {
    CalendarEvent(day: day, start: EventLoader.minutes(start)!, end: EventLoader.minutes(end)!, title: title)
  }

  // MARK: loading

  @Test func theBundledWeekLoadsWhole() throws {
    let (events, skipped) = try EventLoader.load(contentsOf: Self.bundled)
    #expect(events.count == 32 && skipped.isEmpty)
    #expect(events.contains { $0.title == "設計レビュー" && $0.day == 1 && $0.start == 570 && $0.end == 630 })
    #expect(events.contains { $0.title == "On call" && $0.end == 1440 })
  }

  @Test func rowsThatAreNotEventsAreSkippedWithTheirLineAndReason() throws {
    let text = """
      Title,Day,Start,End
      Fine,Mon,09:00,10:00
      Bad day,Mox,09:00,10:00
      Bad start,Tue,25:00,26:00
      Backwards,Wed,10:00,09:00
      Signed,Thu,+9:00,10:00
      Short,Fri,09:00

      Quoted, with comma",Sat,9:05,24:00
      Numbered,6,00:00,00:30
      """
    let (events, skipped) = try EventLoader.parse(text.replacingOccurrences(of: "Quoted, with", with: "\"Quoted, with"), name: "t.csv")
    #expect(events.map(\.title) == ["Fine", "Quoted, with comma", "Numbered"])
    #expect(events[1] == CalendarEvent(day: 5, start: 545, end: 1440, title: "Quoted, with comma"))
    #expect(
      skipped == [
        SkippedEventRow(line: 3, reason: "unknown day \"Mox\""),
        SkippedEventRow(line: 4, reason: "start \"25:00\" is not a time of day (HH:MM)"),
        SkippedEventRow(line: 5, reason: "ends at 09:00, not after it starts"),
        SkippedEventRow(line: 6, reason: "start \"+9:00\" is not a time of day (HH:MM)"),
        SkippedEventRow(line: 7, reason: "3 fields, the header has 4"),
      ])
    #expect(throws: EventFileError.missingColumns("x.csv", missing: ["end"])) {
      try EventLoader.parse("day,start,title\nMon,09:00,x\n", name: "x.csv")
    }
    #expect(throws: EventFileError.unreadable("/nonexistent/week.csv", reason: "no such file")) {
      try EventLoader.load(contentsOf: URL(fileURLWithPath: "/nonexistent/week.csv"))
    }
    // What is not a file is named for what it is (a directory was "not UTF-8 text").
    #expect(throws: EventFileError.unreadable("/tmp", reason: "it is a directory, not a file")) {
      try EventLoader.load(contentsOf: URL(fileURLWithPath: "/tmp"))
    }
    #expect(throws: EventFileError.unreadable("/dev/null", reason: "it is a device, not a file")) {
      try EventLoader.load(contentsOf: URL(fileURLWithPath: "/dev/null"))
    }
    // A stray quote is a skipped row with its line, not a mangled title.
    let stray = try EventLoader.parse("day,start,end,title\nMon,09:00,10:00,\"Stand\"up\nTue,09:00,10:00,ok\n", name: "x.csv")
    #expect(stray.events.map(\.title) == ["ok"])
    #expect(stray.skipped == [SkippedEventRow(line: 2, reason: "text after the closing quote of field 4")])
  }

  // MARK: the layout

  @Test func exactFramesLanesHeadersAndTheContentAsTallAsTheDay() throws {
    // 76 cells: 6 for the hours, 7 days of 10.
    let table = EventTable([
      event(0, "09:00", "10:30"), event(0, "09:30", "10:00"), event(0, "11:00", "11:10"), event(6, "22:00", "24:00"),
    ])
    let layout = table.prepared(width: 76)
    #expect(layout.contentSize == Size(width: 76, height: 49))
    func frame(_ item: Int, _ day: Int) -> Rect? {
      layout.layoutAttributesForItem(at: IndexPath(item: item, section: day))?.frame
    }
    // 09:00-10:30 and 09:30-10:00 overlap: two lanes in 9 cells (5 and 4).
    #expect(frame(0, 0) == Rect(x: 6, y: 19, width: 5, height: 3))
    #expect(frame(1, 0) == Rect(x: 11, y: 20, width: 4, height: 1))
    // Alone again: the whole day but the gap; ten minutes still get a row.
    #expect(frame(2, 0) == Rect(x: 6, y: 23, width: 9, height: 1))
    #expect(frame(0, 6) == Rect(x: 66, y: 45, width: 9, height: 4))
    let day = try #require(
      layout.layoutAttributesForSupplementaryElement(
        ofKind: WeekCalendarLayout.dayHeaderKind, at: IndexPath(item: 0, section: 6)))
    #expect(day.frame == Rect(x: 66, y: 0, width: 10, height: 1) && day.zIndex > 0)
    let hour = try #require(
      layout.layoutAttributesForSupplementaryElement(
        ofKind: WeekCalendarLayout.hourHeaderKind, at: IndexPath(item: 9, section: 0)))
    #expect(hour.frame == Rect(x: 0, y: 19, width: 6, height: 2))
    // Scrolled: the day headers and the corner stay at the top edge.
    layout.invalidateLayout(forBoundsChange: Rect(x: 0, y: 30, width: 76, height: 19))
    let top = layout.layoutAttributesForElements(in: Rect(x: 0, y: 30, width: 76, height: 1))
    #expect(top.filter { $0.kind == WeekCalendarLayout.dayHeaderKind }.count == 7)
    #expect(top.contains { $0.kind == WeekCalendarLayout.cornerKind && $0.frame == Rect(x: 0, y: 30, width: 6, height: 1) })
    #expect(top.filter { $0.kind == WeekCalendarLayout.dayHeaderKind }.allSatisfy { $0.frame.minY == 30 })
  }

  @Test func propertiesOnRandomWeeks() {
    for seed in 0..<200 {
      var rng = SeededGenerator(seed: UInt64(seed))  // the waterfall demo's SplitMix64
      let rowsPerHour = [1, 2, 3, 4, 6][Int.random(in: 0...4, using: &rng)]
      var events: [CalendarEvent] = []
      for _ in 0..<Int.random(in: 0...60, using: &rng) {
        let start = Int.random(in: 0..<1440, using: &rng)
        let end = min(1440, start + Int.random(in: 1...300, using: &rng))
        events.append(CalendarEvent(day: Int.random(in: 0...6, using: &rng), start: start, end: end, title: "e"))
      }
      let table = EventTable(events)
      let width = Double(Int.random(in: 20...220, using: &rng))
      let layout = table.prepared(width: width, rowsPerHour: rowsPerHour, top: Double(Int.random(in: 0...40, using: &rng)))
      let slot = 60 / rowsPerHour
      var items: [LayoutAttributes] = []
      for d in 0..<7 {
        for (i, e) in table.days[d].enumerated() {
          let a = layout.layoutAttributesForItem(at: IndexPath(item: i, section: d))!
          // The frame covers exactly the rows the event's time touches.
          #expect(a.frame.minY == 1 + Double(e.start / slot), "seed \(seed)")
          #expect(a.frame.maxY == 1 + Double(max(e.start / slot + 1, (e.end + slot - 1) / slot)), "seed \(seed)")
          // Within its day's column, a cell before the next day.
          #expect(
            a.frame.minX >= layout.dayX(d) && a.frame.maxX <= max(layout.dayX(d) + 1, layout.dayX(d) + layout.dayWidth - 1),
            "seed \(seed) \(a)")
          items.append(a)
        }
      }
      // Events never overlap on screen where the column is wide enough for their lanes.
      for (n, a) in items.enumerated() {
        for b in items[(n + 1)...] where a.indexPath.section == b.indexPath.section && a.frame.intersects(b.frame) {
          #expect(layout.dayWidth - 1 < Double(layout.week[a.indexPath.section].lanes[a.indexPath.item].of), "seed \(seed) \(a) \(b)")
        }
      }
      // Rect queries equal a brute-force scan of every element.
      var all = items
      for d in 0..<7 {
        all.append(
          layout.layoutAttributesForSupplementaryElement(ofKind: WeekCalendarLayout.dayHeaderKind, at: IndexPath(item: 0, section: d))!)
      }
      for h in 0..<24 {
        all.append(
          layout.layoutAttributesForSupplementaryElement(ofKind: WeekCalendarLayout.hourHeaderKind, at: IndexPath(item: h, section: 0))!)
      }
      let everything = layout.layoutAttributesForElements(in: Rect(x: -10, y: -10, width: 1000, height: 1000))
      all += everything.filter { $0.category == .decoration }
      #expect(everything.count == all.count, "seed \(seed)")
      // Headers stay in their bands: days along the top edge, hours down the side.
      for a in all where a.kind == WeekCalendarLayout.dayHeaderKind {
        #expect(a.frame.height == 1 && a.frame.minX >= layout.hourHeaderWidth && a.zIndex > 0)
      }
      for a in all where a.kind == WeekCalendarLayout.hourHeaderKind {
        #expect(a.frame.minX == 0 && a.frame.maxX == layout.hourHeaderWidth && a.frame.height == Double(rowsPerHour))
      }
      for _ in 0..<10 {
        let rect = Rect(
          x: Double(Int.random(in: -5...Int(width), using: &rng)), y: Double(Int.random(in: -5...160, using: &rng)),
          width: Double(Int.random(in: 1...80, using: &rng)), height: Double(Int.random(in: 1...40, using: &rng)))
        let key = { (a: LayoutAttributes) in "\(a.category) \(a.kind) \(a.indexPath)" }
        let expected = Set(all.filter { $0.frame.intersects(rect) }.map(key))
        let got = layout.layoutAttributesForElements(in: rect).map(key)
        #expect(
          Set(got) == expected && got.count == expected.count,
          "seed \(seed) rect \(rect) missing \(expected.subtracting(got)) extra \(Set(got).subtracting(expected))")
      }
    }
  }

  @Test func anEventScrolledToFromBelowIsNotHiddenUnderThePinnedDayHeaders() throws {
    let scene = CalendarController(
      events: [event(0, "02:00", "03:00", "Early"), event(0, "12:00", "13:00", "Noon")], sourceName: "test")
    var surface = Surface(width: 80, height: 24)
    scene.draw(into: &surface)
    // It opens at 08:00 (row 16) on the first event of the morning.
    #expect(scene.collectionView.contentOffset.y == 16)
    #expect(scene.collectionView.focusedIndexPath == IndexPath(item: 1, section: 0))
    _ = try scene.handle(.key(Key(.up)))
    scene.draw(into: &surface)
    // Early runs from row 5; the day headers pinned at the top take one row, so the view starts at 4.
    #expect(scene.collectionView.focusedIndexPath == IndexPath(item: 0, section: 0))
    #expect(scene.collectionView.contentOffset.y == 4)
    #expect(surface.lines[0].contains("Mon (2)") && surface.lines[1].contains("Early"))
  }

  @Test func theArrowsGoThroughADayInTimeAndAcrossToTheNearestInTimeOnAnotherDay() {
    // Monday: 09:00 and two overlapping events in lanes (10:00 left, 10:30
    // right, then 12:00); Tuesday nothing; Wednesday only 17:00 and 08:00.
    let scene = CalendarController(
      events: [
        event(0, "09:00", "09:30", "Nine"), event(0, "10:00", "11:00", "Left"), event(0, "10:30", "11:30", "Right"),
        event(0, "12:00", "12:30", "Noon"), event(2, "08:00", "08:30", "Early"), event(2, "17:00", "18:00", "Late"),
      ], sourceName: "test")
    var surface = Surface(width: 80, height: 24)
    scene.draw(into: &surface)
    let view = scene.collectionView
    view.focusItem(at: IndexPath(item: 1, section: 0))
    // Down from the left lane: the event that starts next, in the right lane beside it.
    _ = try? scene.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
    _ = try? scene.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == IndexPath(item: 3, section: 0))
    #expect(!view.moveFocus(.down))  // the day's last event
    // Right from 12:00: past empty Tuesday, Wednesday's nearest in time (08:00, four hours before).
    _ = try? scene.handle(.key(Key(.right)))
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 2))
    _ = try? scene.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == IndexPath(item: 1, section: 2))
    // Left from 17:00: Monday's nearest in time, 12:00, seven rows of the cone's reach away.
    _ = try? scene.handle(.key(Key(.left)))
    #expect(view.focusedIndexPath == IndexPath(item: 3, section: 0))
    #expect(!view.moveFocus(.left))
  }

  // MARK: in a terminal

  @Test(arguments: [(80, 24), (200, 60)])
  func theWeekInATerminal(width: Int, height: Int) throws {
    let tmux = try TmuxSession(width: width, height: height)
    defer { tmux.close() }
    try tmux.type(TmuxSession.quoted(Self.binary))
    var screen = try tmux.waitFor(text: "32 events · bundled week · Mon 08:00–08:30 Standup")
    let first = screen.split(separator: "\n")[0]
    for name in ["Mon (6)", "Tue (6)", "Wed (7)", "Sun (2)"] { #expect(first.contains(name)) }
    #expect(screen.contains("08:00 Standup") && screen.contains("09:00 ┌"))
    #expect(screen.contains("┈┈┈"))  // the hour rules
    // Right: Tuesday's event nearest in time (08:00); Down twice, later that day.
    try tmux.keys("Right")
    screen = try tmux.waitFor(text: "bundled week · Tue 0")
    try tmux.keys("Down", "Down")
    screen = try tmux.waitFor(text: "bundled week · Tue 1")
    try tmux.keys("Enter")
    screen = try tmux.waitFor("details") { $0.split(separator: "\n").last?.contains("Tue ") == true }
    // Paging down the day: the day headers stay on the top row.
    try tmux.keys("End")
    screen = try tmux.waitFor(text: "Sun 20:00–21:00 Plan the")
    #expect(screen.split(separator: "\n")[0].contains("Mon (6)"))
    if height == 24 {
      #expect(screen.contains("20:00") && !screen.contains("08:00 "))
      try tmux.keys("PageUp")
      screen = try tmux.waitFor("paged up") { !$0.contains("23:00") }
      #expect(screen.split(separator: "\n")[0].contains("Mon (6)"))
    }
    try tmux.resize(width: height == 24 ? 120 : 70, height: height == 24 ? 40 : 20)
    screen = try tmux.waitForSettled("resized") { $0.split(separator: "\n")[0].contains("Sun (2)") }
    try tmux.resize(width: 2, height: 2)
    usleep(300_000)
    try tmux.resize(width: width, height: height)
    try tmux.waitForSettled("back") { $0.split(separator: "\n")[0].contains("Mon (6)") }
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    #expect(try tmux.pane("cursor_flag") == "1")
  }

  @Test func aFileWithBadRowsSaysSoAndAMissingFileIsAnError() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-cal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("mine.csv")
    try "day,start,end,title\nMon,09:00,10:00,Kept\nFunday,09:00,10:00,Lost\n\u{1b}[31mTue,10:00,11:00,x\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let tmux = try TmuxSession(width: 100, height: 24)
    defer { tmux.close() }
    try tmux.type("\(TmuxSession.quoted(Self.binary)) --data \(TmuxSession.quoted(file.path))")
    let screen = try tmux.waitFor(text: "1 event · mine.csv · 2 rows skipped (line 3: unknown day \"Funday\")")
    #expect(!screen.contains("\u{1b}"))
    try tmux.keys("q")
    try tmux.waitFor("exit") { _ in (try? tmux.pane("alternate_on")) == "0" }
    let missing = try Spawn.run([Self.binary, "--data", dir.appendingPathComponent("none.csv").path])
    #expect(missing.status == 1 && missing.output.contains("cannot read") && missing.output.contains("no such file"))
    let help = try Spawn.run([Self.binary, "--help"])
    #expect(help.status == 0 && help.output.contains("day,start,end,title"))
  }
}
