import ArgumentParser
import Foundation
import TermGrid

@main
struct CalendarDemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calendar-demo",
    abstract: "A week of events as a calendar: days across, hours down.",
    discussion: """
      The week calendar of UIKit's collection-view guide, in the terminal: a
      custom layout with days as columns and hours as rows, events placed by
      their start and end (overlapping events share their day's width), day
      headers pinned to the top and hour headers down the side.

      Without --data, shows a bundled week. A file is CSV with a header of
      day,start,end,title: days Mon ... Sun (or 0-6, Monday first), times
      HH:MM (24:00 for the end of the day). Rows that are not events are
      skipped and counted.

      Keys: Up and Down go to the day's previous and next event, Left and
      Right to the nearest in time on the next day with events, PgUp/PgDn
      and the wheel scroll,
      Home/End go to the first and last event, Enter shows the focused
      event in full, ? shows the keys, q quits.
      """)

  @Option(name: .long, help: "A CSV file of events (day,start,end,title) instead of the bundled week.")
  var data: String?

  @Option(name: .long, help: "Rows per hour: 1, 2, 3, 4 or 6.")
  var rowsPerHour: Int = 2

  func validate() throws {
    guard [1, 2, 3, 4, 6].contains(rowsPerHour) else { throw ValidationError("--rows-per-hour must be 1, 2, 3, 4 or 6") }
  }

  func run() {
    Application.run {
      let loaded: (events: [CalendarEvent], skipped: [SkippedEventRow])
      let name: String
      if let data {
        loaded = try EventLoader.load(contentsOf: URL(fileURLWithPath: data))
        name = URL(fileURLWithPath: data).lastPathComponent
      } else {
        guard let url = Bundle.module.url(forResource: "week", withExtension: "csv") else {
          throw EventFileError.unreadable("bundled week.csv", reason: "missing from the build")
        }
        loaded = try EventLoader.load(contentsOf: url)
        name = "bundled week"
      }
      return CalendarController(
        events: loaded.events, sourceName: name, skipped: loaded.skipped, rowsPerHour: rowsPerHour)
    }
  }
}
