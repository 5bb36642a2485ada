/// The limits a ``TerminalServer`` keeps; each is logged when it bites.
public struct ServerLimits: Sendable {
  /// Connections open at once from one address (a further one is closed at once).
  public var connectionsPerAddress: Int
  /// Sessions running at once (a further shell request is refused).
  public var sessions: Int
  /// Failed authentication attempts before the connection is closed.
  public var authenticationAttempts: Int
  /// Time from connecting to being authenticated before the connection is closed.
  public var authenticationTime: Duration
  /// Time without input from the viewer before their session ends.
  public var idleTime: Duration
  /// Bytes the viewer may send per second; beyond it their input is read
  /// more slowly (nothing is dropped).
  public var bytesInPerSecond: Int
  /// Time the viewer's connection may stay unable to take more output
  /// (a viewer that reads slowly or not at all) before their session is closed.
  public var blockedOutputTime: Duration
  /// The largest terminal a viewer may ask for, in cells; a larger
  /// request is cut to it.
  public var maximumColumns: Int
  /// The largest terminal a viewer may ask for, in rows.
  public var maximumRows: Int

  /// Limits with the given values (the defaults suit a small public server).
  public init(
    connectionsPerAddress: Int = 8, sessions: Int = 200, authenticationAttempts: Int = 6,
    authenticationTime: Duration = .seconds(30), idleTime: Duration = .seconds(30 * 60),
    bytesInPerSecond: Int = 64 * 1024, blockedOutputTime: Duration = .seconds(30),
    maximumColumns: Int = 1_000, maximumRows: Int = 500
  ) {
    self.connectionsPerAddress = connectionsPerAddress
    self.sessions = sessions
    self.authenticationAttempts = authenticationAttempts
    self.authenticationTime = authenticationTime
    self.idleTime = idleTime
    self.bytesInPerSecond = bytesInPerSecond
    self.blockedOutputTime = blockedOutputTime
    self.maximumColumns = maximumColumns
    self.maximumRows = maximumRows
  }
}
