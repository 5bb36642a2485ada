import GridRender

/// A terminal's side of finding out how it shows pictures: the queries
/// still to send or still owed an answer (a ``TerminalProbe``), the time
/// their answers are given up on, the cell size in pixels the terminal
/// said, what was chosen, and the one decision of which ``PictureSupport``
/// the terminal's ``TerminalCapabilities`` then say. Every terminal that
/// asks holds one and forwards to it (CursesTerminal, StreamTerminal); it is
/// a value, pure, and given the time, so that it is tested without a
/// terminal or a clock.
///
/// The terminal sends ``request(at:)``'s bytes when the first picture is
/// drawn, reads the answers with its input, and hands each
/// ``TerminalReply`` to ``take(_:at:)``; its input decoder waits for the
/// rest of a reply while replies are owed (``repliesOwedUntil``). When the
/// answers are in, or ``deadline`` has passed (``settle(at:)``), the choice
/// is made; ``apply(to:columns:rows:)`` writes it into the capabilities:
///
/// - kitty's Unicode placeholders only where the terminal takes UTF-8
///   (else classic placements, which are ASCII);
/// - classic placements never inside tmux (it does not say where its
///   pane's cells are on the terminal outside it): symbols;
/// - pixels only where the terminal's output can write them
///   (``writesPixels``: not ncurses' own output) and only for a cell size a
///   terminal of that many columns and rows can have
///   (<doc:/GridRender/PixelSize/isPlausibleCell(columns:rows:)>): else symbols;
/// - no scrolling regions with sixel or classic placements (a terminal may
///   or may not scroll the pixels with the text; rows written anew never
///   leave a picture behind).
///
/// A cell size the terminal says (its answer to `CSI 16 t`, or its window
/// size in pixels) is bounded to 1...65,535 pixels each way before it is
/// kept, and believed for pictures only when plausible.
///
/// ```swift
/// var probe = PictureProbe(
///   environment: environment, forced: nil, asks: true, capabilities: capabilities, outputScrollsRegions: true)
/// write(probe.request(at: .now))
/// // ... for each reply the input decoder finds:
/// if probe.take(reply, at: .now) { probe.apply(to: &capabilities, columns: width, rows: height) }
/// ```
public struct PictureProbe: Sendable {
  /// How long, at most, the answers still owed when the terminal is
  /// restored are waited for (to be thrown away rather than land on the
  /// shell's command line): ``discardDeadline(at:)``.
  public static let discardLimit: Duration = .milliseconds(500)
  /// The largest side, in pixels, of a cell size that is kept (what a
  /// terminal says beyond it is taken as this, and is no plausible cell).
  public static let largestSaidSide = 65_535

  /// Whether the terminal is inside tmux (`TMUX` set).
  public let insideTmux: Bool
  /// Whether the terminal's output can write pictures in pixels (false for
  /// ncurses' own output path): pictures are in symbols otherwise.
  public let writesPixels: Bool
  /// Whether the terminal's output can scroll a region of rows (see
  /// <doc:/GridTerminal/TerminalCapabilities/scrollsRegions>), before pictures take it away.
  public let outputScrollsRegions: Bool
  /// The queries, while they are still to be sent or answered (nil: there
  /// is nothing to ask, or the answers are in or given up on).
  public private(set) var queries: TerminalProbe?
  /// When the queries were sent: the time their answers are given up on
  /// (nil: not sent, or settled). Shortened inside tmux once tmux itself
  /// has answered (<doc:/GridTerminal/TerminalProbe/passthroughTimeout>).
  public private(set) var deadline: ContinuousClock.Instant?
  /// What the answers (or `TERMGRID_PICTURES`, or the code) chose, before
  /// the terminal's limits (see ``apply(to:columns:rows:)``); symbols until then.
  public private(set) var chosen: PictureSupport
  /// The size of a character cell in pixels, as the terminal said it
  /// (bounded to ``largestSaidSide``), or nil when it did not.
  public private(set) var cellPixelSize: PixelSize?

  /// A probe for a terminal in `environment` (`TMUX` tells tmux) whose
  /// capabilities, pictures aside, are `capabilities` (its colours, UTF-8,
  /// and the cell size its window gave, if any).
  ///
  /// - Parameters:
  ///   - environment: the viewer's variables (`TMUX`).
  ///   - forced: the support given instead of asking (from
  ///     `TERMGRID_PICTURES` or the code): then only the cell size is asked,
  ///     and only when pictures in pixels are forced and it is unknown.
  ///   - asks: whether the terminal can be asked at all (its answers can be
  ///     read: its input is the terminal). False: nothing is asked.
  ///   - capabilities: the terminal's capabilities before pictures.
  ///   - writesPixels: whether the output can write pictures in pixels.
  ///   - outputScrollsRegions: whether the output can scroll a region of rows.
  public init(
    environment: [String: String], forced: PictureSupport?, asks: Bool, capabilities: TerminalCapabilities,
    writesPixels: Bool = true, outputScrollsRegions: Bool
  ) {
    insideTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
    self.writesPixels = writesPixels
    self.outputScrollsRegions = outputScrollsRegions
    chosen = forced ?? .symbols
    cellPixelSize = capabilities.cellPixelSize.flatMap { Self.bounded(width: $0.width, height: $0.height) }
    queries = nil
    deadline = nil
    guard asks else { return }
    if let forced {
      // Forced: only the cell size is asked, when pixels are drawn and the window did not give it.
      var forcedCapabilities = capabilities
      apply(to: &forcedCapabilities, columns: 1, rows: 1)
      if cellPixelSize == nil, forcedCapabilities.drawsPixels {
        queries = TerminalProbe(environment: environment, forced: forced)
      }
    } else {
      queries = TerminalProbe(environment: environment)
    }
  }

