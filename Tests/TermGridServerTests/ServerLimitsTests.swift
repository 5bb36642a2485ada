import Foundation
import GridPlatform
import TermGrid
import TermGridTesting
import Testing

@testable import TermGridServer

/// Each of the server's limits, biting on the real OpenSSH client, logged,
/// and leaving the server serving.
@Suite(.serialized) struct ServerLimitsTests {
  func sshLine(_ fixture: ServerFixture, user: String = "ada", _ extra: [String] = []) -> String {
    fixture.ssh(user: user, ["-tt"] + extra).map(TmuxSession.quoted).joined(separator: " ") + "; echo EXIT=$?"
  }

  @Test func connectionsPerAddress() throws {
    let fixture = try ServerFixture(limits: ServerLimits(connectionsPerAddress: 1))
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(sshLine(fixture))
    try tmux.waitFor(text: "served to ada")
    let second = try Spawn.run(fixture.ssh(["-o", "BatchMode=yes"]) + ["true"])
    #expect(second.status == 255)
    #expect(fixture.log.contains("limit: 1 connections from 127.0.0.1"))
    try tmux.keys("q")
    try fixture.wait("the first to close") { fixture.server.connectionCount == 0 }
  }

  @Test func sessions() throws {
    let fixture = try ServerFixture(limits: ServerLimits(sessions: 1))
    let first = try TmuxSession(width: 80, height: 24)
    let second = try TmuxSession(width: 80, height: 24)
    defer {
      first.close()
      second.close()
    }
    try first.type(sshLine(fixture))
    try first.waitFor(text: "served to ada")
    try second.type(sshLine(fixture, user: "grace"))
    let screen = try second.waitFor("the exit status") { $0.range(of: #"EXIT=\d"#, options: .regularExpression) != nil }
    #expect(!screen.contains("served to grace"))
    try fixture.wait("the limit to be logged") { fixture.log.contains("limit: sessions (1) reached") }
    try first.keys("q")
    try fixture.wait("the first session to end") { fixture.server.sessionCount == 0 }
  }

  /// A connection that says nothing is closed when the time to authenticate is up.
  @Test func authenticationTime() throws {
    let fixture = try ServerFixture(limits: ServerLimits(authenticationTime: .seconds(1)))
    let fd = socket(AF_INET, Platform.streamSocketType, 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(fixture.port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    #expect(connected == 0)
    // Read the server's version line, then wait for the end (up to 15 s).
    var buffer = [UInt8](repeating: 0, count: 4096)
    var ended = false
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&p, 1, 500) > 0 else { continue }
      if read(fd, &buffer, buffer.count) <= 0 {
        ended = true
        break
      }
    }
    #expect(ended)
    #expect(fixture.log.contains("limit: not authenticated within"))
  }

  /// Wrong passwords, one after the other: closed at the limit.
  @Test func authenticationAttempts() throws {
    let fixture = try ServerFixture(limits: ServerLimits(authenticationAttempts: 2)) { folder in
      ServerAccess(checkPassword: { user, password in user == "ada" && password == "right" })
    }
    let wrong = try Spawn.run(
      fixture.ssh(["-o", "PreferredAuthentications=password", "-o", "NumberOfPasswordPrompts=5"]) + ["true"],
      environment: try fixture.askpass("wrong"))
    #expect(wrong.status == 255)
    #expect(fixture.log.contains("too many failed authentication attempts"))
    #expect(fixture.log.contains("authentication refused"))
    // The right one gets in (and a command is still refused).
    let right = try Spawn.run(
      fixture.ssh(["-o", "PreferredAuthentications=password"]) + ["true"], environment: try fixture.askpass("right"))
    #expect(right.status != 0)
    #expect(fixture.log.contains("authenticated"))
    #expect(fixture.log.contains("refused: exec request"))
  }

  @Test func anyoneReadOnly() throws {
    let fixture = try ServerFixture(access: { _ in .anyoneReadOnly })
    #expect(fixture.log.contains("anyone may connect, read-only"))
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(sshLine(fixture, ["-i", fixture.path("stranger")]))
    try tmux.waitFor(text: "served to ada (read-only)")
    try tmux.keys("q")
    try tmux.waitFor(text: "EXIT=0")
  }

  /// Keys and anyone read-only at once: a listed key gets in read-write;
  /// `guest` gets in read-only at once with no key; another name without a
  /// key is asked for a password, and Enter alone lets it in read-only.
  @Test func keysAndAnyoneReadOnly() throws {
    let fixture = try ServerFixture(access: { folder in
      ServerAccess(authorizedKeysPath: folder.appendingPathComponent("authorized_keys").path, allowsAnyoneReadOnly: true)
    })
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(sshLine(fixture))
    try tmux.waitFor(text: "served to ada")
    #expect(!(try tmux.capture()).contains("read-only"))
    try tmux.keys("q")
    try tmux.waitFor(text: "EXIT=0")
    try tmux.type("clear")
    try tmux.type(sshLine(fixture, user: "guest", ["-o", "PubkeyAuthentication=no", "-o", "BatchMode=yes"]))
    try tmux.waitFor(text: "served to guest (read-only)")
    try tmux.keys("q")
    try tmux.waitFor(text: "EXIT=0")
    try tmux.type("clear")
    try tmux.type(sshLine(fixture, user: "grace", ["-o", "PubkeyAuthentication=no"]))
    try tmux.waitFor(text: "password:")
    try tmux.keys("Enter")
    try tmux.waitFor(text: "served to grace (read-only)")
    try tmux.keys("q")
  }

  @Test func anAuthorizedKeysFileOthersMayWriteIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-ak-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let keys = folder.appendingPathComponent("authorized_keys").path
    _ = FileManager.default.createFile(atPath: keys, contents: Data(), attributes: [.posixPermissions: 0o666])
    chmod(keys, 0o666)
    #expect(throws: ServerError.self) {
      try TerminalServer(
        configuration: ServerConfiguration(
          port: 0, hostKeyPath: folder.appendingPathComponent("hk").path, access: .authorizedKeys(at: keys))
      ) { _ in ServedPlanets(viewer: "") }
    }
  }

