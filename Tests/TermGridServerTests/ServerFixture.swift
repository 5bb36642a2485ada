import Foundation
import Logging
import NIOConcurrencyHelpers
import TermGrid
import TermGridTesting

@testable import TermGridServer

/// A served app for the tests: planets on cards, `i` inserts a moon (in
/// this viewer's own list), `q` quits.
final class ServedPlanets: CollectionViewController {
  var names = (0..<20).map { "Planet \($0)" }
  let viewer: String

  init(viewer: String, readOnly: Bool = false) {
    self.viewer = viewer + (readOnly ? " (read-only)" : "")
    super.init(layout: FlowLayout(itemSize: Size(width: 14, height: 3)))
  }

  override var titleText: String? { "served to \(viewer)" }
  override var keyCommands: [KeyCommand] { [KeyCommand("i", title: "insert", action: insert)] }
  func insert() throws {
    let p = collectionView.focusedIndexPath ?? IndexPath(item: 0, section: 0)
    try collectionView.insertItems(at: [p]) { names.insert("Moon", at: p.item) }
  }
  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { names.count }
  override func collectionView(_: CollectionView, cellForItemAt p: IndexPath) -> ElementContent {
    ElementContent(title: names[p.item], border: .rounded)
  }
}

/// A scene that draws a whole new screen every frame, for ever (until `q`):
/// output as fast as a session makes it.
final class Flood: Scene {
  var frame = 0
  var needsDisplay: Bool { true }
  func draw(into surface: inout Surface) {
    frame += 1
    let letter = Grapheme(ascii: UInt8(65 + frame % 26))
    surface.fill(CellRect(x: 0, y: 0, width: surface.width, height: surface.height), with: letter)
  }
  func handle(_ event: InputEvent) throws -> EventResult { event == .key(.char("q")) ? .quit : .continue }
}

/// Log lines kept for the tests to read.
final class KeptLog: Sendable {
  let lines = NIOLockedValueBox<[String]>([])

  var logger: Logger {
    Logger(label: "test") { _ in KeptLogHandler(log: self) }
  }

  func contains(_ text: String) -> Bool { lines.withLockedValue { $0.contains { $0.contains(text) } } }
}

struct KeptLogHandler: LogHandler {
  let log: KeptLog
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let all = metadata.merging(event.metadata ?? [:]) { $1 }
    log.lines.withLockedValue { $0.append("\(event.level) \(event.message) \(all)") }
  }
}

/// A folder with a client key pair made by `ssh-keygen`, an
/// `authorized_keys` file holding it, a second key that is not in it, and
/// a server on a free port serving ``ServedPlanets``.
final class ServerFixture {
  let folder: URL
  let server: TerminalServer
  let port: Int
  let log = KeptLog()

  init(
    limits: ServerLimits = ServerLimits(), access: ((URL) -> ServerAccess)? = nil,
    makeScene: (@Sendable (ServedSession) throws -> any Scene)? = nil
  ) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let folder = folder
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    for key in ["viewer", "stranger"] {
      let made = try Spawn.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", key, "-f", path(key)])
      guard made.status == 0 else { throw TmuxSession.Failure(description: "ssh-keygen: \(made.output)") }
    }
    try FileManager.default.copyItem(atPath: path("viewer.pub"), toPath: path("authorized_keys"))
    let configuration = ServerConfiguration(
      port: 0, hostKeyPath: folder.appendingPathComponent("host_key").path,
      access: access?(folder) ?? .authorizedKeys(at: folder.appendingPathComponent("authorized_keys").path),
      limits: limits)
    server = try TerminalServer(configuration: configuration, logger: log.logger) { session in
      try makeScene?(session) ?? ServedPlanets(viewer: session.user, readOnly: session.isReadOnly)
    }
    port = try server.start()
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The `ssh` command line for `key` (and `extra` options, which come
  /// first: for `ssh`, the first value of an option wins), as words.
  func ssh(key: String = "viewer", user: String = "ada", _ extra: [String] = []) -> [String] {
    ["ssh", "-p", "\(port)", "-i", path(key), "-F", "/dev/null"] + extra
      + [
        "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes",
        "-o", "LogLevel=ERROR", "\(user)@127.0.0.1",
      ]
  }

  /// A script that prints `password`, for `SSH_ASKPASS`: the environment
  /// that makes `ssh` type it when asked for a password.
  func askpass(_ password: String) throws -> [String: String] {
    let script = path("askpass-\(password)")
    try "#!/bin/sh\necho '\(password)'\n".write(toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o700)
    return ["SSH_ASKPASS": script, "SSH_ASKPASS_REQUIRE": "force", "PATH": "/usr/bin:/bin", "HOME": folder.path]
  }

  /// Waits (up to `timeout` seconds) until `condition` holds.
  func wait(_ what: String, timeout: Double = 15, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
      guard Date() < deadline else {
        let lines = log.lines.withLockedValue { $0.joined(separator: "\n") }
        throw TmuxSession.Failure(description: "timed out waiting for \(what); the server logged:\n\(lines)")
      }
      usleep(20_000)
    }
  }
}
