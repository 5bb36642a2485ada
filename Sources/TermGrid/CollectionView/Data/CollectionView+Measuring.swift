import GridLayout
import GridRender

extension CollectionView: LayoutItemMeasuring {
  /// Measures an item for a <doc:/GridLayout/CompositionalLayout> whose group
  /// height is estimated: the rows its content needs at `width`
  /// (``ElementContent/fittingHeight(width:)``), or the estimate when the
  /// content has no height of its own or there is no such item.
  public func layoutHeight(
    forItemAt indexPath: IndexPath, width: Double, estimatedHeight: Double, in layout: CompositionalLayout
  ) -> Double {
    guard let dataSource, indexPath.section >= 0, indexPath.section < itemCounts.count, indexPath.item >= 0,
      indexPath.item < itemCounts[indexPath.section]
    else { return estimatedHeight }
    let content = dataSource.collectionView(self, cellForItemAt: indexPath)
    return content.fittingHeight(width: Int(width.rounded())).map(Double.init) ?? estimatedHeight
  }

  /// Measures the items of a compositional layout that has no measurer of its own.
  func measureItems(of layout: any CollectionLayout) {
    if let compositional = layout as? CompositionalLayout, compositional.itemMeasurer == nil {
      compositional.itemMeasurer = self
    }
  }
}
