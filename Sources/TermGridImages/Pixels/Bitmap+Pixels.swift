import GridRender

extension Bitmap {
  /// The bitmap as pixels for a terminal that shows them, in at most
  /// `maxColumns` x `maxRows` cells of `cellSize`: scaled to keep its shape
  /// and fill that area as far as it can (averaging the pixels each new
  /// one covers, or stretching them when the bitmap is smaller), centred in
  /// the fewest whole cells that hold it, transparent around it, with its
  /// PNG (what a kitty terminal is sent). Nil for an empty bitmap or size,
  /// for a cell size no terminal has (<doc:/GridRender/PixelSize/isPlausibleCell>),
  /// and for an area of more than <doc:/GridRender/PixelSize/largestPicturePixelCount>
  /// pixels (draw such a picture in symbols): the numbers may come from a
  /// terminal, and none sizes anything before it is bounded.
  public func pixelImage(maxColumns: Int, maxRows: Int, cellSize: PixelSize) -> PixelImage? {
    guard width > 0, height > 0, maxColumns > 0, maxRows > 0, cellSize.isPlausibleCell,
      cellSize.picturePixelCount(columns: maxColumns, rows: maxRows) != nil
    else { return nil }
    let areaWidth = maxColumns * cellSize.width
    let areaHeight = maxRows * cellSize.height
    let scale = min(Double(areaWidth) / Double(width), Double(areaHeight) / Double(height))
    let w = min(areaWidth, max(1, Int((Double(width) * scale).rounded())))
    let h = min(areaHeight, max(1, Int((Double(height) * scale).rounded())))
    let columns = (w + cellSize.width - 1) / cellSize.width
    let rows = (h + cellSize.height - 1) / cellSize.height
    let canvasWidth = columns * cellSize.width
    let canvasHeight = rows * cellSize.height
    var out = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4)
    let left = (canvasWidth - w) / 2
    let top = (canvasHeight - h) / 2
    pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for y in 0..<h {
          // The source rows this row covers (at least one).
          let y0 = y * height / h
          let y1 = max(y0 + 1, (y + 1) * height / h)
          for x in 0..<w {
            let x0 = x * width / w
            let x1 = max(x0 + 1, (x + 1) * width / w)
            var r = 0
            var g = 0
            var b = 0
            var a = 0
            for sy in y0..<y1 {
              var i = (sy * width + x0) * 4
              for _ in x0..<x1 {
                // Weighted by alpha, so transparent pixels lend no colour.
                let alpha = Int(src[i + 3])
                r += Int(src[i]) * alpha
                g += Int(src[i + 1]) * alpha
                b += Int(src[i + 2]) * alpha
                a += alpha
                i += 4
              }
            }
            let n = (y1 - y0) * (x1 - x0)
            let o = ((top + y) * canvasWidth + left + x) * 4
            if a > 0 {
              dst[o] = UInt8(r / a)
              dst[o + 1] = UInt8(g / a)
              dst[o + 2] = UInt8(b / a)
            }
            dst[o + 3] = UInt8(a / n)
          }
        }
      }
    }
    let canvas = Bitmap(width: canvasWidth, height: canvasHeight, pixels: out)
    return PixelImage(columns: columns, rows: rows, cellSize: cellSize, rgba: out, png: canvas.pngData())
  }
}
