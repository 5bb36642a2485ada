import GridRender
import GridTerminal
import TermGrid
import TermGridTesting

/// Shows a scene on a terminal in memory, as an app's run loop would, and
/// gives back what the terminal shows: what the scene strategies
/// (``SnapshotTesting/Snapshotting/text(width:height:capabilities:)``) record.
public enum HeadlessRendering {
  /// What the terminal of a snapshot can show unless a test says otherwise:
  /// 256 colours, UTF-8, and pictures in pixels as kitty's placeholder
  /// cells, 10 x 20 pixels each, so that a picture is recorded as its
  /// placeholders (the same on every machine), never as symbols drawn from
  /// its pixels (which depend on the decoder's and libchafa's versions).
  public static let capabilities = TerminalCapabilities(
    colors: .indexed256, pictures: .kitty, cellPixelSize: PixelSize(width: 10, height: 20))

  /// How long a scene may go on drawing (an animation, pictures decoded in
  /// the background) before it is recorded as it is then.
  public static let settlingLimit = Duration.seconds(10)

  /// Runs `scene` on a [HeadlessTerminal](/documentation/termgridtesting/headlessterminal) of `width` x
  /// `height` cells until it is idle (animations run to their end, work in
  /// the background taken in), at most ``settlingLimit``, and returns the
  /// terminal with what it shows. The scene is told the terminal's
  /// capabilities and started as by an app's run loop, so snapshot a scene
  /// that no other run loop drives (or snapshot that loop's terminal).
  ///
  /// - Throws: What the scene's handling or drawing throws.
  public static func terminal(
    showing scene: some Scene, width: Int, height: Int, capabilities: TerminalCapabilities = capabilities
  ) throws -> HeadlessTerminal {
    let terminal = HeadlessTerminal(width: max(width, 1), height: max(height, 1), capabilities: capabilities)
    let deadline = ContinuousClock.now + settlingLimit
    terminal.onWait = { [unowned terminal] _ in
      if ContinuousClock.now > deadline { terminal.closeInput() }
    }
    defer { terminal.onWait = nil }
    try TerminalRunLoop(terminal: terminal, scene: scene).run(untilIdle: true)
    return terminal
  }
}
