import GridRender

extension CollectionView {
  /// Draws for what the terminal can show: ASCII borders and marks when it
  /// does not take UTF-8, and alpha blended for its colours. When pictures
  /// change between symbols and pixels (the terminal's answers came), the
  /// items ahead are announced to the prefetch data source again, so that
  /// it prefetches them for <doc:/GridTerminal/TerminalCapabilities/pixelPictureCellSize>.
  ///
  /// Its ``backgroundWork`` is told too (``BackgroundWork/adapt(to:)``): a
  /// picture loader then makes pictures in symbols for the shape of the
  /// terminal's cells when the terminal said their size, and the items ahead
  /// are announced again when that size changes.
  public func adapt(to capabilities: TerminalCapabilities) {
    let symbolCell = capabilities.cellPixelSize.flatMap { $0.isPlausibleCell ? $0 : nil }
    if prefetch.pictureCellSize != capabilities.pixelPictureCellSize || prefetch.symbolCellSize != symbolCell {
      resetPrefetching()
      if prefetch.symbolCellSize != symbolCell { setNeedsDisplay() }
      data.setPrefetchCellSizes(picture: capabilities.pixelPictureCellSize, symbol: symbolCell)
    }
    for work in backgroundWork { work.adapt(to: capabilities) }
    if theme.asciiOnly != !capabilities.unicode { theme.asciiOnly = !capabilities.unicode }
    if rasterizer.blend.colors != capabilities.colors {
      rasterizer.blend.colors = capabilities.colors
      setNeedsDisplay()
    }
    // (Its didSet redraws.) Placeholders, not symbols, while the terminal has not said how it shows pictures.
    if showsPictures != capabilities.showsPictures { showsPictures = capabilities.showsPictures }
  }
}
