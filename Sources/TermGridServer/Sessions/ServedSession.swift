/// What the server knows about one viewer's session, handed to the app's
/// factory (``TerminalServer/init(configuration:logger:makeScene:)``) to
/// make the session's scene.
public struct ServedSession: Sendable {
  /// The session's number, unique while the server runs (in the logs too).
  public let id: Int
  /// The user name the viewer gave (at most 64 characters; not checked
  /// against anything when ``isReadOnly``).
  public let user: String
  /// The viewer's address and port.
  public let address: String
  /// Whether the viewer came in without a key or password
  /// (<doc:ServerAccess/anyoneReadOnly>): the app should let them look, not change.
  public let isReadOnly: Bool
  /// The viewer's terminal type (`TERM`, from their pty request). When
  /// this machine has no usable terminfo description of it, the session
  /// writes `xterm-256color` (logged).
  public let term: String
  /// The variables the viewer sent that the server lets through: `TERM`,
  /// `COLORTERM`, `LANG`, `LC_*` and `TERMGRID_*`.
  public let environment: [String: String]
}
