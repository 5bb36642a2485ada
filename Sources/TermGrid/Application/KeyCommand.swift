import GridRender

/// A key (or several) bound to something an app does, with the line the
/// help screen shows for it, as UIKeyCommand with its discoverability title.
///
/// ```swift
/// override var keyCommands: [KeyCommand] {
///   [KeyCommand("i", title: "insert a planet", action: insertPlanet),
///    KeyCommand("d", Key(.delete), title: "delete the focused planet", action: deleteFocused)]
/// }
/// ```
public struct KeyCommand {
  /// The keys that run it.
  public var keys: [Key]
  /// What it does, as the help screen says it.
  public var title: String
  /// What it does. An error thrown here ends the app with its message.
  public var action: () throws -> Void

  /// Binds `keys` to `action`.
  public init(_ keys: Key..., title: String, action: @escaping () throws -> Void) {
    self.keys = keys
    self.title = title
    self.action = action
  }

  /// Binds the keys of an array to `action`.
  public init(keys: [Key], title: String, action: @escaping () throws -> Void) {
    self.keys = keys
    self.title = title
    self.action = action
  }
}

extension KeyBindings {
  /// A line of the help: one kind of action the view's keys do.
  public enum HelpTopic: Hashable, Sendable, CaseIterable {
    /// Arrows and h j k l.
    case moveFocus
    /// Left and Right in an outline: collapse and expand, or to the parent
    /// and the first child (the keys listed in that order, Left first, as
    /// the title says). Listed by the controller only while its view shows
    /// an outline.
    case outline
    /// The next or previous item in order.
    case nextItem
    /// PgUp and PgDn.
    case page
    /// Home and End.
    case firstLast
    /// Tab and Shift-Tab.
    case section
    /// Enter (say what it does in your app: "show the book's details").
    case activate
    /// Space.
    case select
    /// Shift+arrows.
    case selectRange
    /// Esc.
    case clearSelection
    /// m.
    case pickUp

    /// What the help says by default.
    public var defaultTitle: String {
      switch self {
      case .moveFocus: return "move the focus"
      case .outline: return "collapse / expand (or to the parent / first child)"
      case .nextItem: return "the next / previous item"
      case .page: return "a page up / down"
      case .firstLast: return "the first / last item"
      case .section: return "the next / previous section"
      case .activate: return "open the item"
      case .select: return "select or deselect the item"
      case .selectRange: return "select a range"
      case .clearSelection: return "clear the selection"
      case .pickUp: return "pick the item up to move it (arrows, Enter drops, Esc puts back)"
      }
    }

    /// Whether `action` is one of this topic's.
    func covers(_ action: CollectionAction) -> Bool {
      switch (self, action) {
      case (.moveFocus, .moveFocus), (.selectRange, .extendSelection): return true
      case (.outline, .moveFocus(.left)), (.outline, .moveFocus(.right)): return true
      case (.nextItem, .focusNextItem), (.nextItem, .focusPreviousItem): return true
      case (.page, .pageUp), (.page, .pageDown), (.firstLast, .first), (.firstLast, .last): return true
      case (.section, .nextSection), (.section, .previousSection), (.activate, .activate): return true
      case (.select, .toggleSelection), (.clearSelection, .clearSelection), (.pickUp, .beginMovement): return true
      default: return false
      }
    }
  }

  /// One line of help per kind of action bound, naming its keys (arrows
  /// read as "arrows"), in the order of ``HelpTopic``. `titles` replaces
  /// what a line says; topics in `hidden` are left out (by default
  /// ``HelpTopic/outline``, which is for a view that shows an outline).
  public func helpRows(titles: [HelpTopic: String] = [:], hidden: Set<HelpTopic> = [.outline])
    -> [(keys: String, title: String)]
  {
    func order(_ action: CollectionAction) -> Int {
      switch action {
      case .moveFocus(let d), .extendSelection(let d): return [.up: 0, .down: 1, .left: 2, .right: 3][d] ?? 0
      case .focusPreviousItem, .pageDown, .last, .previousSection: return 1
      default: return 0
      }
    }
    return HelpTopic.allCases.compactMap { topic in
      guard !hidden.contains(topic) else { return nil }
      let bound = actions.filter { topic.covers($0.value) }
      // Named keys first (in the topic's order), then characters (alphabetically), unmodified first.
      let keys = bound.sorted { a, b in
        (
          a.key.modifiers.rawValue, a.key.isNamed ? 0 : 1, a.key.isNamed ? order(a.value) : 0,
          a.key.displayName.lowercased(), a.key.displayName != a.key.displayName.lowercased() ? 1 : 0
        )
          < (
            b.key.modifiers.rawValue, b.key.isNamed ? 0 : 1, b.key.isNamed ? order(b.value) : 0,
            b.key.displayName.lowercased(), b.key.displayName != b.key.displayName.lowercased() ? 1 : 0
          )
      }.map(\.key)
      // The four arrows (with the same modifiers) read as "arrows", "Shift-arrows".
      var names: [String] = []
      var named: Set<Key.Modifiers> = []
      for key in keys {
        let arrows = [Key.Code.up, .down, .left, .right].map { Key($0, modifiers: key.modifiers) }
        guard arrows.contains(key), arrows.allSatisfy(keys.contains) else {
          names.append(key.displayName)
          continue
        }
        if named.insert(key.modifiers).inserted {
          names.append(String(Key(.up, modifiers: key.modifiers).displayName.dropLast(2)) + "arrows")
        }
      }
      return names.isEmpty ? nil : (names.joined(separator: " "), titles[topic] ?? topic.defaultTitle)
    }
  }
}

extension Key {
  /// True for a named key (an arrow, Enter), false for a character.
  fileprivate var isNamed: Bool {
    if case .character = code { return false }
    return true
  }
}
