import GridRender

/// The rows in which two written-down screens differ, each with its first
/// changed cell: what a failed snapshot says after the line diff, so that a
/// reviewer sees which cell changed, and how, without counting columns.
struct ScreenChanges {
  /// A cell read back from a written-down row: its grapheme and its style's description.
  struct ReadCell: Equatable {
    var character: Character
    var style: String
  }

  /// The most rows described; the rest are counted.
  static let rowsShown = 12

  /// The report, or nil when the screens are the same.
  let report: String?

  /// Compares `reference` with `actual`, both written by ``ScreenMarkup``
  /// (in its markup when `styled`).
  init(reference: String, actual: String, styled: Bool) {
    let old = Self.rows(of: reference)
    let new = Self.rows(of: actual)
    var described: [String] = []
    var changedRows = 0
    for y in 0..<max(old.count, new.count) {
      let was = y < old.count ? Self.cells(of: old[y], styled: styled) : nil
      let now = y < new.count ? Self.cells(of: new[y], styled: styled) : nil
      guard was != now else { continue }
      changedRows += 1
      guard described.count < Self.rowsShown else { continue }
      described.append(Self.describe(row: y, was: was, now: now))
    }
    var lines: [String] = []
    if old.count != new.count { lines.append("The reference has \(old.count) rows, the screen \(new.count).") }
    if changedRows > 0 {
      lines.append("Changed cells (rows and columns count from 0; the first change in each row):")
      lines += described
      if changedRows > described.count { lines.append("... and \(changedRows - described.count) more rows") }
    }
    report = lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  /// The rows of a written-down screen (its last newline ends the last row).
  static func rows(of text: String) -> [Substring] {
    var rows = text.split(separator: "\n", omittingEmptySubsequences: false)
    if rows.last?.isEmpty == true { rows.removeLast() }
    return rows
  }

  /// The cells of a written-down row: its characters, with the style of
  /// the markup run they are in when `styled`.
  static func cells(of row: Substring, styled: Bool) -> [ReadCell] {
    guard styled else { return row.map { ReadCell(character: $0, style: "") } }
    var cells: [ReadCell] = []
    var style = ""
    var i = row.startIndex
    while i < row.endIndex {
      let c = row[i]
      let next = row.index(after: i)
      if c == "{" {
        if next < row.endIndex, row[next] == "{" {
          cells.append(ReadCell(character: "{", style: style))
          i = row.index(after: next)
          continue
        }
        if let close = row[next...].firstIndex(of: "}") {
          let tag = String(row[next..<close])
          style = tag == "/" ? "" : tag
          i = row.index(after: close)
          continue
        }
      }
      cells.append(ReadCell(character: c, style: style))
      i = next
    }
    return cells
  }

  /// One changed row: where its first changed cell is, what it was and is,
  /// and both rows as text with a mark under that cell.
  static func describe(row y: Int, was: [ReadCell]?, now: [ReadCell]?) -> String {
    guard let was else { return "row \(y): only on the screen, not in the reference" }
    guard let now else { return "row \(y): only in the reference, not on the screen" }
    let blank = ReadCell(character: " ", style: "")
    var i = 0
    while i < max(was.count, now.count) {
      let a = i < was.count ? was[i] : blank
      let b = i < now.count ? now[i] : blank
      if a != b { break }
      i += 1
    }
    // (Cells past a row's end are blanks, one column each.)
    let before = (was.count >= i ? was : now).prefix(i)
    let column = before.reduce(0) { $0 + max(DisplayWidth.of($1.character), 0) } + max(0, i - before.count)
    func show(_ cells: [ReadCell]) -> String {
      guard i < cells.count else { return "nothing (blank)" }
      let cell = cells[i]
      return "\"\(cell.character)\" " + (cell.style.isEmpty ? "plain" : "{\(cell.style)}")
    }
    func text(_ cells: [ReadCell]) -> String { String(cells.map(\.character)) }
    return """
      row \(y), column \(column): \(show(was)) → \(show(now))
        reference │\(text(was))
        screen    │\(text(now))
                  │\(String(repeating: " ", count: column))^
      """
  }
}
