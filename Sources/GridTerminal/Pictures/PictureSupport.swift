/// How a terminal can show pictures: the protocol pictures are drawn with.
/// A terminal is asked at start (see ``TerminalProbe``); the
/// `TERMGRID_PICTURES` environment variable, or setting it in code, forces one.
public enum PictureSupport: String, Hashable, Sendable, CaseIterable {
  /// No pictures: their placeholders show, and none is decoded
  /// (`TERMGRID_PICTURES=off`, or `none`). (Named `none` before: a name
  /// that `Optional.none` took over wherever an optional support was asked
  /// for, so that `pictures: .none` meant "ask the terminal".)
  case off
  /// Pictures as character-cell mosaics (block symbols and colours): every terminal.
  case symbols
  /// Sixel graphics (xterm as a VT340, foot, WezTerm, Konsole, Windows Terminal).
  case sixel
  /// The kitty graphics protocol with Unicode placeholders (kitty 0.28 and
  /// later, Ghostty), through tmux's passthrough inside tmux.
  case kitty
  /// The kitty graphics protocol with classic placements, for a terminal
  /// that has the protocol but no Unicode placeholders (Debian 12's kitty
  /// 0.26): each picture is sent once and placed at its cells, and its
  /// placements are deleted and made again as it scrolls, moves or is
  /// covered (`TERMGRID_PICTURES=kitty-placements`). Not inside tmux, which
  /// does not tell where on the outer terminal its pane's cells are.
  case kittyPlacements = "kitty-placements"
}

extension PictureSupport {
  /// The former name of ``off``. Where a `PictureSupport?` is asked for
  /// (`pictures:` when opening a terminal), `.none` is `Optional.none`
  /// ("ask the terminal"), never this: write ``off``.
  @available(*, deprecated, renamed: "off")
  public static var none: PictureSupport { .off }
}
