import Logging
import NIOConcurrencyHelpers
import NIOCore
import Synchronization
import TermGrid

/// What every connection of one server shares: its limits and counts, its
/// log, the app's factory, session numbers, and the sessions to end when
/// the server stops.
final class ServerContext: Sendable {
  let limits: ServerLimits
  let gate: ConnectionGate
  let logger: Logger
  let makeScene: @Sendable (ServedSession) throws -> any Scene
  private let lastID = Atomic<Int>(0)
  private let enders = NIOLockedValueBox<[ObjectIdentifier: @Sendable () -> Void]>([:])
  private let connections = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])

  init(limits: ServerLimits, logger: Logger, makeScene: @escaping @Sendable (ServedSession) throws -> any Scene) {
    self.limits = limits
    gate = ConnectionGate(limits: limits)
    self.logger = logger
    self.makeScene = makeScene
  }

  /// A new session number.
  func nextSessionID() -> Int { lastID.wrappingAdd(1, ordering: .relaxed).newValue }

  /// Remembers how to end a running session when the server stops.
  func sessionStarted(_ key: ObjectIdentifier, ender: @escaping @Sendable () -> Void) {
    enders.withLockedValue { $0[key] = ender }
  }

  /// Forgets a session's channel that has closed.
  func sessionClosed(_ key: ObjectIdentifier) { _ = enders.withLockedValue { $0.removeValue(forKey: key) } }

  /// The session channels still open (a session's channel closes after its app has ended).
  var openSessionChannels: Int { enders.withLockedValue { $0.count } }

  /// Ends every session (each restores its viewer's terminal and quits).
  func endAll() {
    for ender in enders.withLockedValue({ Array($0.values) }) { ender() }
  }

  /// Remembers an open connection, to close when the server stops.
  func connectionOpened(_ key: ObjectIdentifier, _ channel: any Channel) {
    connections.withLockedValue { $0[key] = channel }
  }

  /// Forgets a connection that has closed.
  func connectionClosed(_ key: ObjectIdentifier) { _ = connections.withLockedValue { $0.removeValue(forKey: key) } }

  /// Closes every connection.
  func closeAll() {
    for channel in connections.withLockedValue({ Array($0.values) }) { channel.close(promise: nil) }
  }
}
