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
    // Hints that do not fit go from the first on, the last kept; a space always parts the two.
    var wide = Surface(width: 40, height: 1)
    wide.drawStatusLine(" U+0021 ! EXCLAMATION MARK", right: "Enter info  ? help  q quit", y: 0, minimumLeft: 26)
    #expect(wide.lines[0] == " U+0021 ! EXCLAMATION MARK" + String(repeating: " ", count: 6) + " q quit ")
    wide.drawStatusLine(" U+0021 ! EXCLAMATION MARK", right: "Enter info  ? help  q quit", y: 0, minimumLeft: 20)
    #expect(wide.lines[0] == " U+0021 ! EXCLAMATION …" + "  ? help  q quit ")
    wide.drawStatusLine(" U+0021 ! EXCLAMATION MARK, SAID TWICE", right: "Enter info  ? help  q quit", y: 0, minimumLeft: 38)
    #expect(wide.lines[0] == " U+0021 ! EXCLAMATION MARK, SAID TWICE  ")
    // A row off the surface is ignored.
    surface.drawStatusLine("x", right: "y", y: 5)
  }

  @Test func hintsOfLowerPriorityGoFirstAndOfEqualPriorityTheFirstInTheList() {
    let left = " U+0021 ! EXCLAMATION MARK"  // 26 cells, kept whole
    let hints: [StatusHint] = [StatusHint("Enter info", visibilityPriority: .high), "/ find", "? help", "q quit"]
    var line = Surface(width: 40, height: 1)
    // 13 cells for hints: the one that matters most stays, wherever it is in the list.
    line.drawStatusLine(left, hints: hints, y: 0, minimumLeft: 26)
    #expect(line.lines[0] == left + "  " + " Enter info ")
    // The same hints without priorities go from the first on, as the string form does.
    line.drawStatusLine(left, hints: ["Enter info", "/ find", "? help", "q quit"], y: 0, minimumLeft: 26)
    #expect(line.lines[0] == left + String(repeating: " ", count: 6) + " q quit ")
    // 23 cells: the standard hints go from the first on; what stays keeps its order.
    var wider = Surface(width: 50, height: 1)
    wider.drawStatusLine(left, hints: hints, y: 0, minimumLeft: 26)
    #expect(wider.lines[0] == left + String(repeating: " ", count: 4) + " Enter info  q quit ")
    // A low hint goes before the standard ones before it.
    wider.drawStatusLine(left, hints: ["? help", "Enter info", StatusHint("/ find", visibilityPriority: .low)], y: 0, minimumLeft: 26)
    #expect(wider.lines[0] == left + String(repeating: " ", count: 4) + " ? help  Enter info ")
    // Everything fits: every hint, in order; none fits: the left part gets the row.
    var wide = Surface(width: 70, height: 1)
    wide.drawStatusLine(left, hints: hints, y: 0, minimumLeft: 26)
    #expect(wide.lines[0].hasSuffix("  Enter info  / find  ? help  q quit "))
    var narrow = Surface(width: 30, height: 1)
    narrow.drawStatusLine(left, hints: hints, y: 0, minimumLeft: 26)
    #expect(narrow.lines[0] == left + "    ")
    // Custom priorities order between the named ones; empty hints take no room.
    let urgent = StatusHint("! urgent", visibilityPriority: StatusHint.VisibilityPriority(rawValue: 2000))
    line.drawStatusLine(left, hints: [urgent, "", StatusHint("Enter info", visibilityPriority: .high)], y: 0, minimumLeft: 26)
    #expect(line.lines[0] == left + String(repeating: " ", count: 4) + " ! urgent ")
  }
}