  /// Whether the terminal is still to say how it shows pictures (asked or
  /// to be asked): <doc:/GridTerminal/TerminalCapabilities/picturesPending>.
  public var isPending: Bool { queries != nil }

  /// Until when replies are owed to queries sent (nil: none are): the
  /// input decoder then waits for the rest of a lone Esc, which may be a
  /// reply's first byte.
  public var repliesOwedUntil: ContinuousClock.Instant? { queries == nil ? nil : deadline }

  /// The queries to write now, once, and the time their answers are given
  /// up on set from `now` (<doc:/GridTerminal/TerminalProbe/answerTimeout>);
  /// empty when there is nothing to ask or they were sent.
  public mutating func request(at now: ContinuousClock.Instant) -> [UInt8] {
    guard let queries, deadline == nil else { return [] }
    deadline = now + TerminalProbe.answerTimeout
    return queries.query
  }

  /// Takes a reply the terminal's input brought at `now`; true when what
  /// ``apply(to:columns:rows:)`` writes changed (the cell size came, or
  /// the answers are in and the choice is made).
  ///
  /// A cell size is kept when none is known yet, whenever it comes; the
  /// rest only while the queries are owed an answer. Inside tmux, once tmux
  /// has answered, the terminal outside it is given
  /// <doc:/GridTerminal/TerminalProbe/passthroughTimeout> more at most.
  @discardableResult
  public mutating func take(_ reply: TerminalReply, at now: ContinuousClock.Instant) -> Bool {
    var changed = false
    if case .cellSize(let width, let height) = reply, cellPixelSize == nil,
      let cell = Self.bounded(width: width, height: height)
    {
      cellPixelSize = cell
      changed = true
    }
    guard var queries, let deadline else { return changed }
    if queries.take(reply) {
      self.queries = queries
      settle()
      return true
    }
    self.queries = queries
    if queries.awaitsPassthrough { self.deadline = min(deadline, now + TerminalProbe.passthroughTimeout) }
    return changed
  }

  /// Decides with the answers that came, if ``deadline`` has passed at
  /// `now`; true when it did (the capabilities change).
  @discardableResult
  public mutating func settle(at now: ContinuousClock.Instant) -> Bool {
    guard let deadline, now >= deadline else { return false }
    return settle()
  }

  /// Decides now with the answers that came (all of them, or those that
  /// came in time: <doc:/GridTerminal/TerminalProbe/finish()>) and asks
  /// nothing more; true when something was pending.
  @discardableResult
  public mutating func settle() -> Bool {
    guard var queries else { return false }
    queries.finish()
    if let result = queries.result { chosen = result }
    self.queries = nil
    deadline = nil
    return true
  }

  /// Until when the answers still owed are read and thrown away when the
  /// terminal is restored at `now`: their deadline, at most
  /// ``discardLimit`` away; nil when none are owed (nothing was sent, or
  /// all came).
  public func discardDeadline(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
    guard queries != nil, let deadline else { return nil }
    return min(deadline, now + Self.discardLimit)
  }

  /// Takes the cell size the terminal's window says (its size in pixels
  /// over its cells, after a resize or a change of font), bounded.
  public mutating func takeWindowCellSize(_ cell: PixelSize) {
    if let bounded = Self.bounded(width: cell.width, height: cell.height) { cellPixelSize = bounded }
  }

  /// The support pictures are drawn with on a terminal of `columns` x
  /// `rows` cells that takes UTF-8 when `unicode`: ``chosen`` within the
  /// terminal's limits (see the type).
  public func support(unicode: Bool, columns: Int, rows: Int) -> PictureSupport {
    var support = chosen
    if support == .kitty, !unicode { support = .kittyPlacements }
    if support == .kittyPlacements, insideTmux { support = .symbols }
    let pixels = support == .kitty || support == .sixel || support == .kittyPlacements
    if pixels, !writesPixels { support = .symbols }
    if pixels, let cell = cellPixelSize, !cell.isPlausibleCell(columns: columns, rows: rows) { support = .symbols }
    return support
  }

  /// Writes into `capabilities` what the probe says of a terminal of
  /// `columns` x `rows` cells: its pictures (``support(unicode:columns:rows:)``),
  /// whether they are pending, its cell size, and whether it scrolls
  /// regions (not with sixel or classic placements).
  public func apply(to capabilities: inout TerminalCapabilities, columns: Int, rows: Int) {
    let support = support(unicode: capabilities.unicode, columns: columns, rows: rows)
    capabilities.pictures = support
    capabilities.picturesPending = isPending
    capabilities.cellPixelSize = cellPixelSize
    capabilities.scrollsRegions = outputScrollsRegions && support != .sixel && support != .kittyPlacements
  }

  /// A cell size said by the terminal, each side bounded to
  /// 1...``largestSaidSide``; nil for a side of zero or less (not said).
  static func bounded(width: Int, height: Int) -> PixelSize? {
    guard width > 0, height > 0 else { return nil }
    return PixelSize(width: min(width, largestSaidSide), height: min(height, largestSaidSide))
  }
}
