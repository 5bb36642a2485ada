import Foundation
import TermGridTesting
import Testing

@testable import TermGridServer

/// The host key file: made on first start in OpenSSH's format with mode
/// 0600, read back, OpenSSH's own keys read, and every file that cannot be
/// used refused with a reason.
@Suite struct HostKeyFileTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("termgrid-hostkey-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// `ssh-keygen -y`'s public key of the private key file at `path`.
  func publicKey(byOpenSSH path: String) throws -> String {
    let result = try Spawn.run(["ssh-keygen", "-y", "-f", path])
    #expect(result.status == 0, "\(result.output)")
    return result.output.split(separator: " ").prefix(2).joined(separator: " ")
  }

  @Test func aKeyIsMadeOnFirstStartWithMode0600AndOpenSSHReadsIt() throws {
    let made = try HostKeyFile.loadOrCreate(at: path("host_key"))
    #expect(made.created)
    var status = stat()
    #expect(stat(path("host_key"), &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
    let ours = "ssh-ed25519 " + Data(sshEd25519Blob(made.key.publicKey.rawRepresentation)).base64EncodedString()
    #expect(try publicKey(byOpenSSH: path("host_key")) == ours)
    let again = try HostKeyFile.loadOrCreate(at: path("host_key"))
    #expect(!again.created)
    #expect(again.key.rawRepresentation == made.key.rawRepresentation)
  }

  @Test func aKeyMadeByOpenSSHIsUsed() throws {
    #expect(try Spawn.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path("k")]).status == 0)
    let loaded = try HostKeyFile.loadOrCreate(at: path("k"))
    #expect(!loaded.created)
    let ours = "ssh-ed25519 " + Data(sshEd25519Blob(loaded.key.publicKey.rawRepresentation)).base64EncodedString()
    #expect(try publicKey(byOpenSSH: path("k")) == ours)
  }

  @Test func aKeyOthersMayReadIsRefused() throws {
    _ = try HostKeyFile.loadOrCreate(at: path("host_key"))
    chmod(path("host_key"), 0o644)
    #expect(throws: HostKeyError.readableByOthers(path: path("host_key"), mode: UInt32(S_IFREG | 0o644))) {
      try HostKeyFile.loadOrCreate(at: path("host_key"))
    }
    chmod(path("host_key"), 0o620)
    #expect(throws: HostKeyError.self) { try HostKeyFile.loadOrCreate(at: path("host_key")) }
  }

  @Test(arguments: [
    (["-t", "ed25519", "-N", "secret"], "passphrase"), (["-t", "ecdsa", "-N", ""], "not an Ed25519 key"),
  ])
  func keysTheServerCannotUseAreRefused(options: [String], reason: String) throws {
    #expect(try Spawn.run(["ssh-keygen", "-q"] + options + ["-f", path("k")]).status == 0)
    do {
      _ = try HostKeyFile.loadOrCreate(at: path("k"))
      Issue.record("taken")
    } catch {
      guard case .malformed(_, let said) = error else { throw error }
      #expect(said.contains(reason))
    }
  }

  /// Every cut and every changed byte of a good file is refused or read
  /// as a key whose halves match: never a crash, never a wrong key taken.
  @Test func brokenFilesAreRefused() throws {
    _ = try HostKeyFile.loadOrCreate(at: path("good"))
    let good = try String(contentsOfFile: path("good"), encoding: .utf8)
    var random = SplitMix64(seed: 33)
    for round in 0..<300 {
      var text = Array(good.utf8)
      if round % 2 == 0 {
        text = Array(text.prefix(Int(random.next() % UInt64(text.count))))
      } else {
        let at = 36 + Int(random.next() % UInt64(text.count - 72))
        text[at] = UInt8(random.next() % 128)
      }
      let file = path("broken-\(round)")
      _ = FileManager.default.createFile(atPath: file, contents: Data(text), attributes: [.posixPermissions: 0o600])
      do {
        let loaded = try HostKeyFile.loadOrCreate(at: file)
        #expect(!loaded.created)
      } catch {
        guard case .malformed = error else {
          Issue.record("\(error)")
          continue
        }
      }
    }
  }
}

/// The SSH wire form of an Ed25519 public key (what `ssh-keygen -y` prints in base64).
func sshEd25519Blob(_ key: Data) -> [UInt8] {
  var buffer = SSHBuffer()
  buffer.appendString(Array("ssh-ed25519".utf8))
  buffer.appendString(Array(key))
  return buffer.bytes
}
