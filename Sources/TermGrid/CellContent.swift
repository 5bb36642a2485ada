import GridRender

/// How a cell is drawing right now.
public struct CellState: Hashable, Sendable {
  /// The keyboard focus is on it.
  public var isFocused: Bool
  /// It is selected.
  public var isSelected: Bool
  /// It is being moved (picked up with m, or dragged).
  public var isLifted: Bool
  /// Creates a state.
  public init(isFocused: Bool = false, isSelected: Bool = false, isLifted: Bool = false) {
    self.isFocused = isFocused
    self.isSelected = isSelected
    self.isLifted = isLifted
  }
}

/// What an item or a supplementary element shows: the terminal's
/// counterpart of a configured UICollectionViewCell.
///
/// The common case is declarative (a title wrapped to a number of lines, an
/// optional detail line, an optional border); ``draw`` takes over for
/// anything else. Text is sanitised before it reaches the terminal.
public struct CellContent {
  /// Where text sits in its line.
  public enum Alignment: Hashable, Sendable {
    case leading, center, trailing
  }

  /// The main text.
  public var title: String
  /// Lines the title may wrap onto before it is truncated with "…".
  public var titleLineLimit: Int
  /// A line under the title (a year, a count); drawn dimmed on the last inner line.
  public var detail: String?
  /// A box around the cell, or nil for none.
  public var border: Border?
  /// The horizontal alignment of title and detail.
  public var alignment: Alignment
  /// Colours and attributes of the whole cell.
  public var style: Style
  /// The title's own attributes (bold for headers, say).
  public var titleAttributes: TextAttributes
  /// Columns left blank inside the border (or the frame) on each side.
  public var padding: Int
  /// Draws the cell instead of the fields above: the surface's clip is the
  /// cell's frame, given in surface cells.
  public var draw: ((inout Surface, CellRect, CellState) -> Void)?

  /// Nothing: the element stays blank.
  public static var empty: CellContent { CellContent(title: "") }

  /// Creates content.
  public init(
    title: String, titleLineLimit: Int = 1, detail: String? = nil, border: Border? = nil,
    alignment: Alignment = .leading, style: Style = .plain, titleAttributes: TextAttributes = [],
    padding: Int = 1, draw: ((inout Surface, CellRect, CellState) -> Void)? = nil
  ) {
    self.title = title
    self.titleLineLimit = titleLineLimit
    self.detail = detail
    self.border = border
    self.alignment = alignment
    self.style = style
    self.titleAttributes = titleAttributes
    self.padding = padding
    self.draw = draw
  }

  /// Content drawn entirely by `draw`.
  public static func custom(_ draw: @escaping (inout Surface, CellRect, CellState) -> Void) -> CellContent {
    CellContent(title: "", draw: draw)
  }
}

extension CellContent {
  /// Content that fills its whole frame with one character (a background,
  /// a plank, a rule), in `style`.
  public static func filled(with grapheme: Grapheme, style: Style = .plain) -> CellContent {
    .custom { surface, frame, _ in surface.fill(frame, with: grapheme, style: style) }
  }
}
