// hello-grid served over SSH: every viewer gets a session of their own.
// Connect with `ssh -p 2222 localhost` (a key in ~/.ssh/authorized_keys).
import Foundation
import Logging
import ServiceLifecycle
import TermGrid
import TermGridServer

// snippet.hide
final class Planets: CollectionViewController {
  var names = ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune"]
  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { names.count }
  override func collectionView(_: CollectionView, cellForItemAt p: IndexPath) -> ElementContent {
    ElementContent(title: names[p.item], border: .rounded)
  }
}
// snippet.show

// snippet.serve
let home = FileManager.default.homeDirectoryForCurrentUser.path
let logger = Logger(label: "hello-grid")
let server = try TerminalServer(
  configuration: ServerConfiguration(
    port: 2222, hostKeyPath: "hello-grid-host-key",  // made on first start, mode 0600
    access: .authorizedKeys(at: "\(home)/.ssh/authorized_keys")),
  logger: logger
) { session in
  // One scene per viewer, made on their session's thread.
  Planets(layout: FlowLayout(itemSize: Size(width: 14, height: 3)))
}
// Serves until SIGTERM or Ctrl-C, then ends every session (each viewer's
// terminal is restored) and stops.
try await ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger).run()
// snippet.end
