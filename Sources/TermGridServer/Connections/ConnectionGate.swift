import NIOConcurrencyHelpers

/// The server's counts of what is open (connections by address, sessions),
/// shared by every connection's event loop: whether one more may open, and
/// its release when it closes.
final class ConnectionGate: Sendable {
  private struct Counts {
    var byAddress: [String: Int] = [:]
    var sessions = 0
  }

  private let counts = NIOLockedValueBox(Counts())
  private let limits: ServerLimits

  init(limits: ServerLimits) { self.limits = limits }

  /// Takes a connection from `address`; false (nothing taken) when that
  /// address already has as many as it may.
  func openConnection(from address: String) -> Bool {
    counts.withLockedValue { counts in
      let open = counts.byAddress[address, default: 0]
      guard open < limits.connectionsPerAddress else { return false }
      counts.byAddress[address] = open + 1
      return true
    }
  }

  /// Gives back a connection taken from `address`.
  func closeConnection(from address: String) {
    counts.withLockedValue { counts in
      let open = counts.byAddress[address, default: 0] - 1
      counts.byAddress[address] = open > 0 ? open : nil
    }
  }

  /// Takes a session; false (nothing taken) when as many run as may.
  func openSession() -> Bool {
    counts.withLockedValue { counts in
      guard counts.sessions < limits.sessions else { return false }
      counts.sessions += 1
      return true
    }
  }

  /// Gives back a session.
  func closeSession() { counts.withLockedValue { $0.sessions -= 1 } }

  /// The sessions running now.
  var sessionCount: Int { counts.withLockedValue { $0.sessions } }

  /// The connections open now.
  var connectionCount: Int { counts.withLockedValue { $0.byAddress.values.reduce(0, +) } }
}
