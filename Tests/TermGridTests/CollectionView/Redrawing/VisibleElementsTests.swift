import GridLayout
import GridRender
import Testing

@testable import TermGrid

/// The reference API's queries of what is on screen: the visible
/// supplementary elements of a kind, and what a visible element shows.
@Suite struct VisibleElementsTests {
  @Test func visibleHeadersAndFootersAreTheOnesOnScreen() {
    // Sections of 10 items, 5 to a line of 80: a header, two lines of 3 rows, a footer; 8 rows a section.
    let (view, data) = makeGrid([10, 10, 10, 10], width: 80, height: 12, header: 1, footer: 1)
    defer { withExtendedLifetime(data) {} }
    #expect(
      view.indexPathsForVisibleSupplementaryElements(ofKind: .header) == [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)])
    #expect(view.indexPathsForVisibleSupplementaryElements(ofKind: .footer) == [IndexPath(item: 0, section: 0)])
    #expect(view.indexPathsForVisibleSupplementaryElements(ofKind: "badge").isEmpty)
    #expect(view.supplementaryContent(forElementKind: .header, at: IndexPath(item: 0, section: 1))?.title == "header 1")
    #expect(view.supplementaryContent(forElementKind: .header, at: IndexPath(item: 0, section: 3)) == nil, "not on screen")
    #expect(view.contentForItem(at: IndexPath(item: 0, section: 0))?.title == "Item 0.0")
    #expect(view.contentForItem(at: IndexPath(item: 0, section: 3)) == nil)
    #expect(view.contentForItem(at: IndexPath(item: 99, section: 0)) == nil, "no such item")
    // Scrolled to the end: the last sections' instead, by brute force over every section.
    view.setContentOffset(Point(x: 0, y: 1_000))
    let visible = view.visibleRect
    let expected = (0..<4).filter { s in
      view.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: s))!.frame.intersects(visible)
    }.map { IndexPath(item: 0, section: $0) }
    #expect(view.indexPathsForVisibleSupplementaryElements(ofKind: .header) == expected)
    #expect(expected.contains(IndexPath(item: 0, section: 3)) && !expected.contains(IndexPath(item: 0, section: 0)))
  }

  @Test func badgesOfACompositionalLayoutAreVisibleAtTheirItemsIndexPaths() {
    let (view, data) = makeGrid([6], width: 40, height: 6)
    defer { withExtendedLifetime(data) {} }
    let size = { (w: LayoutDimension, h: LayoutDimension) in LayoutSize(widthDimension: w, heightDimension: h) }
    let badge = LayoutSupplementaryItem(
      layoutSize: size(.absolute(3), .absolute(1)), elementKind: "badge", containerAnchor: LayoutAnchor(edges: [.top, .trailing]))
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)), supplementaryItems: [badge])
    let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(3)), repeatingSubitem: .item(item), count: 2)
    view.setLayout(CompositionalLayout(section: LayoutSection(group: group)), animated: false)
    // Two rows of two on a screen of 6 rows.
    #expect(view.indexPathsForVisibleSupplementaryElements(ofKind: "badge") == (0..<4).map { IndexPath(item: $0, section: 0) })
    #expect(view.supplementaryContent(forElementKind: "badge", at: IndexPath(item: 1, section: 0))?.title == "badge 0")
    #expect(view.supplementaryContent(forElementKind: "badge", at: IndexPath(item: 5, section: 0)) == nil)
  }
}
