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
  /// One line of help per kind of action bound (moving, paging, jumping,
  /// sections, activating, selecting, moving items), naming its keys, in
  /// the order a person learns them. `allowsSelection` and
  /// `allowsMovement` leave out what the view does not allow.
  public func helpRows(allowsSelection: Bool = true, allowsMultipleSelection: Bool = true, allowsMovement: Bool = true)
    -> [(keys: String, title: String)]
  {
    typealias Family = (title: String, matches: (CollectionAction) -> Bool, order: (CollectionAction) -> Int)
    func direction(_ d: FocusDirection) -> Int { [.up: 0, .down: 1, .left: 2, .right: 3][d] ?? 0 }
    var families: [Family] = [
      ("move the focus", { if case .moveFocus = $0 { true } else { false } },
       { if case .moveFocus(let d) = $0 { direction(d) } else { 0 } }),
      ("the next / previous item", { $0 == .focusNextItem || $0 == .focusPreviousItem },
       { $0 == .focusNextItem ? 0 : 1 }),
      ("a page up / down", { $0 == .pageUp || $0 == .pageDown }, { $0 == .pageUp ? 0 : 1 }),
      ("the first / last item", { $0 == .first || $0 == .last }, { $0 == .first ? 0 : 1 }),
      ("the next / previous section", { $0 == .nextSection || $0 == .previousSection },
       { $0 == .nextSection ? 0 : 1 }),
      ("open the item", { $0 == .activate }, { _ in 0 }),
    ]
    if allowsSelection {
      families.append(("select or deselect the item", { $0 == .toggleSelection }, { _ in 0 }))
      if allowsMultipleSelection {
        families.append(
          ("select a range", { if case .extendSelection = $0 { true } else { false } },
           { if case .extendSelection(let d) = $0 { direction(d) } else { 0 } }))
      }
      families.append(("clear the selection", { $0 == .clearSelection }, { _ in 0 }))
    }
    if allowsMovement {
      families.append(("pick the item up to move it (arrows, Enter drops, Esc puts back)", { $0 == .beginMovement }, { _ in 0 }))
    }
    return families.compactMap { family in
      let bound = actions.filter { family.matches($0.value) }
      // Named keys first (in the family's order), then characters (alphabetically), unmodified first.
      let keys = bound.sorted { a, b in
        (a.key.modifiers.rawValue, a.key.isNamed ? 0 : 1, a.key.isNamed ? family.order(a.value) : 0,
         a.key.displayName.lowercased(), a.key.displayName != a.key.displayName.lowercased() ? 1 : 0)
          < (b.key.modifiers.rawValue, b.key.isNamed ? 0 : 1, b.key.isNamed ? family.order(b.value) : 0,
             b.key.displayName.lowercased(), b.key.displayName != b.key.displayName.lowercased() ? 1 : 0)
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
      return names.isEmpty ? nil : (names.joined(separator: " "), family.title)
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
