import Crypto
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH
import ServiceLifecycle
import TermGrid

/// Serves an app over SSH: every viewer who connects (`ssh -p PORT host`)
/// gets a session of their own, with their own terminal type, size,
/// colours and pictures, key decoder, screen and scene, made by the app's
/// factory on the session's thread.
///
/// Closed by default: it listens on the loopback address unless told
/// otherwise, lets in only the keys of an `authorized_keys` file (or a
/// password check, or, explicitly, anyone read-only), and accepts only a
/// shell on a pty (no commands, subsystems, port or agent forwarding).
/// Every limit (``ServerLimits``) is logged when it bites. See <doc:ServingAnApp>.
///
/// ```swift
/// let server = try TerminalServer(
///   configuration: ServerConfiguration(
///     port: 2222, hostKeyPath: "host_key", access: .authorizedKeys(at: "authorized_keys"))
/// ) { session in
///   Planets(layout: FlowLayout())  // one scene per viewer, made on the session's thread
/// }
/// try await ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger).run()
/// ```
///
/// As a `Service` of swift-service-lifecycle, ``run()`` serves until a
/// graceful shutdown (SIGTERM, say), then ends every session (each viewer's
/// terminal is restored) and stops. ``start()`` and ``stop(grace:)`` do the same
/// by hand.
public final class TerminalServer: Service {
  /// The configuration the server was made with.
  public let configuration: ServerConfiguration
  /// The host key's public half, as an OpenSSH `known_hosts` line would hold it
  /// (`ssh-ed25519 AAAA…`).
  public let hostPublicKey: String
  private let context: ServerContext
  private let hostKey: NIOSSHPrivateKey
  private let keys: AuthorizedKeys
  private let group: MultiThreadedEventLoopGroup
  private let listener = NIOLockedValueBox<(channel: (any Channel)?, started: Bool)>((nil, false))
  private let logger: Logger

