/// Where a ``TerminalServer`` listens, who may connect, and its limits.
///
/// Closed by default: it listens on the loopback address only, and nobody
/// gets in unless ``access`` says who (keys in an `authorized_keys` file,
/// or, explicitly, anyone read-only).
///
/// ```swift
/// let configuration = ServerConfiguration(
///   port: 2222, hostKeyPath: "host_key", access: .authorizedKeys(at: "authorized_keys"))
/// ```
public struct ServerConfiguration: Sendable {
  /// The address to listen on: `127.0.0.1` (this machine only) unless set;
  /// `0.0.0.0` or `::` for every interface.
  public var host: String
  /// The TCP port to listen on; 0 picks a free one (see ``TerminalServer/start()``).
  public var port: Int
  /// The file holding the server's Ed25519 host key: made on first start
  /// (mode 0600), refused when anyone but its owner may read it. A relative
  /// path is from the working directory.
  public var hostKeyPath: String
  /// Who may connect.
  public var access: ServerAccess
  /// The limits on connections, sessions, authentication, idle time and input.
  public var limits: ServerLimits

  /// A configuration listening on `host` (default: the loopback address)
  /// and `port`, with the host key in `hostKeyPath`, letting in whom
  /// `access` says, within `limits`.
  public init(
    host: String = "127.0.0.1", port: Int, hostKeyPath: String, access: ServerAccess,
    limits: ServerLimits = ServerLimits()
  ) {
    self.host = host
    self.port = port
    self.hostKeyPath = hostKeyPath
    self.access = access
    self.limits = limits
  }
}
