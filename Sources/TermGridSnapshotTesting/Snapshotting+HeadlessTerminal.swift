import GridRender
import SnapshotTesting
import TermGridTesting

extension Snapshotting where Value == HeadlessTerminal, Format == String {
  /// What the terminal shows (its [screen](/documentation/termgridtesting/headlessterminal/screen))
  /// as plain text: for a test that drives its own run loop (keys sent,
  /// a clock advanced) and records the screen it reached.
  public static var text: Snapshotting {
    Snapshotting<Surface, String>.text.pullback { $0.screen }
  }

  /// What the terminal shows as text with its styles.
  public static var styledText: Snapshotting {
    Snapshotting<Surface, String>.styledText.pullback { $0.screen }
  }
}
