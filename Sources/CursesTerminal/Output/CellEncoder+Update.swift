import GridRender
import GridTerminal

extension CellEncoder {
  /// Adds the bytes that make a screen `screenWidth` x `screenHeight`
  /// show `update` to ``bytes``: the clear (none when the screen is blank
  /// already), the row scrolls, the changed cells (those outside the
  /// screen left out), what pictures in pixels need besides the cells
  /// (`pictures` writes it, as the terminal shows them: `support`, kitty
  /// commands wrapped for tmux when `insideTmux`), and the cursor where
  /// the update leaves it. ``flush(to:)`` then writes them in one write.
  ///
  /// This is all a terminal needs to show a frame: a terminal on a
  /// pseudo-terminal or a socket encodes the <doc:/GridTerminal/Screen>'s updates here
  /// as the curses terminal does.
  public mutating func encode(
    _ update: FrameUpdate, screenWidth: Int, screenHeight: Int, support: PictureSupport,
    pictures: inout PixelPictureWriter, insideTmux: Bool
  ) {
    if update.clearsScreen {
      forgetState()
      clearScreen(isBlank: update.screenIsBlank)
    }
    for hint in update.scrolls where hint.rows.upperBound <= screenHeight {
      // (A terminal that says it scrolls regions has the sequences: see `scrollsRegions`.)
      _ = scroll(rows: hint.rows, by: hint.by, height: screenHeight)
    }
    switch support {
    case .kitty:
      // Pictures first sent, or released, before the placeholder cells that show them.
      append(pictures.kittyCommands(for: update, insideTmux: insideTmux), movesCursor: false)
      for change in update.changes where change.x < screenWidth && change.y < screenHeight {
        if PixelPlaceholder.isPlaceholder(change.cell) {
          putPlaceholder(change.cell, x: change.x, y: change.y, screenWidth: screenWidth)
        } else {
          put(change.cell, x: change.x, y: change.y, screenWidth: screenWidth)
        }
      }
    case .off, .symbols:
      for change in update.changes where change.x < screenWidth && change.y < screenHeight {
        put(change.cell, x: change.x, y: change.y, screenWidth: screenWidth)
      }
    case .sixel:
      // Placeholders as blanks (erasing what was under them), then the pictures made over them (the rest once made).
      putWithBlankPlaceholders(update, screenWidth: screenWidth, screenHeight: screenHeight)
      let sixels = pictures.sixels(for: update)
      if !sixels.isEmpty { append(sixels, movesCursor: true) }
    case .kittyPlacements:
      // Placements deleted and pictures sent before the cells, placed again over them after.
      let (before, after) = pictures.kittyPlacements(for: update)
      append(before, movesCursor: false)
      putWithBlankPlaceholders(update, screenWidth: screenWidth, screenHeight: screenHeight)
      if !after.isEmpty { append(after, movesCursor: true) }
    }
    rest(at: update.cursor, shown: update.showsCursor)
  }

  /// The update's cells, its placeholder cells as blanks in their background.
  private mutating func putWithBlankPlaceholders(_ update: FrameUpdate, screenWidth: Int, screenHeight: Int) {
    for change in update.changes where change.x < screenWidth && change.y < screenHeight {
      let cell = PixelPlaceholder.isPlaceholder(change.cell) ? PixelPictureWriter.sixelBlank(for: change.cell) : change.cell
      put(cell, x: change.x, y: change.y, screenWidth: screenWidth)
    }
  }
}
