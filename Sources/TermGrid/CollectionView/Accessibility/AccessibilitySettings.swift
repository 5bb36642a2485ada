import CursesTerminal

/// How a collection view serves a person who uses a screen reader or a
/// braille display, or who wants less motion: UIKit's VoiceOver and Reduce
/// Motion settings, for the terminal.
///
/// Whatever the settings, the terminal's cursor rests on the focused item's
/// text (``CollectionView/focusedItemTextCell``), so a screen reader that
/// follows the cursor reads what has the focus.
///
/// By default a ``CollectionView`` reads them from the environment
/// (``init(environment:)``): a person turns them on for every TermGrid
/// program with `TERMGRID_SCREEN_READER=1` or `TERMGRID_REDUCE_MOTION=1`.
/// An app may also set ``CollectionView/accessibility`` itself (from a
/// command-line option, say).
public struct AccessibilitySettings: Hashable, Sendable {
  /// Screen-reader mode: the cursor is shown where it rests, nothing
  /// animates, and each focus change, selection and update is announced as
  /// one plain line (``CollectionView/accessibilityAnnouncement``), which
  /// ``CollectionViewController`` writes in its status line.
  public var isScreenReaderModeOn: Bool
  /// Reduced motion: inserts, deletes, moves and layout changes happen at
  /// once instead of animating.
  public var reducesMotion: Bool

  /// Whether changes animate: neither mode is on.
  public var animates: Bool { !isScreenReaderModeOn && !reducesMotion }

  /// Creates settings; both modes are off by default.
  public init(isScreenReaderModeOn: Bool = false, reducesMotion: Bool = false) {
    self.isScreenReaderModeOn = isScreenReaderModeOn
    self.reducesMotion = reducesMotion
  }

  /// The settings an environment asks for: `TERMGRID_SCREEN_READER` and
  /// `TERMGRID_REDUCE_MOTION`, each on when set to anything but empty, `0`,
  /// `no`, `off` or `false`.
  public init(environment: [String: String]) {
    self.init(
      isScreenReaderModeOn: Self.isOn(environment[Self.screenReaderVariable]),
      reducesMotion: Self.isOn(environment[Self.reduceMotionVariable]))
  }

  /// The settings this process's environment asks for.
  public static var fromProcessEnvironment: AccessibilitySettings {
    AccessibilitySettings(environment: CursesTerminal.processEnvironment)
  }

  /// The environment variable that turns screen-reader mode on.
  public static let screenReaderVariable = "TERMGRID_SCREEN_READER"
  /// The environment variable that turns reduced motion on.
  public static let reduceMotionVariable = "TERMGRID_REDUCE_MOTION"

  private static func isOn(_ value: String?) -> Bool {
    guard let value = value?.lowercased(), !value.isEmpty else { return false }
    return !["0", "no", "off", "false"].contains(value)
  }
}
