/// How a terminal can show pictures: the protocol pictures are drawn with.
/// A terminal is asked at start (see ``TerminalProbe``); the
/// `TERMGRID_PICTURES` environment variable, or setting it in code, forces one.
public enum PictureSupport: String, Hashable, Sendable, CaseIterable {
  /// No pictures: their placeholders show, and none is decoded.
  case none
  /// Pictures as character-cell mosaics (block symbols and colours): every terminal.
  case symbols
  /// Sixel graphics (xterm as a VT340, foot, WezTerm, Konsole, Windows Terminal).
  case sixel
  /// The kitty graphics protocol with Unicode placeholders (kitty 0.28 and
  /// later, Ghostty), through tmux's passthrough inside tmux.
  case kitty
}
