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
    /// The value.
    public var value: String
    /// Creates a row.
    public init(_ label: String, _ value: String) {
      self.label = label
      self.value = value
    }
  }

  /// The title, on the top border.
  public var title: String
  /// The rows.
  public var rows: [Row]
  /// The line on the bottom border (what closes it).
  public var footer: String
  /// The first line shown when the rows are scrolled.
  public private(set) var scrollOffset = 0
  /// Called when the panel closes.
  public var onDismiss: (() throws -> Void)?
  /// Lines shown in the last frame, for paging.
  private var visibleLines = 1
  private var lineCount = 0

  /// Creates a panel.
  public init(title: String, rows: [Row], footer: String = "Esc closes", onDismiss: (() throws -> Void)? = nil) {
    self.title = title
    self.rows = rows
    self.footer = footer
    self.onDismiss = onDismiss
  }

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

  /// The rows laid out for a box of `width`: (label, value) per line.
  private func layout(width: Int) -> (lines: [(String, String)], labelWidth: Int) {
    let labelWidth = min(rows.map { DisplayWidth.of($0.label) }.max() ?? 0, max(0, (width - 4) / 3))
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
    let bounds = surface.bounds
    let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
    let widest = rows.map { DisplayWidth.of($0.value) }.max() ?? 0
    let want = max(labelWidth + (labelWidth > 0 ? 2 : 0) + widest + 4, DisplayWidth.of(title) + 6, DisplayWidth.of(footer) + 6, 30)
    let width = min(bounds.width, want)
    let (lines, labelColumn) = layout(width: width)
    lineCount = lines.count
    let box = bounds.centered(width: width, height: lines.count + 4)
    guard box.width >= 3, box.height >= 3 else { return }
    visibleLines = max(1, box.height - 4)
    scrollOffset = min(scrollOffset, max(0, lines.count - visibleLines))
    var foot = footer
    if lines.count > visibleLines {
      let shownEnd = min(lines.count, scrollOffset + visibleLines)
      foot = "\(scrollOffset + 1)-\(shownEnd) of \(lines.count) · ↑↓ scroll · other keys close"
    }
    surface.drawOverlayBox(box, title: title, footer: foot, theme: theme)
    let gap = labelColumn > 0 ? 2 : 0
    for (i, line) in lines.dropFirst(scrollOffset).prefix(visibleLines).enumerated() {
      let y = box.y + 2 + i
      guard y < box.maxY - 1 else { break }
      if labelColumn > 0 {
        surface.draw(line.0, x: box.x + 2, y: y, maxWidth: labelColumn, style: theme.secondaryText)
      }
      let x = box.x + 2 + labelColumn + gap
      surface.draw(line.1, x: x, y: y, maxWidth: box.maxX - 2 - x)
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
