import GridRender

extension CollectionView {
  /// Draws for what the terminal can show: ASCII borders and marks when it
  /// does not take UTF-8, and alpha blended for its colours. When pictures
  /// change between symbols and pixels (the terminal's answers came), the
  /// items ahead are announced to the prefetch data source again, so that
  /// it prefetches them for <doc:/GridTerminal/TerminalCapabilities/pixelPictureCellSize>.
  public func adapt(to capabilities: TerminalCapabilities) {
    if prefetch.pictureCellSize != capabilities.pixelPictureCellSize {
      resetPrefetching()
      prefetch.pictureCellSize = capabilities.pixelPictureCellSize
    }
    if theme.asciiOnly != !capabilities.unicode { theme.asciiOnly = !capabilities.unicode }
    if rasterizer.blend.colors != capabilities.colors {
      rasterizer.blend.colors = capabilities.colors
      setNeedsDisplay()
    }
    // (Its didSet redraws.) Placeholders, not symbols, while the terminal has not said how it shows pictures.
    if showsPictures != capabilities.showsPictures { showsPictures = capabilities.showsPictures }
  }
}
