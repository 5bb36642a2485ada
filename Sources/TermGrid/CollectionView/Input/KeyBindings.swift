import GridLayout
import GridRender

/// Which key does what: the standard bindings (arrows and h j k l move the
/// focus, PgUp/PgDn page, Home/End and g/G jump, Tab changes section, Enter
/// activates, Space selects, Shift-arrows select a range, m lifts an item
/// to move it), changeable.
public struct KeyBindings: Sendable {
  /// The action of each bound key.
  public var actions: [Key: CollectionAction]

  /// Creates bindings from a table.
  public init(_ actions: [Key: CollectionAction]) { self.actions = actions }

  /// The action bound to `key`, if any.
  public subscript(key: Key) -> CollectionAction? {
    get { actions[key] }
    set { actions[key] = newValue }
  }

  /// Arrows and h j k l move the focus as the layout says (row by row in a
  /// grid); PgUp/PgDn, Home/End and g/G page
  /// and jump; Tab/Shift-Tab change section; Enter activates; Space selects,
  /// Shift+arrows select a range, Esc deselects all; m picks the focused item up to move it.
  public static let standard = KeyBindings([
    Key(.up): .moveFocus(.up), Key(.down): .moveFocus(.down),
    Key(.left): .moveFocus(.left), Key(.right): .moveFocus(.right),
    .char("k"): .moveFocus(.up), .char("j"): .moveFocus(.down),
    .char("h"): .moveFocus(.left), .char("l"): .moveFocus(.right),
    Key(.pageUp): .pageUp, Key(.pageDown): .pageDown,
    Key(.home): .first, Key(.end): .last, .char("g"): .first, .char("G"): .last,
    Key(.tab): .nextSection, Key(.backTab): .previousSection,
    Key(.enter): .activate, .char(" "): .toggleSelection,
    Key(.up, modifiers: .shift): .extendSelection(.up), Key(.down, modifiers: .shift): .extendSelection(.down),
    Key(.left, modifiers: .shift): .extendSelection(.left), Key(.right, modifiers: .shift): .extendSelection(.right),
    Key(.escape): .clearSelection, .char("m"): .beginMovement,
  ])
}
