import Foundation
import SnapshotTesting

extension Diffing where Value == String {
  /// Compares screens written as plain text (``ScreenMarkup/plainText(of:)``):
  /// on a difference, the line diff of the rows, then each changed row
  /// with its first changed cell marked (row and column from 0).
  public static var screenText: Diffing<String> { screen(styled: false) }

  /// Compares screens written with their styles (``ScreenMarkup/styledText(of:)``):
  /// on a difference, the line diff of the rows, then each changed row
  /// with its first changed cell marked and its style before and after.
  public static var styledScreenText: Diffing<String> { screen(styled: true) }

  /// The line diff followed by ``ScreenChanges``' report.
  private static func screen(styled: Bool) -> Diffing<String> {
    .diff(
      toData: { Data($0.utf8) },
      fromData: { String(decoding: $0, as: UTF8.self) },
      diffV2: { reference, actual in
        guard reference != actual else { return nil }
        let lines = Diffing<String>.lines.diffV2(reference, actual)?.0 ?? ""
        let cells = ScreenChanges(reference: reference, actual: actual, styled: styled).report
        let message = [lines, cells].compactMap { $0 }.joined(separator: "\n\n")
        return (message, [.data(Data(message.utf8), name: "difference.patch")])
      })
  }
}
