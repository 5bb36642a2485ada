import GridLayout
import GridRender
import Testing

@testable import TermGrid

@Suite struct DecorationTests {
  /// Two sections of 4 and 2 items (14x3, 3 a row in 46 cells) with one-row
  /// headers, one cell of inset all round and a "panel" background kind.
  func makePanels() -> (CollectionView, NumberedItems, FlowLayout) {
    let (view, data) = makeGrid([4, 2], width: 46, height: 20, header: 1)
    let layout = view.collectionViewLayout as! FlowLayout
    layout.sectionInset = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
    layout.sectionBackgroundKind = "panel"
    view.setNeedsLayout()
    return (view, data, layout)
  }

  @Test func theFlowLayoutGivesEachSectionABackgroundBetweenHeaderAndFooter() {
    let (view, data, layout) = makePanels()
    defer { withExtendedLifetime(data) {} }
    view.layoutIfNeeded()
    let decorations = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 46, height: 20))
      .filter { $0.category == .decoration }
    // Section 0: header row 0, inset row 1, two lines of 3 rows (2-7), inset row 8.
    // Section 1: header row 9, inset row 10, one line (11-13), inset row 14.
    #expect(decorations.map(\.frame) == [Rect(x: 0, y: 1, width: 46, height: 8), Rect(x: 0, y: 10, width: 46, height: 5)])
    #expect(decorations.allSatisfy { $0.kind == "panel" && $0.zIndex == 0 })
    #expect(decorations.map(\.indexPath.section) == [0, 1])
    // Only what meets the rect.
    #expect(
      layout.layoutAttributesForElements(in: Rect(x: 0, y: 11, width: 46, height: 2))
        .filter { $0.category == .decoration }.map(\.indexPath.section) == [1])
  }

  @Test func aRegisteredDrawerPaintsBehindItemsAndAnUnregisteredKindIsNotDrawn() {
    let (view, data, _) = makePanels()
    defer { withExtendedLifetime(data) {} }
    var surface = Surface(width: 46, height: 20)
    view.draw(into: &surface)
    #expect(surface.lines[1] == String(repeating: " ", count: 46))  // no drawer: nothing
    var seen: [Int] = []
    view.register(
      { attributes in
        seen.append(attributes.indexPath.section)
        return ElementContent.filled(with: "░")
      }, forDecorationViewOfKind: "panel")
    view.draw(into: &surface)
    #expect(Set(seen) == [0, 1])
    #expect(surface.lines[0].hasPrefix(" header 0 "))  // headers are not covered
    #expect(surface.lines[1] == String(repeating: "░", count: 46))  // the inset row
    // Items draw over the background; the gaps and the right inset show it.
    #expect(surface.lines[2] == "░┌────────────┐░┌────────────┐░┌────────────┐░")
    #expect(surface.lines[8] == String(repeating: "░", count: 46))
    #expect(surface.lines[9].hasPrefix(" header 1 "))
    #expect(surface.lines[15] == String(repeating: " ", count: 46))
    view.register(nil, forDecorationViewOfKind: "panel")
    view.draw(into: &surface)
    #expect(surface.lines[1] == String(repeating: " ", count: 46))
  }

  @Test func incrementalRedrawsKeepTheBackgroundUnderAChangedItem() {
    let (view, data, _) = makePanels()
    defer { withExtendedLifetime(data) {} }
    view.drawsIncrementally = true
    view.register({ _ in ElementContent.filled(with: "·") }, forDecorationViewOfKind: "panel")
    var surface = Surface(width: 46, height: 20)
    view.draw(into: &surface)
    let before = surface.lines
    view.focusItem(at: IndexPath(item: 1, section: 0))
    view.draw(into: &surface)
    view.focusItem(at: nil)
    view.draw(into: &surface)
    #expect(surface.lines == before)
    #expect(surface.lines[6] == "·│ Item 0.3   │·······························")
  }
}
