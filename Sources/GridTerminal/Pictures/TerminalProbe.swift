/// Finds out how a terminal shows pictures by asking it, without waiting.
///
/// A terminal writes ``query`` once, when the first picture is drawn (an
/// app that shows none asks nothing): XTVERSION, a kitty graphics query
/// (`a=q` with an id), the cell size in pixels (`CSI 16 t`), and DA1 last.
/// Every terminal answers DA1, and answers in order, so the DA1 reply marks
/// the end of the answers (as yazi and notcurses do). The terminal hands
/// each ``TerminalReply`` to ``take(_:)``; once the answers are in,
/// ``result`` says what to use: kitty when the kitty query was answered OK
/// by a terminal with Unicode placeholders (``showsPlaceholders(version:)``),
/// else sixel when DA1's attributes include 4, else kitty's classic
/// placements when the kitty query was answered OK by a terminal without
/// placeholders (kitty before 0.28) outside tmux, else symbols. Nothing
/// waits for the answers: the app goes on, its pictures show as
/// placeholders, and they are drawn when the answers come. A terminal that
/// never answers is given up on after ``answerTimeout`` (``finish()``):
/// symbols.
///
/// Inside tmux (`TMUX` set) tmux answers XTVERSION and DA1 itself, at once;
/// the terminal tmux runs in is asked through tmux's passthrough (`ESC P
/// tmux; ... ESC \`, which tmux 3.3 forwards when `allow-passthrough` is on,
/// and whose answers it hands back): its version, the kitty query, its cell
/// size and its DA1. So inside tmux the answers end with the second DA1
/// (the outer terminal's), or ``passthroughTimeout`` after tmux's own when
/// passthrough is off and nothing more comes. The outer terminal's version
/// decides whether kitty's placeholders are there; tmux's DA1 decides sixel
/// (tmux draws sixel itself, or not at all).
///
/// With the support forced (`TERMGRID_PICTURES`), only the cell size is
/// asked (`CSI 16 t`, then DA1 as the end marker), and only when pictures in
/// pixels are forced and the window size did not give it.
public struct TerminalProbe: Sendable {
  /// The image id of the kitty graphics query.
  public static let kittyQueryID = 31
  /// How long a terminal is given to answer before it is taken to have no
  /// pictures in pixels (its answers come in one round trip; over ssh, a few).
  public static let answerTimeout: Duration = .milliseconds(1_500)
  /// How long, inside tmux, the terminal outside it is given to answer
  /// through the passthrough after tmux itself has answered.
  public static let passthroughTimeout: Duration = .milliseconds(500)

  /// Whether the terminal is inside tmux.
  public let insideTmux: Bool
  /// The support given instead of asking (only the cell size is asked), or nil.
  public let forced: PictureSupport?
  /// The name and version of the terminal that shows the pictures, when it
  /// said them (XTVERSION): inside tmux, the terminal outside it.
  public private(set) var version: String?
  /// Inside tmux, tmux's own name and version (`tmux 3.3a`), when it said them.
  public private(set) var multiplexerVersion: String?
  /// The size of a character cell in pixels, when the terminal said it.
  public private(set) var cellPixelSize: (width: Int, height: Int)?
  /// The kitty query was answered OK.
  public private(set) var kittyAnswered = false
  /// The attributes of the first DA1 answer (inside tmux, tmux's own), nil before it.
  public private(set) var deviceAttributes: [Int]?
  /// What to draw pictures with, once the terminal has answered (nil before).
  public private(set) var result: PictureSupport?

  /// A probe for a terminal in `environment` (`TMUX` tells tmux); with
  /// `forced`, only the cell size is asked and the result is `forced`.
  public init(environment: [String: String], forced: PictureSupport? = nil) {
    insideTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
    self.forced = forced
  }

  /// The queries, in one write.
  public var query: [UInt8] {
    let version = Array("\u{1B}[>q".utf8)
    let cellSize = Array("\u{1B}[16t".utf8)
    let attributes = Array("\u{1B}[c".utf8)
    if forced != nil { return cellSize + attributes }
    // A 1x1 RGB picture, asked about (a=q), not kept.
    let kitty = KittyGraphics.command("i=\(Self.kittyQueryID),s=1,v=1,a=q,t=d,f=24", payload: Array("AAAA".utf8)[...])
    guard insideTmux else { return version + kitty + cellSize + attributes }
    // tmux's own version, the outer terminal's answers through the passthrough, tmux's DA1.
    return version + KittyGraphics.passthrough(version + kitty + cellSize + attributes) + attributes
  }

  /// Whether tmux has answered and the terminal outside it is still waited
  /// for (at most ``passthroughTimeout``).
  public var awaitsPassthrough: Bool { result == nil && insideTmux && forced == nil && deviceAttributes != nil }

  /// Takes one reply; returns true when it completed the probe (``result`` is set).
  @discardableResult
  public mutating func take(_ reply: TerminalReply) -> Bool {
    guard result == nil else { return false }
    switch reply {
    case .version(let v):
      if insideTmux && multiplexerVersion == nil && v.lowercased().hasPrefix("tmux") {
        multiplexerVersion = v
      } else {
        version = v
      }
    case .kittyGraphics(let id, let ok) where id == Self.kittyQueryID: kittyAnswered = kittyAnswered || ok
    case .kittyGraphics: break
    case .cellSize(let w, let h) where w > 0 && h > 0: cellPixelSize = (w, h)
    case .cellSize, .windowSize: break
    case .deviceAttributes(let attributes):
      guard deviceAttributes == nil else {
        // The outer terminal's DA1, through tmux: the last answer.
        finish()
        return true
      }
      deviceAttributes = attributes
      guard awaitsPassthrough else {
        finish()
        return true
      }
    }
    return false
  }

  /// Decides with the answers that came (the time to wait for the others
  /// is up): kitty, sixel, kitty's classic placements or symbols as the
  /// type describes; symbols when nothing came. Does nothing once decided.
  public mutating func finish() {
    guard result == nil else { return }
    if let forced {
      result = forced
    } else if kittyAnswered && Self.showsPlaceholders(version: version) {
      result = .kitty
    } else if deviceAttributes?.dropFirst().contains(4) == true {
      result = .sixel
    } else {
      // Classic placements need to know where the cells are on the terminal that shows them: not through tmux.
      result = kittyAnswered && !insideTmux ? .kittyPlacements : .symbols
    }
  }

  /// Whether a terminal that answered the kitty graphics query shows its
  /// pictures through Unicode placeholders, as TermGrid draws them: not
  /// kitty before 0.28 (Debian 12's is 0.26), nor WezTerm or Konsole, whose
  /// kitty graphics lack them (both have sixel). A terminal that did not say
  /// its name is taken at its word.
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