  /// A viewer who types nothing for the idle time: their session ends and
  /// their terminal is given back.
  @Test func idleTime() throws {
    let fixture = try ServerFixture(limits: ServerLimits(idleTime: .seconds(1)))
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(sshLine(fixture))
    try tmux.waitFor(text: "served to ada")
    let screen = try tmux.waitFor(text: "EXIT=0")
    #expect(!screen.contains("Planet 0"))
    #expect(try tmux.pane("alternate_on") == "0")
    #expect(fixture.log.contains("limit: idle"))
  }

  /// A viewer whose client stops reading (stopped with SIGSTOP) while the
  /// app draws as fast as it can: the server does not buffer for them, and
  /// closes the session when the blocked time is up.
  @Test func blockedOutput() throws {
    let fixture = try ServerFixture(limits: ServerLimits(blockedOutputTime: .seconds(1)), makeScene: { _ in Flood() })
    let tmux = try TmuxSession(width: 250, height: 80)
    defer { tmux.close() }
    try tmux.type(sshLine(fixture))
    try tmux.waitFor("the flood") { $0.contains(String(repeating: "A", count: 200)) || $0.contains(String(repeating: "B", count: 200)) }
    let stop = try Spawn.run(["pkill", "-STOP", "-f", "ssh -p \(fixture.port) "])
    #expect(stop.status == 0)
    defer { _ = try? Spawn.run(["pkill", "-CONT", "-f", "ssh -p \(fixture.port) "]) }
    try fixture.wait("the session to be closed", timeout: 60) { fixture.server.sessionCount == 0 }
    #expect(fixture.log.contains("limit: the viewer took no output"))
  }

  /// Input beyond the bytes per second is read more slowly, not dropped:
  /// the session keeps running and is logged once.
  @Test func bytesInPerSecond() throws {
    let fixture = try ServerFixture(limits: ServerLimits(bytesInPerSecond: 100))
    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.close() }
    try tmux.type(sshLine(fixture))
    try tmux.waitFor(text: "served to ada")
    try tmux.keys("-l", String(repeating: "x", count: 400))
    try fixture.wait("the limit to bite") { fixture.log.contains("limit: input beyond 100 bytes a second") }
    try tmux.keys("q")
    try tmux.waitFor(text: "EXIT=0", timeout: 30)
  }
}
