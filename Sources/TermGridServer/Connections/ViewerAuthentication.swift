import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOSSH

/// Decides who a connection's viewer is (one per connection): a key from
/// the `authorized_keys` file, a password the configured check accepts,
/// or, when anyone may come in read-only, anyone. Every refusal is logged;
/// after as many failures as the limit allows, the connection is closed.
final class ViewerAuthentication: NIOSSHServerUserAuthenticationDelegate, Sendable {
  /// Who got in, once someone did.
  struct Viewer: Sendable {
    /// The user name they gave.
    let user: String
    /// Whether their session may only look.
    let isReadOnly: Bool
  }

  private let keys: AuthorizedKeys
  private let access: ServerAccess
  private let logger: Logger
  private let maximumFailures: Int
  private let state = NIOLockedValueBox<(viewer: Viewer?, failures: Int)>((nil, 0))
  /// Called (on the connection's event loop) when the failures reach the limit.
  private let onTooManyFailures: @Sendable () -> Void

  init(
    keys: AuthorizedKeys, access: ServerAccess, maximumFailures: Int, logger: Logger,
    onTooManyFailures: @escaping @Sendable () -> Void
  ) {
    self.keys = keys
    self.access = access
    self.logger = logger
    self.maximumFailures = maximumFailures
    self.onTooManyFailures = onTooManyFailures
  }

  /// The viewer, once authenticated.
  var viewer: Viewer? { state.withLockedValue { $0.viewer } }

  var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
    var methods: NIOSSHAvailableUserAuthenticationMethods = []
    if !keys.keys.isEmpty || access.allowsAnyoneReadOnly { methods.insert(.publicKey) }
    // Anyone read-only with keys too: a viewer without one (and not the
    // read-only user name) is asked for a password, and any answer lets
    // them in read-only.
    if access.checkPassword != nil || access.allowsAnyoneReadOnly { methods.insert(.password) }
    return methods
  }

  func requestReceived(
    request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
  ) {
    let user = String(request.username.prefix(64))
    let accepted: Viewer?
    switch request.request {
    case .publicKey(let offer) where keys.contains(offer.publicKey): accepted = Viewer(user: user, isReadOnly: false)
    case .password(let offer) where access.checkPassword?(request.username, offer.password) == true:
      accepted = Viewer(user: user, isReadOnly: false)
    case .none where !keys.keys.isEmpty && request.username != access.readOnlyUserName:
      // Whoever holds a key is to be asked for it (or they would get in
      // read-only before offering it): the client goes on to its keys. The
      // read-only user name gets in at once.
      accepted = nil
    default: accepted = access.allowsAnyoneReadOnly ? Viewer(user: user, isReadOnly: true) : nil
    }
    if let accepted {
      state.withLockedValue { $0.viewer = accepted }
      logger.info("authenticated", metadata: ["user": "\(user)", "readOnly": "\(accepted.isReadOnly)"])
      responsePromise.succeed(.success)
      return
    }
    if case .none = request.request {
      // The client asking which methods there are: not an attempt.
      responsePromise.succeed(.failure)
      return
    }
    let failures = state.withLockedValue { state in
      state.failures += 1
      return state.failures
    }
    logger.notice(
      "authentication refused",
      metadata: ["user": "\(user)", "method": "\(Self.method(request.request))", "failures": "\(failures)"])
    responsePromise.succeed(.failure)
    if failures >= maximumFailures {
      logger.notice("limit: too many failed authentication attempts, closing", metadata: ["user": "\(user)"])
      onTooManyFailures()
    }
  }

  private static func method(_ request: NIOSSHUserAuthenticationRequest.Request) -> String {
    switch request {
    case .publicKey: "publickey"
    case .password: "password"
    case .hostBased: "hostbased"
    case .none: "none"
    }
  }
}
