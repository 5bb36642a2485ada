import GridRender

/// What an item, a header, a footer or a decoration shows: the terminal's
/// counterpart of a configured UICollectionViewCell (and of a supplementary
/// view's content configuration). In TermGrid's names "cell" means a
/// terminal's character cell (<doc:/GridRender/Cell>, <doc:/GridRender/CellRect>, ``CellPicture``), so
/// what UIKit calls a cell is an element here.
///
/// Declarative: a title wrapped to a number of lines, more lines of styled
/// runs under it, a detail line at the bottom, a border, a badge in a
/// corner, horizontal and vertical alignment. ``draw`` replaces all of that
/// for anything else, and ``afterDraw`` adds to it. Whatever draws the cell,
/// the focus (reverse video), the selection (bold, a heavy border and a ✓)
/// and a lifted item (bold, a double border) are drawn by the collection
/// view from its ``Theme``, and so are the ASCII and colour fallbacks. Text
/// is sanitised before it reaches the terminal.
///
/// ### How tall a card must be
///
/// A card needs one row per line of text plus its border: with a border,
/// `2 + title lines + lines.count + (detail == nil ? 0 : 1)` rows (a picture
/// takes the rows above the text). When the frame is shorter, the detail
/// line keeps the last row (while there are two rows for text), the title
/// takes up to ``titleLineLimit`` of the rows left, and the ``lines`` get
/// what remains: the last of them are dropped first, without a mark. So a
/// bordered card with a title, one line and a detail needs 5 rows; at 4 it
/// shows the title and the detail, and the line is not drawn. Sideways, ``padding`` gives way before text is cut,
/// and text that still does not fit ends in "…".
public struct ElementContent {
  /// Where text sits in its line.
  public enum Alignment: Hashable, Sendable {
    /// Against the leading edge (after the padding).
    case leading
    /// Centred: the line starts half the room left over in, rounded down,
    /// so an odd cell left over goes after the text (a 1-column character
    /// in 4 columns: 1 before, 2 after). Items centred in a layout's line
    /// round the other way (`LineAlignment.center`).
    case center
    /// Against the trailing edge.
    case trailing
  }
  /// Where the lines of text sit in the cell's height.
  public enum VerticalAlignment: Hashable, Sendable {
    /// From the top.
    case top
    /// Centred: half the rows left over above, rounded down, so an odd row
    /// left over goes below the text.
    case center
    /// Against the bottom.
    case bottom
  }

  /// The main text.
  public var title: String
  /// Lines the title may wrap onto before it is truncated with "…".
  public var titleLineLimit: Int
  /// The title's own attributes (bold for headers, say).
  public var titleAttributes: TextAttributes
  /// The title's colour; nil keeps the cell's.
  public var titleColor: Color?
  /// More lines under the title, each one line of styled runs, cut with "…".
  public var lines: [StyledText]
  /// A line under the rest (a year, a count), dimmed: on the last inner
  /// line, or right under the title and lines when they are centred.
  public var detail: String?
  /// A box around the cell, or nil for none.
  public var border: Border?
  /// A mark in a corner.
  public var badge: Badge?
  /// The horizontal alignment of every line.
  public var alignment: Alignment
  /// Where the text sits in the cell's height: `.top`, the title at the
  /// top and the detail on the last line; `.center`, the title, lines and
  /// detail centred together; `.bottom`, all of it against the bottom.
  public var verticalAlignment: VerticalAlignment
  /// Colours and attributes of the whole cell.
  public var style: Style
  /// What the cell is filled with before anything is drawn (a rule for a
  /// header: `"─"`), in ``fillStyle`` (the cell's style when nil).
  public var fill: Grapheme
  /// The style of ``fill``.
  public var fillStyle: Style?
  /// Columns left blank inside the border (or the frame) on each side, as
  /// room allows: a line that would otherwise be cut uses them.
  public var padding: Int
  /// A picture (a cover, a thumbnail) in the cell, above or beside the
  /// text or filling it; a placeholder with the title shows until it is ready.
  public var picture: CellPicture?
  /// Marks at the row's edges (UIKit's cell accessories): an outline
  /// disclosure before the title, the others against the trailing edge
  /// (not drawn for content drawn by ``draw``).
  public var accessories: [CellAccessory] = []
  /// How deep the row is in an outline: its content moves
  /// ``indentationWidth`` columns right per level (UIKit's list cell
  /// `indentationLevel`).
  public var indentationLevel = 0
  /// The columns of one level of ``indentationLevel``: 2.
  public var indentationWidth = 2
  /// Draws the cell instead of the fields above: the surface's clip is the
  /// cell's frame, given in surface cells. The state is drawn over it.
  public var draw: ((inout Surface, CellRect, ElementState) -> Void)?
  /// Draws after the fields above (or ``draw``), within the cell's frame:
  /// the stock rendering first, then this.
  public var afterDraw: ((inout Surface, CellRect, ElementState) -> Void)?

