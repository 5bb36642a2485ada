/// How the last line of a section (when the section has more than one line)
/// places its items.
public enum LastLineAlignment: Hashable, Sendable {
  /// UIKit's rule: keep the columns of the lines above, as if the line were
  /// padded with copies of its last item.
  case columns
  /// Like any other line, by ``FlowLayout/lineAlignment``.
  case sameAsOtherLines
  /// By its own alignment.
  case aligned(LineAlignment)
}
