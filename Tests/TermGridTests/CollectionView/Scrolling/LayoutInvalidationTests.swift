import GridLayout
import GridRender
import Testing

@testable import TermGrid

/// A stock layout's settings invalidate it, as UIKit's do: changed on a
/// view that shows it, without `setNeedsLayout()`, the view lays the
/// content out again and redraws, and the arrows follow the new axis.
@Suite struct LayoutInvalidationTests {
  /// A view of `layout` with 40 items, 40x12, drawn once.
  func shown(_ layout: any CollectionLayout) -> (CollectionView, NumberedItems, Surface) {
    let view = CollectionView(layout: layout)
    let data = NumberedItems([40])
    view.dataSource = data
    view.delegate = data
    view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 12))
    view.reloadData()
    var surface = Surface(width: 40, height: 12)
    view.draw(into: &surface)
    return (view, data, surface)
  }

  /// One setting of a stock layout changed: each is made twice, so that
  /// one is changed on a shown view and the other is new with it.
  struct Change: CustomTestStringConvertible, Sendable {
    var name: String
    var make: @Sendable () -> any CollectionLayout
    var change: @Sendable (any CollectionLayout) -> Void
    var testDescription: String { name }
  }

  static func flow(_ name: String, _ change: @escaping @Sendable (FlowLayout) -> Void) -> Change {
    Change(
      name: "flow " + name, make: { FlowLayout(itemSize: Size(width: 12, height: 3), headerHeight: 1) },
      change: { change($0 as! FlowLayout) })
  }

  static let changes: [Change] = [
    flow("itemSize") { $0.itemSize = Size(width: 9, height: 2) },
    flow("scrollDirection") { $0.scrollDirection = .horizontal },
    flow("minimumLineSpacing") { $0.minimumLineSpacing = 2 },
    flow("minimumInteritemSpacing") { $0.minimumInteritemSpacing = 4 },
    flow("sectionInset") { $0.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 0, right: 2) },
    flow("headerReferenceSize") { $0.headerReferenceSize = Size(width: 0, height: 3) },
    flow("footerReferenceSize") { $0.footerReferenceSize = Size(width: 0, height: 1) },
    flow("lineAlignment") { $0.lineAlignment = .leading },
    Change(
      name: "waterfall columns", make: { WaterfallLayout() }, change: { ($0 as! WaterfallLayout).columns = .count(3) }),
    Change(
      name: "waterfall scrollDirection", make: { WaterfallLayout() },
      change: { ($0 as! WaterfallLayout).scrollDirection = .horizontal }),
    Change(name: "shelf itemWidth", make: { ShelfLayout() }, change: { ($0 as! ShelfLayout).itemWidth = 9 }),
    Change(
      name: "circle radiusFraction", make: { CircleLayout() }, change: { ($0 as! CircleLayout).radiusFraction = 0.25 }),
  ]

  @Test(arguments: changes)
  func aSettingChangedOnAShownViewLaysItOutAgain(_ change: Change) {
    let (view, data, before) = shown(change.make())
    defer { withExtendedLifetime(data) {} }
    #expect(!view.needsDisplay)
    let size = view.contentSize
    change.change(view.collectionViewLayout)
    #expect(view.needsDisplay, "the view is to be drawn again")
    var surface = before
    view.draw(into: &surface)
    // The same as a view given the changed layout from the start.
    let fresh = change.make()
    change.change(fresh)
    let (expected, freshData, wanted) = shown(fresh)
    defer { withExtendedLifetime(freshData) {} }
    #expect(surface.lines != before.lines || view.contentSize != size, "the change shows")
    #expect(surface.lines == wanted.lines)
    #expect(view.contentSize == expected.contentSize)
  }

  @Test func settingASettingToItsValueOrChangingALayoutNoLongerShownRedrawsNothing() {
    let layout = FlowLayout(itemSize: Size(width: 12, height: 3))
    let (view, data, _) = shown(layout)
    defer { withExtendedLifetime(data) {} }
    layout.itemSize = Size(width: 12, height: 3)
    layout.scrollDirection = .vertical
    #expect(!view.needsDisplay)
    view.setLayout(FlowLayout(itemSize: Size(width: 8, height: 2)), animated: false)
    var surface = Surface(width: 40, height: 12)
    view.draw(into: &surface)
    #expect(layout.invalidationTarget == nil)
    layout.itemSize = Size(width: 20, height: 5)
    #expect(!view.needsDisplay)
  }

  /// The view reads the layout's axis only when it prepares the layout, and
  /// the flip prepares it: the arrows and the scroll bar follow the new
  /// axis. (This passed before the layouts invalidated themselves too: the
  /// view then read the axis before every use of the layout, on every key.)
  @Test func flippingTheScrollDirectionTurnsTheArrowsAndTheScrollBar() {
    let layout = FlowLayout(itemSize: Size(width: 12, height: 3), minimumInteritemSpacing: 1, minimumLineSpacing: 0)
    let (view, data, _) = shown(layout)
    defer { withExtendedLifetime(data) {} }
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.perform(.moveFocus(.down))
    // Rows of 3 (39 columns and the scroll bar's): Down goes to the next row.
    #expect(view.focusedIndexPath == IndexPath(item: 3, section: 0))
    layout.scrollDirection = .horizontal
    view.focusItem(at: IndexPath(item: 0, section: 0))
    view.perform(.moveFocus(.down))
    // Columns of 3 (11 rows over the scroll bar's): Down keeps to the column, Right goes to the next.
    #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
    view.perform(.moveFocus(.right))
    #expect(view.focusedIndexPath == IndexPath(item: 4, section: 0))
    #expect(view.viewport == CellRect(x: 0, y: 0, width: 40, height: 11))
    var surface = Surface(width: 40, height: 12)
    view.draw(into: &surface)
    #expect(surface.lines[11].contains("▀"), "the scroll bar runs along the bottom: \(surface.lines[11])")
    layout.scrollDirection = .vertical
    view.perform(.moveFocus(.down))
    #expect(view.focusedIndexPath == IndexPath(item: 7, section: 0))
    #expect(view.viewport == CellRect(x: 0, y: 0, width: 39, height: 12))
  }
}
