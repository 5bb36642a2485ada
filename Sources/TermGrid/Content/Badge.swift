import GridRender

/// A short mark in a corner of an element: a check, a count, a star rating.
public struct Badge: Hashable, Sendable {
  /// Which corner.
  public enum Corner: Hashable, Sendable {
    case topLeading, topTrailing, bottomLeading, bottomTrailing
  }
  /// What it says.
  public var text: StyledText
  /// Where it sits: on the border when the cell has one, else inside the corner.
  public var corner: Corner

  /// Creates a badge; plain text is drawn bold.
  public init(_ text: String, corner: Corner = .topTrailing, foreground: Color? = nil) {
    self.text = StyledText(text, foreground: foreground, attributes: [.bold])
    self.corner = corner
  }
  /// Creates a badge of styled text.
  public init(_ text: StyledText, corner: Corner = .topTrailing) {
    self.text = text
    self.corner = corner
  }
}
