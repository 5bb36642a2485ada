/// One character cell of a ``Surface``: a grapheme, its style and its width.
///
/// A wide grapheme (CJK, most emoji) takes two cells: the first holds it with
/// `width == 2`, the second is a continuation with `width == 0`.
public struct Cell: Equatable, Sendable {
  /// The grapheme shown, already sanitised.
  public var grapheme: Grapheme
  /// How it looks.
  public var style: Style
  /// 1, 2 for the head of a wide grapheme, 0 for its continuation.
  public var width: UInt8

  /// A blank cell.
  public static let blank = Cell(grapheme: " ", style: .plain, width: 1)

  /// Creates a cell.
  @inlinable public init(grapheme: Grapheme, style: Style = .plain, width: UInt8 = 1) {
    self.grapheme = grapheme
    self.style = style
    self.width = width
  }

  /// True for the second half of a wide grapheme.
  @inlinable public var isContinuation: Bool { width == 0 }

  /// Equality checked grapheme first (the cheapest test that usually differs).
  @inlinable public func isIdentical(to other: Cell) -> Bool {
    grapheme.lo == other.grapheme.lo && grapheme.hi == other.grapheme.hi && width == other.width
      && style == other.style
  }
}
