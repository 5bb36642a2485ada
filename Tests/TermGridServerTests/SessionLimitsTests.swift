import Testing

@testable import TermGridServer

/// The numbers a viewer sends, bounded before they size anything, and the
/// variables let through.
@Suite struct SessionLimitsTests {
  @Test func sizesAreBounded() {
    let limits = ServerLimits(maximumColumns: 300, maximumRows: 100)
    #expect(
      SizeRelay.bounded(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480, limits: limits)
        == .init(columns: 80, rows: 24, cellPixelSize: .init(width: 10, height: 20)))
    #expect(
      SizeRelay.bounded(columns: 1 << 30, rows: 1 << 30, pixelWidth: 0, pixelHeight: 0, limits: limits)
        == .init(columns: 300, rows: 100, cellPixelSize: nil))
    #expect(
      SizeRelay.bounded(columns: 0, rows: -5, pixelWidth: 9, pixelHeight: 9, limits: limits)
        == .init(columns: 80, rows: 24, cellPixelSize: nil))
    // A cell of 100,000 pixels is not believed.
    #expect(
      SizeRelay.bounded(columns: 1, rows: 1, pixelWidth: 100_000, pixelHeight: 20, limits: limits).cellPixelSize == nil)
  }

  @Test func onlyTheAllowListPasses() {
    for name in ["TERM", "COLORTERM", "LANG", "LC_ALL", "LC_CTYPE", "TERMGRID_SCREEN_READER"] {
      #expect(SessionEnvironment.allows(name, "x"), "\(name)")
    }
    for name in ["LD_PRELOAD", "PATH", "HOME", "TMUX", "TERMINFO", "NO_COLOR_NOT"] {
      #expect(!SessionEnvironment.allows(name, "x"), "\(name)")
    }
    #expect(!SessionEnvironment.allows("LANG", String(repeating: "a", count: 257)))
    #expect(!SessionEnvironment.allows("LANG", "C.UTF-8\u{1B}]0;x\u{07}"))
  }

  @Test func theGateCountsByAddressAndSessions() {
    let gate = ConnectionGate(limits: ServerLimits(connectionsPerAddress: 2, sessions: 1))
    #expect(gate.openConnection(from: "10.0.0.1"))
    #expect(gate.openConnection(from: "10.0.0.1"))
    #expect(!gate.openConnection(from: "10.0.0.1"))
    #expect(gate.openConnection(from: "10.0.0.2"))
    gate.closeConnection(from: "10.0.0.1")
    #expect(gate.openConnection(from: "10.0.0.1"))
    #expect(gate.connectionCount == 3)
    #expect(gate.openSession())
    #expect(!gate.openSession())
    gate.closeSession()
    #expect(gate.openSession())
  }
}