  /// A server with `configuration`, logging to `logger`, whose viewers each
  /// see the scene `makeScene` makes for their session. Reads (or makes) the
  /// host key and reads the `authorized_keys` file now; listens from
  /// ``start()`` or ``run()``.
  ///
  /// `makeScene` is called on the session's own thread (a scene is not
  /// `Sendable`), and the scene lives on that thread: the session's run
  /// loop gives it its `wakeUp` before the first frame (a
  /// <doc:/TermGrid/CollectionViewController> keeps it as
  /// <doc:/TermGrid/CollectionViewController/wakeUp>), and releases it on
  /// that thread when the session ends, however it ends (so a scene that
  /// registered with a shared model unregisters in its `deinit`). An error
  /// thrown by `makeScene` ends that viewer's session only (logged).
  ///
  /// - Throws: ``ServerError``: a host key file others may read, an
  ///   unreadable `authorized_keys` file, or access that lets nobody in.
  public init(
    configuration: ServerConfiguration, logger: Logger = Logger(label: "termgrid.server"),
    makeScene: @escaping @Sendable (ServedSession) throws -> any Scene
  ) throws(ServerError) {
    self.configuration = configuration
    self.logger = logger
    let allowed = configuration.access
    var keys = AuthorizedKeys(text: "")
    if let path = allowed.authorizedKeysPath {
      var status = stat()
      if stat(path, &status) == 0, status.st_mode & 0o022 != 0 {
        // Anyone who may write it may let themselves in (OpenSSH's StrictModes refuses it too).
        throw .authorizedKeysWritableByOthers(path: path, mode: UInt32(status.st_mode & 0o777))
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw .authorizedKeysUnreadable(path: path, errno: access(path, R_OK) == 0 ? EIO : errno)
      }
      keys = AuthorizedKeys(text: String(decoding: data.prefix(1 << 20), as: UTF8.self))
      for refused in keys.refused {
        logger.warning("authorized keys \(path) line \(refused.line) not taken: \(refused.reason)")
      }
    }
    guard !keys.keys.isEmpty || allowed.checkPassword != nil || allowed.allowsAnyoneReadOnly else {
      throw .nobodyMayConnect
    }
    self.keys = keys
    let loaded: (key: Curve25519.Signing.PrivateKey, created: Bool)
    do {
      loaded = try HostKeyFile.loadOrCreate(at: configuration.hostKeyPath)
    } catch {
      throw .hostKey(error)
    }
    if loaded.created { logger.notice("made a new host key in \(configuration.hostKeyPath)") }
    hostKey = NIOSSHPrivateKey(ed25519Key: loaded.key)
    hostPublicKey = String(openSSHPublicKey: hostKey.publicKey)
    context = ServerContext(limits: configuration.limits, logger: logger, makeScene: makeScene)
    group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, min(4, System.coreCount)))
  }

  deinit {
    try? group.syncShutdownGracefully()
  }

  /// The sessions running now.
  public var sessionCount: Int { context.gate.sessionCount }

  /// The connections open now (authenticated or not).
  public var connectionCount: Int { context.gate.connectionCount }

  /// Starts listening; returns the port (the one chosen when the
  /// configuration's is 0).
  ///
  /// - Throws: ``ServerError/cannotListen(host:port:reason:)``, ``ServerError/alreadyStarted``.
  @discardableResult
  public func start() throws(ServerError) -> Int {
    let configuration = configuration
    guard
      listener.withLockedValue({ state in
        defer { state.started = true }
        return !state.started
      })
    else { throw .alreadyStarted }
    if configuration.access.allowsAnyoneReadOnly {
      logger.warning("anyone may connect, read-only, without a key or a password")
    }
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { [context, hostKey, keys, logger] channel in
        Self.initialize(channel, server: context, hostKey: hostKey, keys: keys, access: configuration.access, logger: logger)
      }
    do {
      let channel = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
      listener.withLockedValue { $0.channel = channel }
      let port = channel.localAddress?.port ?? configuration.port
      logger.info("listening", metadata: ["host": "\(configuration.host)", "port": "\(port)"])
      return port
    } catch {
      throw .cannotListen(host: configuration.host, port: configuration.port, reason: "\(error)")
    }
  }

  /// Stops: no new connections; every session's input ends, so each app
  /// restores its viewer's terminal and quits, its channel closes with
  /// exit status 0, and its viewer's client disconnects (all waited for up
  /// to `grace`); then whatever connection is left is closed.
  public func stop(grace: Duration = .seconds(5)) async {
    let channel = listener.withLockedValue { state in
      defer { state.channel = nil }
      return state.channel
    }
    try? await channel?.close()
    context.endAll()
    // Each session restores its viewer's terminal and quits; its channel
    // then closes with exit status 0 (and the viewer's client, its only
    // channel gone, disconnects): wait for both before closing what is left.
    let clock = ContinuousClock()
    let deadline = clock.now + grace
    while context.gate.sessionCount > 0 || context.openSessionChannels > 0, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    // The viewers' clients, their channel closed, disconnect by themselves:
    // closing a connection under a client before then makes it report the
    // connection closed (and exit 255) rather than the session's status.
    while context.gate.connectionCount > 0, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    context.closeAll()
    logger.info("stopped")
  }

  /// Serves until a graceful shutdown (or the task's cancellation), then
  /// stops (``stop(grace:)``). Starts the server first unless ``start()`` has.
  public func run() async throws {
    if !listener.withLockedValue({ $0.started }) { try start() }
    try? await gracefulShutdown()
    await stop()
  }

  /// Sets up one accepted connection: the per-address limit, the SSH
  /// handler with this server's key and authentication, the time allowed to
  /// authenticate, and session channels only.
  private static func initialize(
    _ channel: any Channel, server: ServerContext, hostKey: NIOSSHPrivateKey, keys: AuthorizedKeys,
    access: ServerAccess, logger: Logger
  ) -> EventLoopFuture<Void> {
    let address = channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
    let host = channel.remoteAddress?.ipAddress ?? "?"
    let logger = {
      var logger = logger
      logger[metadataKey: "peer"] = "\(address)"
      return logger
    }()
    guard server.gate.openConnection(from: host) else {
      logger.warning("limit: \(server.limits.connectionsPerAddress) connections from \(host), closing a new one")
      return channel.eventLoop.makeFailedFuture(ChannelError.inputClosed)
    }
    logger.info("connected")
    let loop = channel.eventLoop
    let authentication = ViewerAuthentication(
      keys: keys, access: access, maximumFailures: server.limits.authenticationAttempts, logger: logger,
      onTooManyFailures: { loop.execute { channel.close(promise: nil) } })
    let connection = ConnectionContext(address: address, logger: logger, authentication: authentication)
    let key = ObjectIdentifier(connection)
    server.connectionOpened(key, channel)
    channel.closeFuture.whenComplete { _ in
      server.gate.closeConnection(from: host)
      server.connectionClosed(key)
      logger.info("disconnected")
    }
    let limit = server.limits.authenticationTime
    loop.scheduleTask(in: TimeAmount(limit)) {
      guard authentication.viewer == nil else { return }
      logger.notice("limit: not authenticated within \(limit), closing")
      channel.close(promise: nil)
    }
    // (Failed attempts are counted by the authentication, which logs and
    // closes at the limit.)
    let configuration = SSHServerConfiguration(hostKeys: [hostKey], userAuthDelegate: authentication)
    return loop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(
        NIOSSHHandler(
          role: .server(configuration), allocator: channel.allocator,
          inboundChildChannelInitializer: { child, type in
            guard case .session = type else {
              logger.notice("refused: a \(type) channel (only sessions are served)")
              return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
            }
            return child.eventLoop.makeCompletedFuture {
              try child.pipeline.syncOperations.addHandler(SessionChannelHandler(server: server, connection: connection))
            }
          }))
      try channel.pipeline.syncOperations.addHandler(ConnectionErrorHandler(logger: logger))
    }
  }
}

/// Closes a connection whose SSH handler failed (a protocol error, a
/// client that sent garbage), logging why.
final class ConnectionErrorHandler: ChannelInboundHandler, Sendable {
  typealias InboundIn = Any
  let logger: Logger

  init(logger: Logger) { self.logger = logger }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    logger.info("connection error: \(error)")
    context.close(promise: nil)
  }
}