  /// Nothing: the element stays blank.
  public static var empty: ElementContent { ElementContent(title: "") }

  /// Creates content.
  public init(
    title: String, titleLineLimit: Int = 1, lines: [StyledText] = [], detail: String? = nil, border: Border? = nil,
    badge: Badge? = nil, alignment: Alignment = .leading, verticalAlignment: VerticalAlignment = .top,
    style: Style = .plain, titleAttributes: TextAttributes = [], titleColor: Color? = nil, fill: Grapheme = .space,
    fillStyle: Style? = nil, padding: Int = 1, picture: CellPicture? = nil, draw: ((inout Surface, CellRect, ElementState) -> Void)? = nil,
    afterDraw: ((inout Surface, CellRect, ElementState) -> Void)? = nil
  ) {
    self.title = title
    self.titleLineLimit = titleLineLimit
    self.lines = lines
    self.detail = detail
    self.border = border
    self.badge = badge
    self.alignment = alignment
    self.verticalAlignment = verticalAlignment
    self.style = style
    self.titleAttributes = titleAttributes
    self.titleColor = titleColor
    self.fill = fill
    self.fillStyle = fillStyle
    self.padding = padding
    self.picture = picture
    self.draw = draw
    self.afterDraw = afterDraw
  }

  /// Content drawn entirely by `draw` (focus, selection and the fallbacks
  /// are still drawn over it by the collection view).
  public static func custom(_ draw: @escaping (inout Surface, CellRect, ElementState) -> Void) -> ElementContent {
    ElementContent(title: "", draw: draw)
  }

  /// `base` drawn as usual, then `draw` over it: a stock card with
  /// something added (a progress bar, a second colour).
  public static func custom(
    drawingOver base: ElementContent, _ draw: @escaping (inout Surface, CellRect, ElementState) -> Void
  ) -> ElementContent {
    var content = base
    let earlier = base.afterDraw
    content.afterDraw = { surface, frame, state in
      earlier?(&surface, frame, state)
      draw(&surface, frame, state)
    }
    return content
  }
}

extension ElementContent {
  /// Content that fills its whole frame with one character (a background,
  /// a plank, a rule), in `style`.
  public static func filled(with grapheme: Grapheme, style: Style = .plain) -> ElementContent {
    ElementContent(title: "", fill: grapheme, fillStyle: style, padding: 0)
  }

  /// A section header: the title in bold (in `color` if given) on a rule
  /// that runs across the header, `─ Title ─────────`. The rule is grey
  /// (dimmed where there are 8 colours or none).
  public static func header(_ title: String, color: Color? = nil) -> ElementContent {
    ElementContent(
      title: title.isEmpty ? "" : " \(title) ", titleAttributes: [.bold], titleColor: color, fill: "─",
      fillStyle: Style(foreground: .brightBlack), padding: 1)
  }

  /// A section footer: dimmed text against the trailing edge.
  public static func footer(_ text: String) -> ElementContent {
    ElementContent(title: text, alignment: .trailing, style: Style(attributes: [.dim]), padding: 1)
  }
}
