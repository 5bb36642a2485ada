import GridRender
import SnapshotTesting

extension Snapshotting where Value == Surface, Format == String {
  /// A surface as plain text, one row to a line (``ScreenMarkup/plainText(of:)``),
  /// recorded in a `.txt` file; a difference is shown row by row with the
  /// changed cell marked (``SnapshotTesting/Diffing/screenText``).
  public static var text: Snapshotting {
    Snapshotting(pathExtension: "txt", diffing: .screenText) { ScreenMarkup.plainText(of: $0) }
  }

  /// A surface as text with its styles (``ScreenMarkup/styledText(of:)``),
  /// recorded in a `.styled.txt` file; a difference is shown row by row
  /// with the changed cell and its styles (``SnapshotTesting/Diffing/styledScreenText``).
  public static var styledText: Snapshotting {
    Snapshotting(pathExtension: "styled.txt", diffing: .styledScreenText) { ScreenMarkup.styledText(of: $0) }
  }
}
