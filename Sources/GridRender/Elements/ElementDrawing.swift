/// One element (a card, a row, a header) as GridRender draws it: a plain
/// description with every decision of the collection view's theme made
/// (the border for the element's state, the state's attributes, the
/// selection mark, ASCII or not), so that drawing it into a frame, and
/// saying where its text starts, asks nothing above GridRender.
///
/// TermGrid's `ElementContent` becomes one of these once per element and
/// frame; the surface then draws the element whole in one call
/// (``Surface/drawElements(_:in:changing:blend:)``): its fill, border,
/// accessories, picture, text (placed, wrapped and sanitised), badge and
/// selection mark. Content drawn by a closure (the app's own drawing) is
/// called from here, with the state drawn over it.
package struct ElementDrawing {
  /// Where text sits in its line.
  package enum Alignment { case leading, center, trailing }
  /// Where the lines sit in the element's height.
  package enum VerticalAlignment { case top, center, bottom }
  /// Which corner a badge sits in.
  package enum Corner { case topLeading, topTrailing, bottomLeading, bottomTrailing }
  /// Where a picture sits inside the border.
  package enum PicturePlacement: Equatable {
    case fill, top
    case leading(width: Int)
  }

  /// A mark at the row's edge (an accessory), its text already ASCII or not.
  package struct Mark {
    /// What it draws.
    package var text: String
    /// Its colour (nil: the row's).
    package var color: Color?
    /// True before the title, false against the trailing edge.
    package var isLeading: Bool
    /// The cells it takes (its text sanitised).
    package var width: Int { DisplayWidth.of(TextSanitizer.sanitize(text)) }

    /// Creates a mark.
    package init(text: String, color: Color?, isLeading: Bool) {
      self.text = text
      self.color = color
      self.isLeading = isLeading
    }
  }

  /// A picture's place, and what draws it into its area with attributes
  /// added (the picture source is asked there); it returns what it shows
  /// a placeholder for while its picture is made.
  package struct PictureSlot {
    /// Where it sits.
    package var placement: PicturePlacement
    /// Draws the picture (or its stand-in or placeholder) into an area.
    package var draw: (inout Surface, CellRect, TextAttributes) -> AnyObject?

    /// Creates a picture's slot.
    package init(placement: PicturePlacement, draw: @escaping (inout Surface, CellRect, TextAttributes) -> AnyObject?) {
      self.placement = placement
      self.draw = draw
    }
  }

  package var title = ""
  package var titleLineLimit = 1
  package var titleAttributes: TextAttributes = []
  package var titleColor: Color?
  package var lines: [StyledText] = []
  package var detail: String?
  /// The border for the element's state, ASCII where the theme says (nil: none).
  package var border: Border?
  package var badge: (text: StyledText, corner: Corner)?
  package var alignment = Alignment.leading
  package var verticalAlignment = VerticalAlignment.top
  /// The element's own style, before its state's attributes.
  package var style = Style.plain
  package var fill = Grapheme.space
  package var fillStyle: Style?
  package var padding = 1
  package var marks: [Mark] = []
  /// The columns the row's indentation takes.
  package var indentation = 0
  /// Whether the row makes room for an indentation or marks.
  package var hasAccessories = false
  package var picture: PictureSlot?
  /// The state's attributes (focus, selection, lifted), added to every cell drawn.
  package var stateAttributes: TextAttributes = []
  /// Whether the detail line is dimmed (it is unless focused).
  package var dimsDetail = true
  /// The selection mark drawn in the first cell (nil: not selected, or a checkmark says it).
  package var selectionMark: Grapheme?
  /// Whether fills and marks are drawn in ASCII.
  package var asciiOnly = false
  /// Draws the whole element instead of the fields above (the app's own drawing).
  package var custom: ((inout Surface, CellRect) -> Void)?
  /// Draws after the rest, within the frame.
  package var afterDraw: ((inout Surface, CellRect) -> Void)?

  /// An element that draws nothing but its fill.
  package init() {}

  /// Whether the border is drawn in `frame` (one needs two rows and two columns).
  package func drawsBorder(in frame: CellRect) -> Bool {
    border != nil && frame.width >= 2 && frame.height >= 2
  }

  /// The picture's area and the text's in `inner` (the element inside its border).
  package func split(_ inner: CellRect, for placement: PicturePlacement) -> (picture: CellRect, text: CellRect) {
    switch placement {
    case .fill:
      return (inner, CellRect(x: inner.x, y: inner.maxY, width: inner.width, height: 0))
    case .top:
      let titleRows = title.isEmpty ? 0 : max(1, titleLineLimit)
      let textRows = min(inner.height, titleRows + lines.count + (detail == nil ? 0 : 1))
      let pictureRows = inner.height - textRows
      return (
        CellRect(x: inner.x, y: inner.y, width: inner.width, height: pictureRows),
        CellRect(x: inner.x, y: inner.y + pictureRows, width: inner.width, height: textRows)
      )
    case .leading(let width):
      let w = min(max(0, width), inner.width)
      return (
        CellRect(x: inner.x, y: inner.y, width: w, height: inner.height),
        CellRect(x: inner.x + w, y: inner.y, width: inner.width - w, height: inner.height)
      )
    }
  }
}
