import Testing

@testable import TermGrid

/// A layout's delegate that indexes its model, as apps write them: item
/// `id`'s height (or width) is `3 + id % 5`. It records index paths outside
/// the model instead of trapping.
final class SizesFromModel: MovableModel, WaterfallLayoutDelegate, ShelfLayoutDelegate, FlowLayoutItemSizing {
  var outOfRange: [IndexPath] = []
  func size(at indexPath: IndexPath) -> Double {
    guard indexPath.section < sections.count, indexPath.item >= 0, indexPath.item < sections[indexPath.section].count
    else {
      outOfRange.append(indexPath)
      return 1
    }
    return Double(3 + sections[indexPath.section][indexPath.item] % 5)
  }
  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    size(at: indexPath)
  }
  func shelfLayout(_ layout: ShelfLayout, widthForItemAt indexPath: IndexPath) -> Double { 6 + size(at: indexPath) }
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
    Size(width: 8, height: size(at: indexPath))
  }
}

@Suite struct LayoutDelegateMovementTests {
  func layouts(_ model: SizesFromModel) -> [any CollectionLayout] {
    let waterfall = WaterfallLayout(columns: .count(3), headerHeight: 1, footerHeight: 1)
    waterfall.delegate = model
    let shelves = ShelfLayout(itemHeight: 3, headerHeight: 1, plankHeight: 1)
    shelves.delegate = model
    let flow = FlowLayout(itemSize: Size(width: 8, height: 3), headerHeight: 1)
    flow.delegate = model
    return [waterfall, shelves, flow]
  }

  @Test func aDelegateThatIndexesItsModelIsAskedWithTheDatasIndexPathsWhileAnItemMovesAcrossSections() {
    var rng = SystemRandomNumberGenerator()
    for round in 0..<120 {
      let counts = (0..<Int.random(in: 2...4, using: &rng)).map { _ in Int.random(in: 1...6, using: &rng) }
      var next = 0
      let sections = counts.map { n in
        (0..<n).map { _ in
          defer { next += 1 }
          return next
        }
      }
      let model = SizesFromModel(sections)
      let view = CollectionView(layout: FlowLayout())
      view.collectionViewLayout = layouts(model)[round % 3]
      view.dataSource = model
      view.delegate = model
      view.animationDuration = 0
      view.setFrame(CellRect(x: 0, y: 0, width: 60, height: 20))
      view.reloadData()
      let s = Int.random(in: 0..<sections.count, using: &rng)
      let source = IndexPath(item: Int.random(in: 0..<sections[s].count, using: &rng), section: s)
      let moving = sections[s][source.item]
      #expect(view.beginInteractiveMovementForItem(at: source))
      for _ in 0..<Int.random(in: 1...8, using: &rng) {
        view.moveInteractiveItem(FocusDirection.allCases.randomElement(using: &rng)!)
        var surface = Surface(width: 60, height: 20)
        view.draw(into: &surface)
        // The moving item is laid out with its own size wherever it is shown.
        if let target = view.indexPathForMovingItem, let frame = view.layoutAttributesForItem(at: target)?.frame,
          !(view.collectionViewLayout is FlowLayout)
        {
          let expected = Double(3 + moving % 5) + (view.collectionViewLayout is ShelfLayout ? 6 : 0)
          #expect((view.collectionViewLayout is ShelfLayout ? frame.width : frame.height) == expected)
        }
      }
      if Bool.random(using: &rng) { view.endInteractiveMovement() } else { view.cancelInteractiveMovement() }
      var surface = Surface(width: 60, height: 20)
      view.draw(into: &surface)
      #expect(model.outOfRange.isEmpty, "round \(round): asked about \(model.outOfRange)")
    }
  }
}
