/// Decodes the mouse reports of xterm's SGR mode (1006), which xterm, tmux
/// and most terminals send: `ESC [ < button ; column ; row M` for a press
/// or motion, with a final `m` for a release; columns and rows count from 1.
///
/// The button number holds the button (0 left, 1 middle, 2 right, 3 none),
/// 4 for Shift, 8 for Alt, 16 for Control, 32 for motion and 64 for the
/// wheel (64 up, 65 down, 66 left, 67 right). Only the left button and the
/// wheel become events; the others (middle, right, extra buttons) are
/// reports of no use, decoded as nil and dropped.
public enum SGRMouseReport {
  /// The event in `body`, the part after `ESC [ <` up to and including
  /// the final letter ("0;5;3M"); nil when it is malformed or not used.
  public static func decode<S: StringProtocol>(_ body: S) -> MouseEvent? {
    guard let final = body.last, final == "M" || final == "m" else { return nil }
    let fields = body.dropLast().split(separator: ";", omittingEmptySubsequences: false)
    guard fields.count == 3, let code = Int(fields[0]), let column = Int(fields[1]), let row = Int(fields[2]),
      code >= 0, column >= 1, row >= 1
    else { return nil }
    var modifiers: Key.Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let button = code & 3
    let kind: MouseEvent.Kind
    if code & 128 != 0 {
      return nil  // buttons 8-11
    } else if code & 64 != 0 {
      guard final == "M" else { return nil }
      kind = [MouseEvent.Kind.scrollUp, .scrollDown, .scrollLeft, .scrollRight][button]
    } else if code & 32 != 0 {
      guard button == 0 || button == 3 else { return nil }
      kind = button == 0 ? .drag : .move
    } else {
      guard button == 0 else { return nil }
      kind = final == "M" ? .press : .release
    }
    return MouseEvent(kind, x: column - 1, y: row - 1, modifiers: modifiers)
  }
}
