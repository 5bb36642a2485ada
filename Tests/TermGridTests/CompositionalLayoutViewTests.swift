import GridLayout
import GridRender
import Testing

@testable import TermGrid

/// A compositional layout in a collection view: drawn, and the focus moved
/// by geometry through its featured and small items, as with any layout.
@Suite struct CompositionalLayoutViewTests {
  @Test func aFeaturedGridIsDrawnAndFocusFollowsItsGeometry() {
    let (view, _) = makeGrid([12], width: 60, height: 20)
    let size = { (w: LayoutDimension, h: LayoutDimension) in LayoutSize(widthDimension: w, heightDimension: h) }
    let featured = LayoutItem(layoutSize: size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
    let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
    let pair = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), repeatingSubitem: .item(small), count: 2)
    let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(8)), subitems: [.item(featured), .group(pair)])
    view.setLayout(CompositionalLayout(section: LayoutSection(group: group)), animated: false)
    var surface = Surface(width: 60, height: 20)
    view.draw(into: &surface)
    #expect(surface.text.contains("Item 0.0") && surface.text.contains("Item 0.1") && surface.text.contains("Item 0.2"))
    #expect(
      view.indexPathsForVisibleItems.count == 8, "two groups whole, and of the third (rows 16-23) the featured item and the upper small one"
    )
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.handle(.key(Key(.right)))
    #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0), "beside the featured item, the upper small one")
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
    view.handle(.key(Key(.down)))
    #expect(view.focusedIndexPath?.item == 4 || view.focusedIndexPath?.item == 3, "into the next group")
  }
}
