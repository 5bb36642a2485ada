import CSVScanning
import Foundation

/// Why a file of events could not be read at all.
enum EventFileError: Error, CustomStringConvertible, Equatable {
  /// The file does not exist or cannot be read.
  case unreadable(String, reason: String)
  /// The header lacks a column the events need.
  case missingColumns(String, missing: [String])

  var description: String {
    switch self {
    case .unreadable(let name, let reason): return "cannot read \(name): \(reason)"
    case .missingColumns(let name, let missing):
      return "\(name) has no \(missing.joined(separator: ", ")) column (expected a header of day,start,end,title)"
    }
  }
}

/// A row that was not an event, and why.
struct SkippedEventRow: Equatable, Sendable {
  var line: Int
  var reason: String
}

/// Reads a week of events from CSV: a header naming `day`, `start`, `end`
/// and `title` (in any order, any case), days as Mon ... Sun (or Monday ...,
/// or 0-6), times as HH:MM with 24:00 for midnight at the end of the day.
/// Rows that are not events are skipped and reported; the rest load.
enum EventLoader {
  static func load(contentsOf url: URL) throws -> (events: [CalendarEvent], skipped: [SkippedEventRow]) {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path: url.path)
    } catch {
      throw EventFileError.unreadable(url.path, reason: error.description)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw EventFileError.unreadable(url.path, reason: "not UTF-8 text")
    }
    return try parse(text, name: url.lastPathComponent)
  }

  static func parse(_ text: String, name: String) throws -> (events: [CalendarEvent], skipped: [SkippedEventRow]) {
    let bytes = Array(text.utf8)
    var scanner = CSVScanner(bytes: bytes, from: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    let headerRow = scanner.next()
    if let problem = headerRow?.problem { throw EventFileError.unreadable(name, reason: "the header: \(problem)") }
    let header = (headerRow?.fields ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    let names = ["day", "start", "end", "title"]
    let missing = names.filter { !header.contains($0) }
    guard missing.isEmpty else { throw EventFileError.missingColumns(name, missing: missing) }
    let column = names.map { header.firstIndex(of: $0)! }
    var events: [CalendarEvent] = []
    var skipped: [SkippedEventRow] = []
    while let scanned = scanner.next() {
      let line = scanned.line
      let row = scanned.fields
      if let problem = scanned.problem {
        skipped.append(SkippedEventRow(line: line, reason: problem))
        continue
      }
      if row.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
      guard row.count == header.count else {
        skipped.append(SkippedEventRow(line: line, reason: "\(row.count) fields, the header has \(header.count)"))
        continue
      }
      let field = { (i: Int) in row[column[i]].trimmingCharacters(in: .whitespaces) }
      guard let day = Self.day(field(0)) else {
        skipped.append(SkippedEventRow(line: line, reason: "unknown day \"\(field(0))\""))
        continue
      }
      guard let start = Self.minutes(field(1)), start < CalendarEvent.minutesPerDay else {
        skipped.append(SkippedEventRow(line: line, reason: "start \"\(field(1))\" is not a time of day (HH:MM)"))
        continue
      }
      guard let end = Self.minutes(field(2)) else {
        skipped.append(SkippedEventRow(line: line, reason: "end \"\(field(2))\" is not a time of day (HH:MM)"))
        continue
      }
      guard end > start else {
        skipped.append(SkippedEventRow(line: line, reason: "ends at \(field(2)), not after it starts"))
        continue
      }
      events.append(CalendarEvent(day: day, start: start, end: end, title: field(3)))
    }
    return (events, skipped)
  }

  /// Mon, monday, MO, or 0-6 (Monday first).
  static func day(_ text: String) -> Int? {
    if let n = Int(text), (0...6).contains(n) { return n }
    let lower = text.lowercased()
    guard lower.count >= 2 else { return nil }
    let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    return full.firstIndex { $0.hasPrefix(lower) }
  }

  /// "9:05", "09:05" or "24:00" as minutes since midnight.
  static func minutes(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let h = Int(parts[0]), let m = Int(parts[1]), (0...59).contains(m), (0...24).contains(h),
      h < 24 || m == 0
    else { return nil }
    return h * 60 + m
  }
}
