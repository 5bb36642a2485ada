import GridRender

/// Something drawn over a ``CollectionViewController``'s view that takes the
/// keys while it is shown (modal): a panel of details, the help screen, a
/// question, a line of text to type, a form. Present one with
/// ``CollectionViewController/present(_:)``; overlays stack, the last
/// presented on top and taking the keys. When one closes, what was under it
/// is drawn again: the app does not ask for a redraw.
///
/// The stock overlays are ``PanelOverlay`` (and the help screen made from
/// it), ``PromptOverlay``, ``TextInputOverlay`` and ``FormOverlay``; any
/// class adopting this protocol is an overlay too.
public protocol Overlay: AnyObject {
  /// Draws the overlay over `surface` (the whole screen), in `theme`.
  func draw(into surface: inout Surface, theme: Theme)
  /// Handles a key. Errors thrown here end the app with their message.
  func handle(_ key: Key) throws -> OverlayResponse
  /// Takes text the person pasted (see <doc:/GridTerminal/InputEvent/paste(_:)>): an
  /// overlay with a text field puts it in the field
  /// (``TextField/paste(_:)``); the default ignores it, so a paste never
  /// runs as keys.
  func paste(_ text: String) throws -> OverlayResponse
  /// What `key` may do to the keys queued before it while the overlay is
  /// on top (see ``QueuedInputRole``): ``QueuedInputRole/cancelling`` for
  /// a key that closes it whatever the keys before did (Esc),
  /// ``QueuedInputRole/droppable`` for one that changes nothing about what
  /// the keys after it mean (a scroll, an edit of the text). Asked for keys
  /// not yet handled; it must change nothing. Default:
  /// ``QueuedInputRole/ordinary`` (every key handled in its turn).
  func role(ofQueued key: Key) -> QueuedInputRole
  /// Adapts the overlay to the terminal (its colours, for pictures): called
  /// when it is presented and when the terminal is known. Default: nothing.
  func adapt(to capabilities: TerminalCapabilities)
  /// The picture sources whose placeholders the last ``draw(into:theme:)``
  /// showed: the screen is drawn again when one of their pictures is ready
  /// (through the collection view's ``CollectionView/backgroundWork``). Default: none.
  var awaitedPictures: [any PictureSource] { get }
}

extension Overlay {
  /// Default: the paste is ignored.
  public func paste(_ text: String) throws -> OverlayResponse { .handled }
  /// Default: every key is handled in its turn.
  public func role(ofQueued key: Key) -> QueuedInputRole { .ordinary }
  /// Default: nothing to adapt.
  public func adapt(to capabilities: TerminalCapabilities) {}
  /// Default: no pictures.
  public var awaitedPictures: [any PictureSource] { [] }
}

extension CellRect {
  /// A rectangle of `width` x `height` centred in this one (and no larger).
  func centered(width: Int, height: Int) -> CellRect {
    let w = min(width, self.width)
    let h = min(height, self.height)
    return CellRect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
  }
}

extension Surface {
  /// A framed box for an overlay: cleared, bordered, its title on the top
  /// border and its footer on the bottom one. The terminal's cursor rests
  /// on the title (or inside the box), where a screen reader starts
  /// reading; a text field drawn in the box takes it.
  mutating func drawOverlayBox(_ box: CellRect, title: String, footer: String, theme: Theme) {
    fill(box)
    if !box.isEmpty {
      cursor = CellPoint(x: min(box.maxX - 1, box.x + (title.isEmpty ? 1 : 3)), y: title.isEmpty ? min(box.maxY - 1, box.y + 1) : box.y)
    }
    drawBorder(box, border: theme.overlayBorderForTerminal, style: theme.overlayTitle)
    if !title.isEmpty {
      draw(" \(title) ", x: box.x + 2, y: box.y, maxWidth: box.width - 4, style: theme.overlayTitle)
    }
    if !footer.isEmpty, box.height > 1 {
      draw(" \(footer) ", x: box.x + 2, y: box.maxY - 1, maxWidth: box.width - 4, style: theme.secondaryText)
    }
  }
}
