import GridLayout
import GridRender

extension ElementContent {
  /// The rows this content needs at `width` columns: its border, the title
  /// wrapped (up to ``titleLineLimit`` lines), the ``lines`` and the
  /// ``detail``, as <doc:ElementContent#How-tall-a-card-must-be> counts them;
  /// a picture beside the text (``CellPicture/Placement/leading(width:)``)
  /// narrows it, and so do the indentation and the ``accessories``. Nil
  /// when the content has no height of its own: it is drawn by ``draw``, or
  /// its picture fills it or sits above the text (a picture takes whatever
  /// rows it is given).
  ///
  /// A ``CollectionView`` measures items with it for a
  /// <doc:/GridLayout/CompositionalLayout> whose group height is estimated.
  /// The title wraps only up to ``titleLineLimit`` (1 by default): for text
  /// as long as it needs, give a limit as large as the longest text can take
  /// (such as 100). ``lines`` take a row each and are not wrapped, so text
  /// that wraps goes in the title.
  public func fittingHeight(width: Int) -> Int? {
    guard draw == nil, width > 0 else { return nil }
    var textWidth = width
    var rows = 0
    if border != nil, width >= 2 {
      textWidth -= 2
      rows += 2
    }
    if let picture {
      guard case .leading(let w) = picture.placement else { return nil }
      textWidth -= max(0, w)
    }
    textWidth -= 2 * padding + leadingAccessoryWidth(asciiOnly: false) + trailingAccessoryWidth(asciiOnly: false)
    var text = lines.count + (detail == nil ? 0 : 1)
    if !title.isEmpty {
      text += titleLineLimit <= 1 ? 1 : max(1, TextLayout.wrap(title, width: max(1, textWidth), maxLines: titleLineLimit).count)
    }
    return rows + max(1, text)
  }
}
