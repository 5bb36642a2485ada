/// A key press, decoded by the terminal backend. A character literal is a
/// key: `let quit: Key = "q"`.
public struct Key: Hashable, Sendable, CustomStringConvertible, ExpressibleByExtendedGraphemeClusterLiteral {
  /// Which key.
  public enum Code: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case tab, backTab, enter, escape, backspace, delete, insert
    case function(Int)
  }
  /// Modifier keys held with it.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates the set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift held.
    public static let shift = Modifiers(rawValue: 1)
    /// Control held.
    public static let control = Modifiers(rawValue: 2)
    /// Alt (Meta, Option) held.
    public static let alt = Modifiers(rawValue: 4)
  }

  /// Which key.
  public var code: Code
  /// Modifier keys held.
  public var modifiers: Modifiers

  /// Creates a key.
  public init(_ code: Code, modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }
  /// A printable character key.
  public static func char(_ c: Character) -> Key { Key(.character(c)) }
  /// A character key typed with Ctrl: `.control("c")` is Ctrl-C.
  public static func control(_ c: Character) -> Key { Key(.character(c), modifiers: .control) }
  /// The key of a character literal.
  public init(extendedGraphemeClusterLiteral value: Character) { self.init(.character(value)) }

  /// The key as a person reads it in a help screen: `q`, `Space`, `Ctrl-C`,
  /// `Shift-Up`, `PgDn`, `F1`.
  public var displayName: String {
    var prefix = ""
    if modifiers.contains(.control) { prefix += "Ctrl-" }
    if modifiers.contains(.alt) { prefix += "Alt-" }
    if modifiers.contains(.shift) { prefix += "Shift-" }
    let name: String
    switch code {
    case .character(" "): name = "Space"
    case .character(let c): name = modifiers.contains(.control) ? c.uppercased() : String(c)
    case .up: name = "Up"
    case .down: name = "Down"
    case .left: name = "Left"
    case .right: name = "Right"
    case .home: name = "Home"
    case .end: name = "End"
    case .pageUp: name = "PgUp"
    case .pageDown: name = "PgDn"
    case .tab: name = "Tab"
    case .backTab: name = "Shift-Tab"
    case .enter: name = "Enter"
    case .escape: name = "Esc"
    case .backspace: name = "Backspace"
    case .delete: name = "Delete"
    case .insert: name = "Insert"
    case .function(let n): name = "F\(n)"
    }
    return prefix + name
  }

  /// A readable form, for messages and tests.
  public var description: String {
    let mods =
      (modifiers.contains(.control) ? "C-" : "") + (modifiers.contains(.alt) ? "M-" : "")
      + (modifiers.contains(.shift) ? "S-" : "")
    switch code {
    case .character(let c): return mods + String(c)
    case .function(let n): return mods + "F\(n)"
    default: return mods + "\(code)"
    }
  }
}

/// A mouse event in screen cells.
public struct MouseEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    case press, release, click, doubleClick, drag, move, scrollUp, scrollDown
    /// The wheel tilted sideways (or Shift+wheel on some terminals).
    case scrollLeft, scrollRight
  }
  /// What happened.
  public var kind: Kind
  /// The column, from 0 at the left.
  public var x: Int
  /// The row, from 0 at the top.
  public var y: Int
  /// Modifier keys held.
  public var modifiers: Key.Modifiers
  /// Creates a mouse event.
  public init(_ kind: Kind, x: Int, y: Int, modifiers: Key.Modifiers = []) {
    self.kind = kind
    self.x = x
    self.y = y
    self.modifiers = modifiers
  }
}

/// Input delivered by a ``Terminal``.
public enum InputEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal now has this many columns and rows.
  case resize(width: Int, height: Int)
  /// Text the person pasted (bracketed paste, which terminals send when a
  /// program asks for it, as the curses terminal does): one event however
  /// long, never keys, so a line break in it is not Enter and its letters
  /// run no commands. It is the terminal's bytes as they came (invalid
  /// UTF-8 as U+FFFD), line breaks, tabs and control characters included:
  /// whoever takes it in sanitises it (TermGrid's text fields do).
  case paste(String)
  /// The input was closed (end of file on standard input, a hang-up): no
  /// more events will come. A run loop ends on it.
  case endOfInput
}
