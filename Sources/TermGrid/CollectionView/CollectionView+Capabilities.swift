import GridRender

extension CollectionView {
  /// Draws for what the terminal can show: ASCII borders and marks when it
  /// does not take UTF-8, and alpha blended for its colours.
  public func adapt(to capabilities: TerminalCapabilities) {
    if theme.asciiOnly != !capabilities.unicode { theme.asciiOnly = !capabilities.unicode }
    if rasterizer.blend.colors != capabilities.colors {
      rasterizer.blend.colors = capabilities.colors
      setNeedsDisplay()
    }
    // (Its didSet redraws.)
    if showsPictures != (capabilities.pictures != .none) { showsPictures = capabilities.pictures != .none }
  }
}
