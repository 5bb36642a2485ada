/// Finds out how a terminal shows pictures by asking it, without waiting.
///
/// At start a terminal writes ``query`` once: XTVERSION, a kitty graphics
/// query (`a=q` with an id), the cell size in pixels (`CSI 16 t`), and DA1
/// last. Every terminal answers DA1, and answers in order, so the DA1 reply
/// marks the end of the answers (as yazi and notcurses do). The terminal
/// hands each ``TerminalReply`` to ``take(_:)``; once DA1 has come,
/// ``result`` says what to use: kitty when the kitty query was answered OK
/// by a terminal with Unicode placeholders (``showsPlaceholders(version:)``),
/// else sixel when DA1's attributes include 4, else kitty's classic
/// placements when the kitty query was answered OK outside tmux (kitty
/// before 0.28), else symbols. Nothing waits
/// for the answers: the first frame draws with symbols, and pictures switch
/// when the answers come (or stay symbols when none do).
///
/// Inside tmux (`TMUX` set) the kitty query goes through tmux's passthrough
/// (`ESC P tmux; ... ESC \`, which tmux 3.3 forwards when `allow-passthrough`
/// is on); DA1 is tmux's own, so sixel is used only where tmux itself says it
/// has it.
public struct TerminalProbe: Sendable {
  /// The image id of the kitty graphics query.
  public static let kittyQueryID = 31

  /// Whether the terminal is inside tmux.
  public let insideTmux: Bool
  /// The terminal's name and version, when it said them (XTVERSION).
  public private(set) var version: String?
  /// The size of a character cell in pixels, when the terminal said it.
  public private(set) var cellPixelSize: (width: Int, height: Int)?
  /// The kitty query was answered OK.
  public private(set) var kittyAnswered = false
  /// What to draw pictures with, once the terminal has answered (nil before).
  public private(set) var result: PictureSupport?

  /// A probe for a terminal in `environment` (`TMUX` tells tmux).
  public init(environment: [String: String]) {
    insideTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
  }

  /// The queries, in one write.
  public var query: [UInt8] {
    // A 1x1 RGB picture, asked about (a=q), not kept.
    var kitty = KittyGraphics.command("i=\(Self.kittyQueryID),s=1,v=1,a=q,t=d,f=24", payload: Array("AAAA".utf8)[...])
    if insideTmux { kitty = KittyGraphics.passthrough(kitty) }
    return Array("\u{1B}[>q".utf8) + kitty + Array("\u{1B}[16t".utf8) + Array("\u{1B}[c".utf8)
  }

  /// Takes one reply; returns true when it completed the probe (DA1 came).
  @discardableResult
  public mutating func take(_ reply: TerminalReply) -> Bool {
    switch reply {
    case .version(let v): version = v
    case .kittyGraphics(let id, let ok) where id == Self.kittyQueryID: kittyAnswered = kittyAnswered || ok
    case .kittyGraphics: break
    case .cellSize(let w, let h) where w > 0 && h > 0: cellPixelSize = (w, h)
    case .cellSize, .windowSize: break
    case .deviceAttributes(let attributes):
      guard result == nil else { return false }
      result =
        kittyAnswered && Self.showsPlaceholders(version: version)
        ? .kitty
        : attributes.dropFirst().contains(4) ? .sixel : kittyAnswered && !insideTmux ? .kittyPlacements : .symbols
      return true
    }
    return false
  }

  /// Whether a terminal that answered the kitty graphics query shows its
  /// pictures through Unicode placeholders, as TermGrid draws them: not
  /// kitty before 0.28 (Debian 12's is 0.26), nor WezTerm or Konsole, whose
  /// kitty graphics lack them (both have sixel). A terminal that did not say
  /// its name, or one behind tmux (which answers for itself), is taken at
  /// its word.
  public static func showsPlaceholders(version: String?) -> Bool {
    guard let version = version?.lowercased() else { return true }
    if version.hasPrefix("kitty(") {
      let numbers = version.dropFirst(6).split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
      guard numbers.count >= 2 else { return true }
      return numbers[0] > 0 || numbers[1] >= 28
    }
    return !version.hasPrefix("wezterm") && !version.hasPrefix("konsole")
  }

  /// The support `TERMGRID_PICTURES` forces (`kitty`, `kitty-placements`,
  /// `sixel`, `symbols`, or `off`, also written `none`), in any case, or nil
  /// when it is unset or names none of them.
  public static func forced(by environment: [String: String]) -> PictureSupport? {
    guard let value = environment["TERMGRID_PICTURES"]?.lowercased() else { return nil }
    return value == "none" ? .off : PictureSupport(rawValue: value)
  }
}
