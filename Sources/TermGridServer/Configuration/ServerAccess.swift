/// Who may connect to a ``TerminalServer``, and how they prove it.
///
/// Public-key authentication against an OpenSSH `authorized_keys` file is
/// the way in; passwords are off unless a check is given; and
/// ``anyoneReadOnly`` lets everyone in without a key, read-only, for a
/// public demo (logged when the server starts).
public struct ServerAccess: Sendable {
  /// The `authorized_keys` file whose keys may connect (nil: none).
  public var authorizedKeysPath: String?
  /// Decides a user name and password (nil: password authentication off).
  /// Called on the connection's event loop: keep it quick.
  public var checkPassword: (@Sendable (_ user: String, _ password: String) -> Bool)?
  /// Whether anyone may connect without proving who they are; their
  /// sessions are read-only (``ServedSession/isReadOnly``).
  public var allowsAnyoneReadOnly: Bool

  /// Access with the given parts (see the properties).
  public init(
    authorizedKeysPath: String? = nil, checkPassword: (@Sendable (String, String) -> Bool)? = nil,
    allowsAnyoneReadOnly: Bool = false
  ) {
    self.authorizedKeysPath = authorizedKeysPath
    self.checkPassword = checkPassword
    self.allowsAnyoneReadOnly = allowsAnyoneReadOnly
  }

  /// The keys in the OpenSSH `authorized_keys` file at `path` may connect
  /// (read at start; lines with options such as `command=` are refused,
  /// logged, since the server cannot honour them).
  public static func authorizedKeys(at path: String) -> ServerAccess {
    ServerAccess(authorizedKeysPath: path)
  }

  /// Anyone may connect, read-only, without a key or a password.
  public static var anyoneReadOnly: ServerAccess { ServerAccess(allowsAnyoneReadOnly: true) }
}
