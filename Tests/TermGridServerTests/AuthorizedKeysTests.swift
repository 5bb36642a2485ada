import Foundation
import NIOSSH
import TermGridTesting
import Testing

@testable import TermGridServer

/// Reading `authorized_keys`: keys taken, comments and blank lines
/// skipped, lines with options or unknown types refused with their number.
@Suite struct AuthorizedKeysTests {
  /// A public key of `type` made by `ssh-keygen`: "TYPE BASE64".
  static func madeKey(_ type: String) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-key-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    defer { try? FileManager.default.removeItem(atPath: file + ".pub") }
    #expect(try Spawn.run(["ssh-keygen", "-q", "-t", type, "-N", "", "-f", file]).status == 0)
    return try String(contentsOfFile: file + ".pub", encoding: .utf8).split(separator: " ").prefix(2).joined(separator: " ")
  }

  @Test func keysAreTakenAndTheRestRefusedWithReasons() throws {
    let ed25519 = try Self.madeKey("ed25519")
    let ecdsa = try Self.madeKey("ecdsa")
    let text = """
      # the team
      \(ed25519) ada@example\r

      \(ecdsa)
      command="ls" \(ed25519)
      ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 old
      ssh-ed25519 not-base64!
      """
    let keys = AuthorizedKeys(text: text)
    #expect(keys.keys.count == 2)
    #expect(keys.contains(try NIOSSHPublicKey(openSSHPublicKey: ed25519)))
    #expect(keys.contains(try NIOSSHPublicKey(openSSHPublicKey: ecdsa)))
    #expect(keys.refused.map(\.line) == [5, 6, 7])
    #expect(keys.refused[0].reason.contains("options"))
    #expect(keys.refused[1].reason.contains("not a supported key type"))
    #expect(keys.refused[2].reason.contains("cannot be read"))
  }

  @Test func anEmptyFileLetsNobodyIn() {
    #expect(AuthorizedKeys(text: "").keys.isEmpty)
    #expect(AuthorizedKeys(text: "\n# nothing\n").refused.isEmpty)
  }
}
