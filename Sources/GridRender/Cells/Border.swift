/// The line-drawing characters of a box border.
public struct Border: Hashable, Sendable {
  /// The top left.
  public var topLeft: Grapheme
  /// The top right.
  public var topRight: Grapheme
  /// The bottom left.
  public var bottomLeft: Grapheme
  /// The bottom right.
  public var bottomRight: Grapheme
  /// The character of the top and bottom edges.
  public var horizontal: Grapheme
  /// The character of the left and right edges.
  public var vertical: Grapheme

  /// Creates a border from its six characters.
  public init(
    topLeft: Grapheme, topRight: Grapheme, bottomLeft: Grapheme, bottomRight: Grapheme, horizontal: Grapheme,
    vertical: Grapheme
  ) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomLeft = bottomLeft
    self.bottomRight = bottomRight
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// ┌─┐ │ └─┘
  public static let single = Border(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
  /// ╭─╮ │ ╰─╯
  public static let rounded = Border(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
  /// ╔═╗ ║ ╚═╝
  public static let double = Border(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
  /// ┏━┓ ┃ ┗━┛
  public static let heavy = Border(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
  /// +-+ | +-+ for terminals without Unicode.
  public static let ascii = Border(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
  /// #=# H #=# for terminals without Unicode: a stronger ASCII border (a moving item).
  public static let asciiDouble = Border(
    topLeft: "#", topRight: "#", bottomLeft: "#", bottomRight: "#", horizontal: "=", vertical: "H")
}

extension Surface {
  /// Draws a border along the edges of `rect` (clipped). A rectangle one
  /// cell high or wide draws a line; an empty one draws nothing.
  public mutating func drawBorder(_ rect: CellRect, border: Border = .single, style: Style = .plain) {
    guard !rect.isEmpty else { return }
    let x1 = rect.maxX - 1
    let y1 = rect.maxY - 1
    if rect.height == 1 {
      hline(border.horizontal, from: rect.x, to: x1, y: rect.y, style: style)
      return
    }
    if rect.width == 1 {
      for y in rect.y...y1 { putNarrow(border.vertical, x: rect.x, y: y, style: style) }
      return
    }
    // (One out-of-line cell writer for the corners and sides: a border is
    // drawn on most frames, and small code stays in the cache between keys.)
    putNarrow(border.topLeft, x: rect.x, y: rect.y, style: style)
    putNarrow(border.topRight, x: x1, y: rect.y, style: style)
    putNarrow(border.bottomLeft, x: rect.x, y: y1, style: style)
    putNarrow(border.bottomRight, x: x1, y: y1, style: style)
    if rect.width > 2 {
      hline(border.horizontal, from: rect.x + 1, to: x1 - 1, y: rect.y, style: style)
      hline(border.horizontal, from: rect.x + 1, to: x1 - 1, y: y1, style: style)
    }
    if rect.height > 2 {
      for y in (rect.y + 1)..<y1 {
        putNarrow(border.vertical, x: rect.x, y: y, style: style)
        putNarrow(border.vertical, x: x1, y: y, style: style)
      }
    }
  }
}
