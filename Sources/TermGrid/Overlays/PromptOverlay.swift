import GridRender

/// A question on the bottom line, answered with a key: "Unsaved changes:
/// s saves and quits · q quits without saving · Esc stays". Each choice's
/// key runs its action and closes the prompt; Esc cancels; other keys are
/// ignored.
public final class PromptOverlay: Overlay {
  /// An answer: its key, what it does (as the prompt says it), and the action.
  public struct Choice {
    /// The key that picks it.
    public var key: Key
    /// What it does, shown after the key.
    public var title: String
    /// What picking it does.
    public var action: () throws -> Void
    /// Creates a choice.
    public init(_ key: Key, _ title: String, action: @escaping () throws -> Void) {
      self.key = key
      self.title = title
      self.action = action
    }
  }

  /// The question, before the keys that answer it.
  public var message: String
  /// The keys that answer, each with what it does, in the order shown.
  public var choices: [Choice]
  /// What Esc does, as the prompt says it; nil leaves Esc out (a choice must be picked).
  public var cancelTitle: String?
  /// Called when Esc cancels.
  public var onCancel: (() throws -> Void)?

  /// Creates a prompt.
  public init(
    _ message: String, choices: [Choice], cancelTitle: String? = "cancels", onCancel: (() throws -> Void)? = nil
  ) {
    self.message = message
    self.choices = choices
    self.cancelTitle = cancelTitle
    self.onCancel = onCancel
  }

  /// A yes/no question: y runs `yes`, n runs `no`, Esc cancels.
  public static func confirm(
    _ question: String, yes: @escaping () throws -> Void, no: @escaping () throws -> Void = {}
  ) -> PromptOverlay {
    PromptOverlay(question, choices: [Choice("y", "yes", action: yes), Choice("n", "no", action: no)])
  }

  public func handle(_ key: Key) throws -> OverlayResponse {
    if let choice = choices.first(where: { $0.key == key }) {
      try choice.action()
      return .dismiss
    }
    if key.code == .escape, cancelTitle != nil {
      try onCancel?()
      return .dismiss
    }
    return .handled
  }

  /// A choice's key is ordinary; Esc, when it cancels, is cancelling; any
  /// other key does nothing: droppable.
  public func role(ofQueued key: Key) -> QueuedInputRole {
    if choices.contains(where: { $0.key == key }) { return .ordinary }
    if key.code == .escape { return cancelTitle != nil ? .cancelling : .droppable }
    return .droppable
  }

  /// The whole line: the message, then each choice's key and title (after
  /// a colon, unless the message ends in its own punctuation: "Delete 3
  /// books? y yes · n no").
  public var text: String { " \(lead) " + answers }

  /// The message with a colon, or as it is when it ends in `?`, `!`, `:` or `.`.
  private var lead: String {
    guard let last = message.last, !"?!:.".contains(last) else { return message }
    return message + ":"
  }

  /// Each choice's key and title, then Esc's.
  private var answers: String {
    var parts = choices.map { "\($0.key.displayName) \($0.title)" }
    if let cancelTitle { parts.append("Esc \(cancelTitle)") }
    return parts.joined(separator: " · ")
  }

  /// One line at the bottom when it fits. When it does not, the question
  /// takes the line above (cut with … if even that is too short), so the
  /// keys to answer it always show; with no line above, the question is
  /// cut to leave room for them.
  public func draw(into surface: inout Surface, theme: Theme) {
    guard surface.height > 0 else { return }
    let y = surface.height - 1
    let width = surface.width
    if DisplayWidth.of(TextSanitizer.sanitize(text)) <= width {
      surface.fill(CellRect(x: 0, y: y, width: width, height: 1), style: theme.statusBar)
      surface.draw(text, x: 0, y: y, maxWidth: width, style: theme.statusBar)
      return
    }
    let keys = " " + answers
    if surface.height >= 2 {
      surface.fill(CellRect(x: 0, y: y - 1, width: width, height: 2), style: theme.statusBar)
      surface.draw(TextLayout.truncate(" \(message)", toWidth: width), x: 0, y: y - 1, maxWidth: width, style: theme.statusBar)
      surface.draw(keys, x: 0, y: y, maxWidth: width, style: theme.statusBar)
    } else {
      let room = max(0, width - DisplayWidth.of(keys) - 1)
      surface.fill(CellRect(x: 0, y: y, width: width, height: 1), style: theme.statusBar)
      let line = room > 2 ? TextLayout.truncate(" \(lead)", toWidth: room) + keys : keys
      surface.draw(line, x: 0, y: y, maxWidth: width, style: theme.statusBar)
    }
  }
}
