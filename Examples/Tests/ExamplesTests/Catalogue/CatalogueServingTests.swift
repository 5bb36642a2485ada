import Foundation
import GridPlatform
import TermGridTesting
import Testing

/// `book-catalogue --serve`: one catalogue served over SSH to several
/// viewers (the real OpenSSH client in tmux), each with their own view; an
/// edit in one animates in the others, a save writes the file once, a
/// viewer let in without a key may only look, and SIGTERM ends every session
/// with the viewers' terminals restored.
@Suite(.serialized) struct CatalogueServingTests {
  /// A served catalogue: its folder (a copy of the bundled CSV, keys), the
  /// server's process and port.
  final class Served {
    let folder: URL
    let pid: pid_t
    let port: Int
    let log: String

    init(readOnlyForAll: Bool = false) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-served-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("book-catalogue/Resources/catalogue.csv")
      try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("books.csv"))
      let key = folder.appendingPathComponent("viewer").path
      #expect(try Spawn.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key]).status == 0)
      let keys = folder.appendingPathComponent("authorized_keys").path
      try FileManager.default.copyItem(atPath: key + ".pub", toPath: keys)
      chmod(keys, 0o600)
      log = folder.appendingPathComponent("server.log").path
      pid = try Spawn.start(
        [
          BookCatalogueEndToEndTests.binary, "--data", folder.appendingPathComponent("books.csv").path, "--serve", "0",
          "--host-key", folder.appendingPathComponent("host_key").path, "--authorized-keys", keys,
        ]
          + (readOnlyForAll ? ["--read-only-for-all"] : []), output: log)
      var port: Int?
      let deadline = Date().addingTimeInterval(30)
      while port == nil, Date() < deadline {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        if let range = text.range(of: #"port=\d+"#, options: .regularExpression) {
          port = Int(text[range].dropFirst(5))
        }
        usleep(20_000)
      }
      self.port = try #require(port, "the server said its port")
    }

    deinit {
      kill(pid, SIGKILL)
      _ = Spawn.wait(pid)
      try? FileManager.default.removeItem(at: folder)
    }

    /// The command line that connects as `user` (with the key unless `withKey` is false).
    func ssh(_ user: String, withKey: Bool = true) -> String {
      (["ssh", "-tt", "-p", "\(port)", "-F", "/dev/null"]
        + (withKey ? ["-i", folder.appendingPathComponent("viewer").path] : ["-o", "PubkeyAuthentication=no", "-o", "BatchMode=yes"])
        + ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "\(user)@127.0.0.1"])
        .map(TmuxSession.quoted).joined(separator: " ") + "; echo EXIT=$?"
    }
  }

  func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map(String.init) ?? ""
  }

  @Test func twoViewersShareOneCatalogue() throws {
    let served = try Served()
    let ada = try TmuxSession(width: 100, height: 30)
    let grace = try TmuxSession(width: 80, height: 24)
    defer {
      ada.close()
      grace.close()
    }
    try ada.type(served.ssh("ada"))
    try ada.waitFor(text: "171 books")
    try grace.type(served.ssh("grace"))
    try grace.waitFor(text: "2 viewing")
    try ada.waitFor(text: "2 viewing")
    // Grace looks at the second book; Ada adds one through the form.
    try grace.keys("Right")
    try grace.waitFor(text: "2/2 La Peste")
    try ada.keys("a")
    try ada.waitFor(text: "Add a book")
    try ada.keys("-l", "Nadja")
    try ada.keys("Tab", "Tab")  // the author the form offers: the focused book's, Albert Camus
    try ada.keys("-l", "1928")
    try ada.keys("Enter")
    // Grace's grid takes the change in: a third card fades into her first
    // row (the styled screens on the way are kept), her focus staying on her book.
    var screens: [String] = []
    var final = ""
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      let styled = try grace.captureStyled()
      if screens.last != styled { screens.append(styled) }
      final = TmuxSession.screenText(fromStyledCapture: styled)
      if final.contains("172 books · 74 authors"), final.contains("Albert Camus has 3 books") {
        usleep(500_000)  // (past the animation's end)
        let settled = try grace.captureStyled()
        if screens.last != settled { screens.append(settled) }
        break
      }
      usleep(5_000)
    }
    #expect(final.contains("172 books · 74 authors"), "\(final)")
    #expect(final.contains("Nadja"))
    #expect(statusLine(final).contains("2/3 La Peste"), "Grace's focus stayed on her book")
    // (How many frames of the fade a capture catches depends on the
    // machine's speed; that the change animates, frame by frame, is
    // CatalogueSharingTests', on a manual clock.)
    #expect(screens.count >= 2, "Grace's grid changed")
    // Ada saves: the file is written once, with the new book.
    try ada.keys("s")
    try ada.waitFor(text: "saved")
    let saved = try String(contentsOf: served.folder.appendingPathComponent("books.csv"), encoding: .utf8)
    #expect(saved.contains("Nadja"))
    // Grace deletes the book Ada is on; Ada's grid follows.
    try ada.keys("Home")
    try ada.waitFor(text: "1/3 L'Étranger")
    try grace.keys("Left")
    try grace.waitFor(text: "1/3 L'Étranger")
    try grace.keys("d")
    let deleted = try ada.waitFor("the delete in Ada's grid") { $0.contains("Albert Camus has 2 books") && !$0.contains("1/3 L'Étranger") }
    #expect(statusLine(deleted).contains("deleted by another viewer"), "Ada is told: \(statusLine(deleted))")
    // SIGTERM: both sessions end, both terminals restored, exit status 0.
    kill(served.pid, SIGTERM)
    for pane in [ada, grace] {
      let screen = try pane.waitFor("the exit status") { $0.range(of: #"EXIT=\d"#, options: .regularExpression) != nil }
      #expect(screen.contains("EXIT=0"))
      #expect(try pane.pane("alternate_on") == "0")
    }
    #expect(Spawn.wait(served.pid) == 0)
  }

  @Test func aGuestMayOnlyLook() throws {
    let served = try Served(readOnlyForAll: true)
    let guest = try TmuxSession(width: 100, height: 30)
    defer { guest.close() }
    try guest.type(served.ssh("guest", withKey: false))
    try guest.waitFor(text: "read-only")
    try guest.keys("d")
    try guest.waitFor(text: "can be browsed, not changed")
    #expect(try guest.capture().contains("171 books"))
    try guest.keys("q")
    try guest.waitFor(text: "EXIT=0")
  }
}
