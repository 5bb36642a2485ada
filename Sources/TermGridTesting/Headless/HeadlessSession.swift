import GridTerminal
import TermGrid

/// A controller running in the test's own process on a manual clock: a
/// ``HeadlessTerminal`` whose waits advance a ``ManualAnimationClock``, the
/// clock the controller's collection view reads, and the
/// <doc:/TermGrid/TerminalRunLoop> that drives them, run until idle once made
/// (the first frame is on the terminal).
///
/// A class, generic over the controller: ``controller`` has your
/// controller's own type, so its properties need no cast. The terminal's
/// ``HeadlessTerminal/text`` is the screen's characters only; the focus is a
/// style, so check it through the collection view's `focusedIndexPath` (or
/// through text your controller shows for it, such as its status line).
///
/// An animation runs to its end in one ``runUntilIdle()``: each frame the
/// loop draws is followed by a wait of one frame's time, which moves the
/// clock on by that time instead of sleeping, so the test takes no real time
/// and sees every frame.
///
/// ```swift
/// let session = try HeadlessSession(showing: LibraryController(), width: 80, height: 24)
/// session.terminal.send(keys: Key(.right))
/// try session.runUntilIdle()
/// #expect(session.controller.collectionView.focusedIndexPath == IndexPath(item: 1, section: 0))
/// #expect(session.terminal.text.contains("Kindred"))
/// ```
public final class HeadlessSession<Controller: CollectionViewController> {
  /// The controller shown.
  public let controller: Controller
  /// The terminal in memory it is shown on: send keys here, read the screen back.
  public let terminal: HeadlessTerminal
  /// The clock the controller's collection view animates by, moved on only
  /// by the terminal's timed waits (or by the test).
  public let clock: ManualAnimationClock
  /// The loop that drives the controller on the terminal.
  public let runLoop: TerminalRunLoop

  /// Shows `controller` on a headless terminal of `width` x `height` cells
  /// (at least 1 x 1) that can show `capabilities` (by default 256 colours
  /// and no pictures in pixels), sets its collection
  /// view's clock to a manual one that the terminal's waits advance, and
  /// runs the loop until it is idle.
  ///
  /// - Throws: What the controller's handling or drawing throws in that first run.
  public init(
    showing controller: Controller, width: Int, height: Int,
    capabilities: TerminalCapabilities = TerminalCapabilities(colors: .indexed256)
  ) throws {
    self.controller = controller
    clock = ManualAnimationClock()
    terminal = HeadlessTerminal(width: max(width, 1), height: max(height, 1), capabilities: capabilities)
    controller.collectionView.clock = clock
    terminal.onWait = clock.advance(by:)
    runLoop = TerminalRunLoop(terminal: terminal, scene: controller)
    try runUntilIdle()
  }

  /// Runs the loop until nothing is pending and nothing is animating: every
  /// queued event handled, each animation run through all its frames.
  ///
  /// - Throws: What the controller's handling or drawing throws.
  public func runUntilIdle() throws { try runLoop.run(untilIdle: true) }
}
