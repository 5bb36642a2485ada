import BookCatalogueModel
import Foundation
import Logging
import ServiceLifecycle
import TermGrid
import TermGridServer

extension BookCatalogueCommand {
  /// Serves `shared` over SSH until SIGTERM or SIGINT, then exits: each
  /// viewer gets a catalogue controller of their own on the shared books
  /// (read-only for those let in without a key).
  func serveOverSSH(
    _ shared: SharedCatalogue, port: Int, name: String, groupBy: Grouping, given: Grouping?, covers: CoverIndex?
  ) -> Never {
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    let keys = authorizedKeys ?? "\(home)/.ssh/authorized_keys"
    let keysExist = FileManager.default.fileExists(atPath: keys)
    let access = ServerAccess(
      authorizedKeysPath: keysExist || !readOnlyForAll ? keys : nil, allowsAnyoneReadOnly: readOnlyForAll)
    let logger = Logger(label: "book-catalogue")
    let sort = self.sort
    let server: TerminalServer
    do {
      server = try TerminalServer(
        configuration: ServerConfiguration(
          host: listen, port: port, hostKeyPath: hostKey, access: access,
          limits: ServerLimits(connectionsPerAddress: connectionsPerAddress)),
        logger: logger
      ) { session in
        let controller = CatalogueController(
          catalogue: shared, grouping: groupBy, sort: sort, sourceName: name, covers: covers)
        controller.homeGrouping = given
        controller.isReadOnly = session.isReadOnly
        return controller
      }
      try server.start()
    } catch {
      Application.fail("--serve: \(error)")
    }
    logger.info("serving \(name) (\(shared.state.books.count) books); host key \(server.hostPublicKey)")
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      do {
        try await ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger).run()
      } catch {
        logger.error("\(error)")
      }
      done.signal()
    }
    done.wait()
    Foundation.exit(0)
  }
}
