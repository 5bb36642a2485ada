// A grid of 10,000 cards served over SSH, for Benchmarks/serve-load.py:
//
//   serve-bench PORT HOST_KEY AUTHORIZED_KEYS [ITEMS]
//
// Listens on 127.0.0.1:PORT until SIGTERM or SIGINT; every viewer gets a
// session of their own (FlowLayout, cards of 16x4 with a title and a line).
import Foundation
import TermGrid
import TermGridServer

final class Cards: CollectionViewController {
  let count: Int
  init(count: Int) {
    self.count = count
    super.init(layout: FlowLayout(itemSize: Size(width: 16, height: 4)))
  }
  override var titleText: String? { "serve-bench" }
  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { count }
  override func collectionView(_: CollectionView, cellForItemAt p: IndexPath) -> ElementContent {
    ElementContent(title: "Card \(p.item)", lines: [StyledText("line \(p.item % 97)")], border: .rounded)
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let port = Int(arguments[1]) else {
  FileHandle.standardError.write(Data("usage: serve-bench PORT HOST_KEY AUTHORIZED_KEYS [ITEMS]\n".utf8))
  exit(2)
}
let items = arguments.count > 4 ? Int(arguments[4]) ?? 10_000 : 10_000
let server = try TerminalServer(
  configuration: ServerConfiguration(
    port: port, hostKeyPath: arguments[2], access: .authorizedKeys(at: arguments[3]),
    limits: ServerLimits(connectionsPerAddress: 1_000, sessions: 1_000))
) { _ in Cards(count: items) }
let bound = try server.start()
FileHandle.standardOutput.write(Data("listening \(bound)\n".utf8))
// Until SIGTERM or SIGINT.
signal(SIGTERM, SIG_IGN)
signal(SIGINT, SIG_IGN)
let stop = DispatchSemaphore(value: 0)
let sources = [SIGTERM, SIGINT].map { sig in
  let source = DispatchSource.makeSignalSource(signal: sig)
  source.setEventHandler { stop.signal() }
  source.resume()
  return source
}
stop.wait()
let done = DispatchSemaphore(value: 0)
Task.detached {
  await server.stop()
  done.signal()
}
done.wait()
_ = sources
