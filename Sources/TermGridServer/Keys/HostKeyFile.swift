import Crypto
import Foundation
import GridPlatform
import NIOSSH

/// The server's Ed25519 host key in a file in OpenSSH's private key format
/// (what `ssh-keygen -t ed25519 -N ''` writes, so either may make it, and
/// `ssh-keygen -lf` shows its fingerprint).
///
/// On first start the file is made with mode 0600; a file that others may
/// read, or that another user owns, is refused.
enum HostKeyFile {
  /// The key in `path`, made there first when there is no file.
  static func loadOrCreate(at path: String) throws(HostKeyError) -> (key: Curve25519.Signing.PrivateKey, created: Bool) {
    var status = stat()
    if stat(path, &status) != 0 {
      guard errno == ENOENT else { throw .fileError(path: path, errno: errno) }
      let key = Curve25519.Signing.PrivateKey()
      try create(path, bytes: Array(OpenSSHPrivateKey.encode(key, comment: "termgrid host key").utf8))
      return (key, true)
    }
    guard status.st_uid == geteuid() else { throw .ownedByAnotherUser(path: path) }
    guard status.st_mode & 0o077 == 0 else { throw .readableByOthers(path: path, mode: UInt32(status.st_mode)) }
    guard status.st_size <= 64 * 1024 else { throw .malformed(path: path, reason: "larger than 64 KiB") }
    guard let data = FileManager.default.contents(atPath: path) else { throw .fileError(path: path, errno: EACCES) }
    do {
      return (try OpenSSHPrivateKey.decode(String(decoding: data, as: UTF8.self)), false)
    } catch {
      throw .malformed(path: path, reason: error.reason)
    }
  }

  /// Writes a new file with mode 0600 (never over an existing one).
  private static func create(_ path: String, bytes: [UInt8]) throws(HostKeyError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .fileError(path: path, errno: errno) }
    defer { close(fd) }
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
      if n < 0 {
        if errno == EINTR { continue }
        let error = errno
        unlink(path)
        throw .fileError(path: path, errno: error)
      }
      written += n
    }
    _ = fsync(fd)
  }
}
