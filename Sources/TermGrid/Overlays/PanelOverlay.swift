import GridRender

/// A box in the middle of the screen with a title and rows of label and
/// value (a record's details, the help screen). Long values wrap. When the
/// rows do not fit, Up/Down (j/k), PgUp/PgDn and Home/End scroll them and
/// any other key closes it; when they fit, any key closes it.
public final class PanelOverlay: Overlay {
  /// One row: a label (dimmed, in a column of its own) and a value.
  public struct Row: Hashable, Sendable {
    /// The label (may be empty).
    public var label: String
    /// The text beside the label (long values wrap).
    public var value: String
    /// Creates a row.
    public init(_ label: String, _ value: String) {
      self.label = label
      self.value = value
    }
  }

  /// The title, on the top border.
  public var title: String
  /// The label/value rows, in order (a panel taller than the screen scrolls).
  public var rows: [Row]
  /// The line on the bottom border (what closes it).
  public var footer: String
  /// The first line shown when the rows are scrolled.
  public private(set) var scrollOffset = 0
  /// Called when the panel closes.
  public var onDismiss: (() throws -> Void)?
  /// A picture beside the rows (`.leading(width:)`) or above them (`.top`
  /// or `.fill`, taking the room the rows leave); nil: none.
  public var picture: CellPicture?
  /// The title on the picture's placeholder (the panel's title when nil).
  public var pictureTitle: String?
  /// The terminal's colours, which the picture is made for (set when presented).
  public private(set) var colors: ColorSupport = .trueColor
  /// The pictures the last frame waited for: the panel is redrawn when one is ready.
  public private(set) var awaitedPictures: [any PictureSource] = []
  /// Lines shown in the last frame, for paging.
  private var visibleLines = 1
  private var lineCount = 0

  /// Creates a panel.
  ///
  /// - Parameters:
  ///   - title: The title on the box's top edge.
  ///   - rows: The label and value rows (long values wrap).
  ///   - footer: The hint on the box's bottom edge. When the rows do not
  ///     fit, it says which rows show and that arrows scroll instead.
  ///   - picture: A picture shown above the rows (a cover, a photo).
  ///   - onDismiss: Called when a key closes the panel.
  public init(
    title: String, rows: [Row], footer: String = "any key closes", picture: CellPicture? = nil,
    onDismiss: (() throws -> Void)? = nil
  ) {
    self.title = title
    self.rows = rows
    self.footer = footer
    self.picture = picture
    self.onDismiss = onDismiss
  }

  /// Takes the terminal's colours for the picture.
  public func adapt(to capabilities: TerminalCapabilities) {
    colors = capabilities.colors
    showsPicture = capabilities.showsPictures
  }
  /// False on a terminal set to show no pictures, or one that has not yet
  /// said how it shows them: the picture's placeholder shows.
  public private(set) var showsPicture = true

  /// Scroll keys scroll; any other key closes the panel.
  public func handle(_ key: Key) throws -> OverlayResponse {
    let last = max(0, lineCount - visibleLines)
    switch key.code {
    case .up where last > 0, .character("k") where last > 0: scrollOffset = max(0, scrollOffset - 1)
    case .down where last > 0, .character("j") where last > 0: scrollOffset = min(last, scrollOffset + 1)
    case .pageUp where last > 0: scrollOffset = max(0, scrollOffset - visibleLines)
    case .pageDown where last > 0: scrollOffset = min(last, scrollOffset + visibleLines)
    case .home where last > 0: scrollOffset = 0
    case .end where last > 0: scrollOffset = last
    default:
      try onDismiss?()
      return .dismiss
    }
    return .handled
  }

  /// Scroll keys (while there is more to see) are droppable; any other key
  /// closes the panel, whatever the scroll keys before it did: cancelling.
  public func role(ofQueued key: Key) -> QueuedInputRole {
    guard lineCount > visibleLines else { return .cancelling }
    switch key.code {
    case .up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end: return .droppable
    default: return .cancelling
    }
  }

  /// The rows laid out for a box of `width`: (label, value) per line.
  private func layout(width: Int) -> (lines: [(String, String)], labelWidth: Int) {
    let labelWidth = min(rows.map { DisplayWidth.of($0.label) }.max() ?? 0, max(0, (width - 4) / 2))
    let gap = labelWidth > 0 ? 2 : 0
    let valueWidth = max(1, width - 4 - labelWidth - gap)
    var lines: [(String, String)] = []
    for row in rows {
      let wrapped = TextLayout.wrap(row.value, width: valueWidth, maxLines: 200)
      if wrapped.isEmpty {
        lines.append((row.label, ""))
      } else {
        for (i, part) in wrapped.enumerated() { lines.append((i == 0 ? row.label : "", part)) }
      }
    }
    return (lines, labelWidth)
  }

