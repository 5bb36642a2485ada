import GridRender
import Testing

@Suite struct StatusLineTests {
  @Test func leftAndRightShareTheRowUntilTheLeftWouldBeTooShort() {
    var surface = Surface(width: 30, height: 2)
    surface.drawStatusLine(" 12 cards", right: " q quit ", y: 1)
    #expect(surface.lines[1] == " 12 cards" + String(repeating: " ", count: 13) + " q quit ")
    #expect(surface[0, 1].style.reverse && surface[29, 1].style.reverse && !surface[0, 0].style.reverse)
    // 30 - 8 - 1 = 21 cells left for the left part: with 16 required it still fits, cut.
    surface.drawStatusLine(" 12 cards · inserted #13 after #12", right: " q quit ", y: 1)
    #expect(surface.lines[1] == " 12 cards · inserted… " + " q quit ")
    // Requiring 25 cells of it: the hints go and the left part gets the row.
    surface.drawStatusLine(" 12 cards · inserted #13 after #12", right: " q quit ", y: 1, minimumLeft: 25)
    #expect(!surface.lines[1].contains("quit") && surface.lines[1].hasPrefix(" 12 cards · inserted #13 af"))
    // Hints that do not fit go from the last on, the first kept; a space always parts the two.
    var wide = Surface(width: 40, height: 1)
    wide.drawStatusLine(" U+0021 ! EXCLAMATION MARK", right: "Enter info  ? help  q quit", y: 0, minimumLeft: 26)
    #expect(wide.lines[0] == " U+0021 ! EXCLAMATION MARK" + "  " + " Enter info ")
    wide.drawStatusLine(" U+0021 ! EXCLAMATION MARK", right: "Enter info  ? help  q quit", y: 0, minimumLeft: 19)
    #expect(wide.lines[0] == " U+0021 ! EXCLAMAT…" + " " + " Enter info  ? help ")
    wide.drawStatusLine(" U+0021 ! EXCLAMATION MARK, SAID TWICE", right: "Enter info  ? help  q quit", y: 0, minimumLeft: 38)
    #expect(wide.lines[0] == " U+0021 ! EXCLAMATION MARK, SAID TWICE  ")
    // A row off the surface is ignored.
    surface.drawStatusLine("x", right: "y", y: 5)
  }

  /// Row 0 of a surface `width` cells wide with `hints` beside a status
  /// text of 26 cells, kept whole.
  private func line(_ hints: [StatusHint], width: Int) -> String {
    var surface = Surface(width: width, height: 1)
    surface.drawStatusLine(" U+0021 ! EXCLAMATION MARK", hints: hints, y: 0, minimumLeft: 26)
    return surface.lines[0]
  }

  private let left = " U+0021 ! EXCLAMATION MARK"  // 26 cells

  private func spaces(_ n: Int) -> String { String(repeating: " ", count: n) }

  @Test func hintsOfOnePriorityGoFromTheLastOnTheFirstStayingLongest() {
    let hints: [StatusHint] = ["Enter info", "/ find", "? help", "q quit"]
    // All four need 36 cells and one to part them from the text: 63.
    #expect(line(hints, width: 70) == left + spaces(8) + " Enter info  / find  ? help  q quit ")
    #expect(line(hints, width: 63) == left + " " + " Enter info  / find  ? help  q quit ")
    // One cell fewer: the last goes, and the others keep their places against the right edge.
    #expect(line(hints, width: 62) == left + spaces(8) + " Enter info  / find  ? help ")
    #expect(line(hints, width: 55) == left + " " + " Enter info  / find  ? help ")
    #expect(line(hints, width: 54) == left + spaces(8) + " Enter info  / find ")
    #expect(line(hints, width: 47) == left + " " + " Enter info  / find ")
    #expect(line(hints, width: 46) == left + spaces(8) + " Enter info ")
    #expect(line(hints, width: 39) == left + " " + " Enter info ")
    // Nothing fits: the text gets the row, cut with "…" when the row is shorter still.
    #expect(line(hints, width: 38) == left + spaces(12))
    #expect(line(hints, width: 26) == left)
    #expect(line(hints, width: 12) == " U+0021 ! E…")
    #expect(line(hints, width: 1) == "…")
  }

  @Test func hintsOfLowerPriorityGoFirstWhereverTheyAreInTheList() {
    // "? help", high, outlasts the standard hints before it; "q quit" after it goes first.
    let helpLongest: [StatusHint] = ["Enter info", "/ find", StatusHint("? help", visibilityPriority: .high), "q quit"]
    #expect(line(helpLongest, width: 63) == left + " " + " Enter info  / find  ? help  q quit ")
    #expect(line(helpLongest, width: 62) == left + spaces(8) + " Enter info  / find  ? help ")
    #expect(line(helpLongest, width: 54) == left + spaces(8) + " Enter info  ? help ")
    #expect(line(helpLongest, width: 46) == left + spaces(12) + " ? help ")
    #expect(line(helpLongest, width: 35) == left + " " + " ? help ")
    #expect(line(helpLongest, width: 34) == left + spaces(8))
    // A low hint goes before the standard ones after it; those then go from the last on.
    let findLeast: [StatusHint] = ["Enter info", StatusHint("/ find", visibilityPriority: .low), "? help", "q quit"]
    #expect(line(findLeast, width: 62) == left + spaces(8) + " Enter info  ? help  q quit ")
    #expect(line(findLeast, width: 55) == left + " " + " Enter info  ? help  q quit ")
    #expect(line(findLeast, width: 54) == left + spaces(8) + " Enter info  ? help ")
    #expect(line(findLeast, width: 46) == left + spaces(8) + " Enter info ")
    // A priority of its own ranks among the named ones; an empty hint takes no room.
    let urgent = StatusHint("! urgent", visibilityPriority: StatusHint.VisibilityPriority(rawValue: 2000))
    let ranked: [StatusHint] = ["q quit", "", StatusHint("Enter info", visibilityPriority: .high), urgent]
    #expect(line(ranked, width: 60) == left + spaces(4) + " q quit  Enter info  ! urgent ")
    #expect(line(ranked, width: 56) == left + spaces(8) + " Enter info  ! urgent ")
    #expect(line(ranked, width: 40) == left + spaces(4) + " ! urgent ")
    #expect(StatusHint.VisibilityPriority.low < .standard && StatusHint.VisibilityPriority.standard < .high)
  }
}
