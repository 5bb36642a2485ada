import GridLayout
import GridRender
import GridTerminal

/// Work done off the main thread whose results the run loop takes back to
/// it: pictures decoded and rasterized in the background. Add it to
/// ``CollectionView/backgroundWork``; while results are still to come the
/// run loop looks for them every frame interval (and otherwise sleeps).
public protocol BackgroundWork: AnyObject {
  /// True while results may still arrive.
  var hasPendingResults: Bool { get }
  /// On the main thread: takes what finished since the last call, as the
  /// picture sources whose pictures are now ready (or failed for good).
  func takeFinishedSources() -> [ObjectIdentifier]
  /// On the main thread: the terminal's capabilities, when a collection
  /// view that holds this work is told them (at start and whenever they
  /// change): a picture loader takes the cell size's shape for pictures in
  /// symbols. The default does nothing.
  func adapt(to capabilities: TerminalCapabilities)
}

extension BackgroundWork {
  /// Does nothing.
  public func adapt(to capabilities: TerminalCapabilities) {}
}
