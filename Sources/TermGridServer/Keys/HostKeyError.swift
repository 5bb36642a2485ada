import GridPlatform

/// Why the server's host key file cannot be used.
public enum HostKeyError: Error, Equatable, CustomStringConvertible {
  /// Others than its owner may read or write the file (its mode is given):
  /// anyone who read it could pose as the server. `chmod 600` it.
  case readableByOthers(path: String, mode: UInt32)
  /// The file belongs to another user than the one running the server.
  case ownedByAnotherUser(path: String)
  /// The file is not an OpenSSH private key the server can use (the reason is given).
  case malformed(path: String, reason: String)
  /// The file could not be read or made (the system's error number is given).
  case fileError(path: String, errno: Int32)

  /// Says what is wrong and what to do.
  public var description: String {
    switch self {
    case .readableByOthers(let path, let mode):
      "host key \(path) may be read by others (mode \(String(mode & 0o777, radix: 8))): refusing it; run chmod 600 \(path)"
    case .ownedByAnotherUser(let path): "host key \(path) belongs to another user: refusing it"
    case .malformed(let path, let reason): "host key \(path) is not a usable OpenSSH Ed25519 private key: \(reason)"
    case .fileError(let path, let errno): "host key \(path): \(String(cString: strerror(errno)))"
    }
  }
}
