import GridRender
import GridTerminal
import SnapshotTesting
import TermGrid

extension Snapshotting where Value: Scene, Format == String {
  /// A scene (a [CollectionViewController](/documentation/termgrid/collectionviewcontroller), or any [Scene](/documentation/termgrid/scene))
  /// shown on a terminal in memory of `width` x `height` cells until it is
  /// idle (``HeadlessRendering/terminal(showing:width:height:capabilities:)``),
  /// as plain text.
  ///
  /// ```swift
  /// assertSnapshot(of: controller, as: .text(width: 80, height: 24))
  /// ```
  public static func text(
    width: Int = 80, height: Int = 24, capabilities: TerminalCapabilities = HeadlessRendering.capabilities
  ) -> Snapshotting {
    Snapshotting<String, String>(pathExtension: "txt", diffing: .screenText) { $0 }.pullback { scene in
      render(scene, width: width, height: height, capabilities: capabilities, as: ScreenMarkup.plainText(of:))
    }
  }

  /// A scene shown on a terminal in memory of `width` x `height` cells until
  /// it is idle, as text with its styles (``ScreenMarkup/styledText(of:)``).
  public static func styledText(
    width: Int = 80, height: Int = 24, capabilities: TerminalCapabilities = HeadlessRendering.capabilities
  ) -> Snapshotting {
    Snapshotting<String, String>(pathExtension: "styled.txt", diffing: .styledScreenText) { $0 }.pullback { scene in
      render(scene, width: width, height: height, capabilities: capabilities, as: ScreenMarkup.styledText(of:))
    }
  }

  /// The screen written down, or what the scene threw (which then fails the comparison, readably).
  private static func render(
    _ scene: Value, width: Int, height: Int, capabilities: TerminalCapabilities, as write: (Surface) -> String
  ) -> String {
    do {
      let terminal = try HeadlessRendering.terminal(showing: scene, width: width, height: height, capabilities: capabilities)
      return write(terminal.screen)
    } catch {
      return "The scene threw: \(error)\n"
    }
  }
}
