/// Who may connect to a ``TerminalServer``, and how they prove it.
///
/// Public-key authentication against an OpenSSH `authorized_keys` file is
/// the way in; passwords are off unless a check is given; and
/// ``anyoneReadOnly`` lets everyone in without a key, read-only, for a
/// public demo (logged when the server starts).
///
/// Both at once: `ServerAccess(authorizedKeysPath: "authorized_keys",
/// allowsAnyoneReadOnly: true)`. A viewer whose key is in the file gets in
/// read-write; anyone else read-only: `ssh guest@host` (the
/// ``readOnlyUserName``) at once, any other name after OpenSSH has offered
/// its keys and asked for a password, which any answer (an empty one too)
/// satisfies. (The client asks the server before it offers a key, so the
/// server cannot let everyone in at once and still learn who has a key.)
public struct ServerAccess: Sendable {
  /// The `authorized_keys` file whose keys may connect (nil: none); a
  /// relative path is from the working directory. A file that others than
  /// its owner may write is refused
  /// (``ServerError/authorizedKeysWritableByOthers(path:mode:)``).
  public var authorizedKeysPath: String?
  /// Decides a user name and password (nil: password authentication off).
  /// Called on the connection's event loop: keep it quick.
  public var checkPassword: (@Sendable (_ user: String, _ password: String) -> Bool)?
  /// Whether anyone may connect without proving who they are; their
  /// sessions are read-only (``ServedSession/isReadOnly``).
  public var allowsAnyoneReadOnly: Bool
  /// With keys and ``allowsAnyoneReadOnly`` both: the user name that gets
  /// in read-only at once, without being asked for a key or a password
  /// (`ssh guest@host`).
  public var readOnlyUserName: String

  /// Access with the given parts (see the properties).
  public init(
    authorizedKeysPath: String? = nil, checkPassword: (@Sendable (String, String) -> Bool)? = nil,
    allowsAnyoneReadOnly: Bool = false, readOnlyUserName: String = "guest"
  ) {
    self.authorizedKeysPath = authorizedKeysPath
    self.checkPassword = checkPassword
    self.allowsAnyoneReadOnly = allowsAnyoneReadOnly
    self.readOnlyUserName = readOnlyUserName
  }

  /// The keys in the OpenSSH `authorized_keys` file at `path` may connect
  /// (read at start; lines with options such as `command=` are refused,
  /// logged, since the server cannot honour them).
  public static func authorizedKeys(at path: String) -> ServerAccess {
    ServerAccess(authorizedKeysPath: path)
  }

  /// Anyone may connect, read-only, without a key or a password (the client
  /// is let in at its first request, before it offers a key).
  public static var anyoneReadOnly: ServerAccess { ServerAccess(allowsAnyoneReadOnly: true) }
}