  public func draw(into surface: inout Surface, theme: Theme) {
    awaitedPictures = []
    let bounds = surface.bounds
    let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
    let widest = rows.map { DisplayWidth.of($0.value) }.max() ?? 0
    let textWant = max(
      labelWidth + (labelWidth > 0 ? 2 : 0) + widest + 4, DisplayWidth.of(title) + 6, DisplayWidth.of(footer) + 6, 30, labelWidth * 2 + 4)
    // The picture's columns beside the rows, or its rows above them.
    var pictureWidth = 0
    var aboveRows = false
    if let picture {
      if case .leading(let w) = picture.placement {
        pictureWidth = min(max(0, w), max(0, bounds.width / 2 - 2))
      } else {
        aboveRows = true
      }
    }
    let width: Int
    if aboveRows {
      width = max(min(bounds.width, textWant), bounds.width - 4)
    } else {
      width = min(bounds.width, textWant + (pictureWidth > 0 ? pictureWidth + 1 : 0))
    }
    let textWidth = width - (pictureWidth > 0 ? pictureWidth + 1 : 0)
    let (lines, labelColumn) = layout(width: textWidth)
    lineCount = lines.count
    var height = lines.count + 4
    if pictureWidth > 0 {
      // Room for a picture of a book's shape (2:3, cells twice as tall as wide).
      height = max(height, pictureWidth * 3 / 4 + 4)
    } else if aboveRows {
      height = bounds.height - 2
    }
    let box = bounds.centered(width: width, height: height)
    guard box.width >= 3, box.height >= 3 else { return }
    if let picture, aboveRows {
      // The rows that fit under the picture, at most half the box; the picture the rest.
      let textRows = min(lines.count, max(1, (box.height - 4) / 2))
      let area = CellRect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: max(0, box.height - 4 - textRows))
      drawBox(
        box, lines: lines, textTop: area.maxY + 1, textBottom: box.maxY - 2, textX: box.x + 2, labelColumn: labelColumn, theme: theme,
        on: &surface)
      drawPicture(picture, in: area, asciiOnly: theme.asciiOnly, on: &surface)
      return
    }
    drawBox(
      box, lines: lines, textTop: box.y + 2, textBottom: box.maxY - 2, textX: box.x + 2 + (pictureWidth > 0 ? pictureWidth + 1 : 0),
      labelColumn: labelColumn, theme: theme, on: &surface)
    if let picture, pictureWidth > 0 {
      drawPicture(
        picture, in: CellRect(x: box.x + 2, y: box.y + 1, width: min(pictureWidth, box.width - 4), height: box.height - 2),
        asciiOnly: theme.asciiOnly, on: &surface)
    }
  }

  /// The box, its title and footer, and the rows from `textTop` (scrolled) above `textBottom`.
  private func drawBox(
    _ box: CellRect, lines: [(String, String)], textTop: Int, textBottom: Int, textX: Int, labelColumn: Int, theme: Theme,
    on surface: inout Surface
  ) {
    visibleLines = max(1, textBottom - textTop)
    scrollOffset = min(scrollOffset, max(0, lines.count - visibleLines))
    var foot = footer
    if lines.count > visibleLines {
      let shownEnd = min(lines.count, scrollOffset + visibleLines)
      foot = "\(scrollOffset + 1)-\(shownEnd) of \(lines.count) · ↑↓ scroll · other keys close"
    }
    surface.drawOverlayBox(box, title: title, footer: foot, theme: theme)
    let gap = labelColumn > 0 ? 2 : 0
    for (i, line) in lines.dropFirst(scrollOffset).prefix(visibleLines).enumerated() {
      let y = textTop + i
      guard y < textBottom else { break }
      if labelColumn > 0 {
        surface.draw(line.0, x: textX, y: y, maxWidth: labelColumn, style: theme.secondaryText)
      }
      let x = textX + labelColumn + gap
      surface.draw(line.1, x: x, y: y, maxWidth: box.maxX - 2 - x)
    }
  }

  private func drawPicture(_ picture: CellPicture, in area: CellRect, asciiOnly: Bool, on surface: inout Surface) {
    if let awaited = surface.draw(
      picture, in: area, title: pictureTitle ?? title, colors: colors, showsPicture: showsPicture, asciiOnly: asciiOnly)
    {
      awaitedPictures.append(awaited)
    }
  }
}

extension PanelOverlay {
  /// The help screen: a row per key and what it does.
  public static func help(
    title: String = "Keys", commands: [(keys: String, title: String)], footer: String = "any key closes"
  ) -> PanelOverlay {
    PanelOverlay(title: title, rows: commands.map { Row($0.keys, $0.title) }, footer: footer)
  }
}
