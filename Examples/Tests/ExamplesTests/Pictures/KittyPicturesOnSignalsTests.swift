import Foundation
import GridPlatform
import TermGridTesting
import Testing

/// Kitty keeps the pictures it was sent until they are deleted: q and
/// Ctrl-C delete them, and so do SIGTERM and SIGHUP, whose handler writes
/// the deletions kept ready for it before it restores the terminal.
@Suite(.serialized) struct KittyPicturesOnSignalsTests {
  /// The ids transmitted (`a=t`) and deleted (`a=d,d=I`) in `bytes`.
  static func ids(_ bytes: [UInt8]) -> (sent: Set<Int>, deleted: Set<Int>) {
    let text = String(decoding: bytes, as: UTF8.self)
    let sent = text.matches(of: /\x{1B}_Ga=t,[^;\x{1B}]*?i=(\d+)/).compactMap { Int($0.output.1) }
    let deleted = text.matches(of: /\x{1B}_Ga=d,d=I,q=2,i=(\d+)/).compactMap { Int($0.output.1) }
    return (Set(sent), Set(deleted))
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aSignalThatEndsTheProgramDeletesItsKittyPictures(signal: Int32) throws {
    let folder = try HostileCellSizeTests.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let session = try HostileCellSizeTests.start(folder, environment: ["TERMGRID_PICTURES": "kitty"], windowPixels: (1200, 800))
    // Every picture of the first screen sent (twelve), then the signal.
    let deadline = Date().addingTimeInterval(60)
    while Self.ids(session.output).sent.count < 12, Date() < deadline, !session.hasExited {
      session.drain()
      usleep(20_000)
    }
    let sent = Self.ids(session.output).sent
    #expect(sent.count == 12)
    session.signal(signal)
    session.waitForExit(timeout: 30)
    #expect(session.terminatingSignal == signal, "ended by the signal")
    #expect(Self.ids(session.output).deleted == sent, "every picture sent is deleted")
    let text = String(decoding: session.output, as: UTF8.self)
    #expect(text.hasSuffix("\u{1B}[?1049l") || text.contains("\u{1B}[?1049l"), "the terminal restored")
  }
}
