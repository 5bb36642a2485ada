import GridRender
import GridTerminal
import Testing

@Suite struct SGRMouseReportTests {
  @Test(arguments: [
    ("0;5;3M", MouseEvent(.press, x: 4, y: 2)),
    ("0;5;3m", MouseEvent(.release, x: 4, y: 2)),
    ("32;9;4M", MouseEvent(.drag, x: 8, y: 3)),
    ("35;20;10M", MouseEvent(.move, x: 19, y: 9)),
    ("64;1;1M", MouseEvent(.scrollUp, x: 0, y: 0)),
    ("65;200;60M", MouseEvent(.scrollDown, x: 199, y: 59)),
    ("4;70;24M", MouseEvent(.press, x: 69, y: 23, modifiers: .shift)),
    ("28;1;1M", MouseEvent(.press, x: 0, y: 0, modifiers: [.shift, .alt, .control])),
    ("36;2;2M", MouseEvent(.drag, x: 1, y: 1, modifiers: .shift)),
    ("66;5;5M", MouseEvent(.scrollLeft, x: 4, y: 4)),
    ("67;5;5M", MouseEvent(.scrollRight, x: 4, y: 4)),
  ])
  func decodes(_ body: String, _ event: MouseEvent) {
    #expect(SGRMouseReport.decode(body) == event)
  }

  @Test(arguments: [
    "", "M", "0;5M", "0;5;3", "0;5;3X", "a;5;3M", "0;0;3M", "0;5;-1M", "2;5;3M", "1;5;3m", "1;5;3M", "128;5;5M", "0;5;3;1M",
    "99999999999999999999;5;5M", "0;99999999999999999999;5M",
  ])
  func refusesMalformedAndUnusedReports(_ body: String) {
    #expect(SGRMouseReport.decode(body) == nil)
  }
}
