import GridLayout
import GridRender

/// The collection view's accessibility part: the settings (screen-reader
/// mode, reduced motion), the last line announced, and where the focused
/// item's text starts as last drawn (where the terminal's cursor rests on
/// it). Its state is written only here. The rules that need no view are
/// its pure functions: where the cursor rests in an item, how an item's
/// content and a batch are read.
final class AccessibilityState {
  /// Where an item's text starts, from the top left of its frame, as drawn.
  struct TextStart: Equatable {
    /// The item.
    var indexPath: IndexPath
    /// Columns from the frame's left edge.
    var dx: Int
    /// Rows from the frame's top edge.
    var dy: Int
  }

  /// Screen-reader mode and reduced motion.
  private(set) var settings: AccessibilitySettings
  /// The last line announced, nil before any.
  private(set) var announcement: String?
  /// Where the focused item's text started when it was last drawn (kept
  /// between draws, so resting the cursor asks the data source nothing).
  private(set) var focusedTextStart: TextStart?

  /// A part with these settings, nothing announced, nothing drawn.
  init(settings: AccessibilitySettings) { self.settings = settings }

  /// Whether screen-reader mode is on: announcements are made and the cursor shows.
  var isReading: Bool { settings.isScreenReaderModeOn }

  /// New settings; false when they are the ones in use.
  @discardableResult
  func setSettings(_ newSettings: AccessibilitySettings) -> Bool {
    guard newSettings != settings else { return false }
    settings = newSettings
    return true
  }

  /// `line` was announced.
  func post(_ line: String) { announcement = line }

  /// The focused item at `indexPath` was drawn with its text `dx` columns and `dy` rows into its frame.
  func focusedTextWasDrawn(at indexPath: IndexPath, dx: Int, dy: Int) {
    focusedTextStart = TextStart(indexPath: indexPath, dx: dx, dy: dy)
  }

  /// Where the text of `focused` started as last drawn, in `frame` (its frame on the surface); nil
  /// when a frame drew no text of this item (it was drawn with another item focused, or never).
  func drawnTextStart(of focused: IndexPath, in frame: CellRect) -> CellPoint? {
    guard let start = focusedTextStart, start.indexPath == focused else { return nil }
    return CellPoint(x: frame.x + start.dx, y: frame.y + start.dy)
  }

  // MARK: rules

  /// Where the cursor rests in an item whose frame on the surface is
  /// `frame`, in a view whose content area is `viewport`: at `textStart`
  /// (where its text starts) when that cell shows, else on the first cell
  /// of the item that shows; nil when none does.
  static func cursorCell(inItemFrame frame: CellRect, viewport: CellRect, textStart: CellPoint?) -> CellPoint? {
    let shown = frame.intersection(viewport)
    guard !shown.isEmpty else { return nil }
    if let textStart, shown.contains(textStart) { return textStart }
    return CellPoint(x: shown.x, y: shown.y)
  }

  /// What a sighted reader sees of `content`, as one line: its title, its
  /// lines, its detail and its badge, then its accessories in reading order
  /// (leading, then trailing): a label's text (a list row's count),
  /// "checked" for a checkmark, "expanded" or "collapsed" for an outline
  /// disclosure; last "level 2" for a row indented a level (as a tree
  /// view's rows are read). Empty parts are left out.
  static func label(of content: ElementContent) -> String {
    var parts = [content.title] + content.lines.map(\.plainText) + [content.detail ?? "", content.badge?.text.plainText ?? ""]
    let accessories = content.accessories.filter { $0.placement == .leading } + content.accessories.filter { $0.placement != .leading }
    for accessory in accessories {
      switch accessory.kind {
      case .label(let text): parts.append(text)
      case .checkmark: parts.append("checked")
      case .outlineDisclosure(let isExpanded): parts.append(isExpanded ? "expanded" : "collapsed")
      case .disclosureIndicator, .reorder: break
      }
    }
    if content.indentationLevel > 0 { parts.append("level \(content.indentationLevel + 1)") }
    return parts.map(trimmed).filter { !$0.isEmpty }.joined(separator: ", ")
  }

  /// An item read aloud: its section's name (nil: none said), its place
  /// ("2 of 6") and its label: "Jane Austen, 2 of 6: Emma, 1815".
  static func spokenDescription(item: Int, of count: Int, label: String, section: String?) -> String {
    let place = "\(item + 1) of \(count)"
    let spoken = label.isEmpty ? place : "\(place): \(label)"
    guard let section else { return spoken }
    return "\(section), \(spoken)"
  }

  /// "3 added, 1 removed" for a batch whose plan is `plan` (empty when
  /// nothing was added or removed: moves and reloads say nothing); "7
  /// items" when the view was empty before (its first data).
  static func summary(of plan: BatchUpdatePlan, oldTotal: Int, newTotal: Int) -> String {
    if oldTotal == 0 && newTotal > 0 { return newTotal == 1 ? "1 item" : "\(newTotal) items" }
    let kept = plan.keptItemCount
    var parts: [String] = []
    if newTotal > kept { parts.append("\(newTotal - kept) added") }
    if oldTotal > kept { parts.append("\(oldTotal - kept) removed") }
    return parts.joined(separator: ", ")
  }

  /// Text without the spaces that pad it on screen.
  static func trimmed(_ text: String) -> String {
    String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
