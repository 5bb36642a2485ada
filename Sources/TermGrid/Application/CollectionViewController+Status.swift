import GridRender

extension CollectionViewController {
  /// What the status line says: the text at its left and the key hints at
  /// its right, given together by ``CollectionViewController/status`` so that
  /// a frame asks the app for its status line once.
  public struct Status: Hashable, Sendable {
    /// The left part of the line (counts, the focused item's name), shown
    /// whole, before the ``CollectionViewController/message``.
    public var text: String
    /// The key hints, in the order they matter: the least important are
    /// left out when the line is too narrow for them all
    /// (see ``CollectionViewController/statusHints``).
    public var hints: [StatusHint]

    /// Creates a status line's content.
    public init(text: String = "", hints: [StatusHint] = []) {
      self.text = text
      self.hints = hints
    }
  }
}
