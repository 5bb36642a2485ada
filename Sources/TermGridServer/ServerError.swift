import GridPlatform

/// Why a ``TerminalServer`` cannot start or serve.
public enum ServerError: Error, CustomStringConvertible {
  /// The host key file cannot be used.
  case hostKey(HostKeyError)
  /// The `authorized_keys` file cannot be read (the system's error number).
  case authorizedKeysUnreadable(path: String, errno: Int32)
  /// Others than its owner may write the `authorized_keys` file (its mode
  /// is given): anyone who may write it may let themselves in. `chmod 600` it.
  case authorizedKeysWritableByOthers(path: String, mode: UInt32)
  /// Nobody could get in: no authorized key, no password check, and not
  /// open to anyone read-only.
  case nobodyMayConnect
  /// The address and port cannot be listened on (the reason is given).
  case cannotListen(host: String, port: Int, reason: String)
  /// A session's pipes could not be made (the system's error number).
  case cannotCreatePipe(errno: Int32)
  /// ``TerminalServer/start()`` was called on a server that has already started.
  case alreadyStarted

  /// Says what is wrong.
  public var description: String {
    switch self {
    case .hostKey(let error): error.description
    case .authorizedKeysUnreadable(let path, let errno):
      "authorized keys \(path): \(String(cString: strerror(errno)))"
    case .authorizedKeysWritableByOthers(let path, let mode):
      "authorized keys \(path) may be written by others (mode \(String(mode, radix: 8))): refusing it; run chmod 600 \(path)"
    case .nobodyMayConnect:
      "nobody may connect: give an authorized_keys file, a password check, or allow anyone read-only"
    case .cannotListen(let host, let port, let reason): "cannot listen on \(host) port \(port): \(reason)"
    case .cannotCreatePipe(let errno): "cannot create a session's pipes: \(String(cString: strerror(errno)))"
    case .alreadyStarted: "the server has already started"
    }
  }
}
