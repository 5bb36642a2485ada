import Foundation
import TermGrid
import TermGridTesting
import Testing

@testable import TermGridServer

/// An app served over SSH to the real OpenSSH client, in tmux.
@Suite(.serialized) struct ServingTests {
  /// Connects with a key, browses, follows the window's size, quits with
  /// `q`: the viewer's terminal is given back and the session is gone.
  @Test func aViewerBrowsesResizesAndQuits() throws {
    let fixture = try ServerFixture()
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(fixture.ssh(["-tt"]).map(TmuxSession.quoted).joined(separator: " ") + "; echo EXIT=$?")
    var screen = try tmux.waitFor(text: "served to ada")
    #expect(screen.contains("Planet 0"))
    #expect(fixture.server.sessionCount == 1)
    // 80 columns hold five 14-cell cards a row: Planet 5 starts the second row.
    func row(of name: String, in screen: String) -> Int? {
      screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(name + " ") || $0.hasSuffix(name) }
    }
    #expect(row(of: "Planet 5", in: screen) != row(of: "Planet 0", in: screen))
    try tmux.keys("Right")
    try tmux.resize(width: 120, height: 30)
    // 120 columns hold eight: Planet 5 moves up beside Planet 0.
    screen = try tmux.waitFor("the session to follow the window") { s in
      row(of: "Planet 5", in: s) != nil && row(of: "Planet 5", in: s) == row(of: "Planet 0", in: s)
    }
    #expect(try tmux.pane("alternate_on") == "1")
    try tmux.keys("q")
    try tmux.waitFor(text: "EXIT=0")
    // (tmux keeps what the alternate screen showed when the window was
    // resized in it, so the main screen's text says nothing here.)
    #expect(try tmux.pane("alternate_on") == "0", "the alternate screen was left")
    #expect(try tmux.pane("cursor_flag") == "1", "the cursor is shown again")
    try fixture.wait("the session to end") { fixture.server.sessionCount == 0 }
    #expect(fixture.log.contains("session ended"))
  }

  /// A viewer whose terminal type this machine has no description of is
  /// served as xterm-256color, not turned away.
  @Test func anUnknownTerminalTypeIsServedAsXterm() throws {
    let fixture = try ServerFixture()
    let tmux = try TmuxSession(width: 80, height: 24, term: "no-such-terminal-type")
    defer { tmux.close() }
    try tmux.type(fixture.ssh(["-tt"]).map(TmuxSession.quoted).joined(separator: " ") + "; echo EXIT=$?")
    try tmux.waitFor(text: "served to ada")
    #expect(fixture.log.contains("no usable terminfo description of no-such-terminal-type"))
    try tmux.keys("q")
    try tmux.waitFor(text: "EXIT=0")
  }

  /// A viewer whose client goes away without a word (killed): the
  /// session's input ends, the app quits, and the server forgets both.
  @Test func aViewerWhoVanishesEndsTheirSession() throws {
    let fixture = try ServerFixture()
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(fixture.ssh(["-tt"]).map(TmuxSession.quoted).joined(separator: " "))
    try tmux.waitFor(text: "served to ada")
    #expect(try Spawn.run(["pkill", "-KILL", "-f", "ssh -p \(fixture.port) "]).status == 0)
    try fixture.wait("the session and the connection to end") {
      fixture.server.sessionCount == 0 && fixture.server.connectionCount == 0
    }
    #expect(fixture.log.contains("disconnected"))
  }

  /// Two viewers at once: each has their own session; a moon inserted by
  /// one is not in the other's (per-session data), both keep running.
  @Test func twoViewersHaveTheirOwnSessions() throws {
    let fixture = try ServerFixture()
    let first = try TmuxSession(width: 80, height: 24)
    let second = try TmuxSession(width: 100, height: 30)
    defer {
      first.close()
      second.close()
    }
    try first.type(fixture.ssh(user: "ada", ["-tt"]).map(TmuxSession.quoted).joined(separator: " "))
    try second.type(fixture.ssh(user: "grace", ["-tt"]).map(TmuxSession.quoted).joined(separator: " "))
    try first.waitFor(text: "served to ada")
    try second.waitFor(text: "served to grace")
    #expect(fixture.server.sessionCount == 2)
    try first.keys("i")
    try first.waitForSettled("the moon in the first") { $0.contains("Moon") }
    usleep(300_000)
    #expect(!(try second.capture()).contains("Moon"))
    try first.keys("q")
    try second.keys("q")
    try fixture.wait("both sessions to end") { fixture.server.sessionCount == 0 }
  }

  /// A key not in `authorized_keys`, a password when passwords are off, an
  /// exec request, a port forward, a remote forward: each refused, the
  /// connection closed, and the server still serves.
  @Test func whatIsNotAllowedIsRefused() throws {
    let fixture = try ServerFixture()
    let stranger = try Spawn.run(fixture.ssh(key: "stranger", ["-o", "BatchMode=yes"]) + ["true"])
    #expect(stranger.status == 255)
    #expect(stranger.output.contains("Permission denied"))
    let password = try Spawn.run(
      fixture.ssh(key: "stranger", ["-o", "BatchMode=yes", "-o", "PreferredAuthentications=password"]) + ["true"])
    #expect(password.status == 255)
    #expect(password.output.contains("Permission denied"))
    let exec = try Spawn.run(fixture.ssh(["-o", "BatchMode=yes"]) + ["ls"])
    #expect(exec.status != 0)
    #expect(fixture.log.contains("refused: exec request"))
    let stdio = try Spawn.run(fixture.ssh(["-o", "BatchMode=yes", "-W", "127.0.0.1:9"]))
    #expect(stdio.status != 0)
    let remote = try Spawn.run(
      fixture.ssh(["-o", "BatchMode=yes", "-o", "ExitOnForwardFailure=yes", "-N", "-R", "0:127.0.0.1:9"]))
    #expect(remote.status == 255)
    #expect(remote.output.contains("forwarding failed"))
    try fixture.wait("every connection to close") { fixture.server.connectionCount == 0 }
    #expect(fixture.server.sessionCount == 0)
    #expect(fixture.log.contains("authentication refused"))
    // Still serving.
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(fixture.ssh(["-tt"]).map(TmuxSession.quoted).joined(separator: " "))
    try tmux.waitFor(text: "served to ada")
    try tmux.keys("q")
    try fixture.wait("the session to end") { fixture.server.sessionCount == 0 }
  }

  /// Stopping the server with several viewers ends every session with exit
  /// status 0, each viewer's terminal restored (the channels close before
  /// the connections).
  @Test func stoppingWithSeveralViewers() async throws {
    let fixture = try ServerFixture()
    let panes = try (0..<3).map { _ in try TmuxSession(width: 80, height: 24) }
    defer { for pane in panes { pane.close() } }
    for (n, pane) in panes.enumerated() {
      try pane.type(fixture.ssh(user: "v\(n)", ["-tt"]).map(TmuxSession.quoted).joined(separator: " ") + "; echo EXIT=$?")
      try pane.waitFor(text: "served to v\(n)")
    }
    await fixture.server.stop()
    for pane in panes {
      let screen = try pane.waitFor("the exit status") { $0.range(of: #"EXIT=\d"#, options: .regularExpression) != nil }
      #expect(screen.contains("EXIT=0"))
      #expect(try pane.pane("alternate_on") == "0")
    }
  }

  /// Stopping the server ends every session: the app quits and the viewer's
  /// terminal is given back before the connection closes.
  @Test func stoppingEndsSessionsCleanly() async throws {
    let fixture = try ServerFixture()
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(fixture.ssh(["-tt"]).map(TmuxSession.quoted).joined(separator: " ") + "; echo EXIT=$?")
    try tmux.waitFor(text: "served to ada")
    await fixture.server.stop()
    let screen = try tmux.waitFor("the exit status") { $0.range(of: #"EXIT=\d"#, options: .regularExpression) != nil }
    #expect(screen.contains("EXIT=0"), "the session's channel closed with exit status 0 before the connection")
    #expect(!screen.contains("Planet 0"), "the alternate screen was left")
    #expect(try tmux.pane("alternate_on") == "0")
    #expect(fixture.server.sessionCount == 0)
  }
}
