import Logging

/// One viewer's connection: where it comes from, its log (with the peer's
/// address), and who the viewer is once authenticated.
final class ConnectionContext: Sendable {
  let address: String
  let logger: Logger
  let authentication: ViewerAuthentication

  init(address: String, logger: Logger, authentication: ViewerAuthentication) {
    self.address = address
    self.logger = logger
    self.authentication = authentication
  }

  /// Who got in (nil before authentication).
  var viewer: ViewerAuthentication.Viewer? { authentication.viewer }
}
