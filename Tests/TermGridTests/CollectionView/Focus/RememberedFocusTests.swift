import GridLayout
import GridRender
import Testing

@testable import TermGrid

/// `remembersLastFocusedIndexPath`: the focus comes back to the item that
/// had it, followed through updates, or to the first item when it is off.
@Suite struct RememberedFocusTests {
  @Test(arguments: [true, false])
  func theFocusComesBackToTheItemThatHadIt(remembers: Bool) throws {
    let (view, data) = makeGrid([10, 10], width: 80, height: 24)
    defer { withExtendedLifetime(data) {} }
    view.remembersLastFocusedIndexPath = remembers
    view.focusItem(at: IndexPath(item: 6, section: 1))
    view.focusItem(at: nil)  // another view takes the focus
    #expect(view.focusedIndexPath == nil)
    // Two items inserted before it while the view has no focus: it is now the eighth.
    try view.performBatchUpdates({
      data.counts[1] += 2
      try view.insertItems(at: [IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1)])
    })
    let remembered = IndexPath(item: 8, section: 1)
    #expect(view.focusedIndexPath == (remembers ? remembered : IndexPath(item: 0, section: 0)))
    // Taken away again; a key that moves the focus gives it back.
    view.focusItem(at: nil)
    _ = view.handle(.key(Key(.right)))
    #expect(view.focusedIndexPath == (remembers ? remembered : IndexPath(item: 0, section: 0)))
    // And reloading keeps it when it still exists.
    view.focusItem(at: IndexPath(item: 3, section: 0))
    view.focusItem(at: nil)
    view.reloadData()
    #expect(view.focusedIndexPath == (remembers ? IndexPath(item: 3, section: 0) : IndexPath(item: 0, section: 0)))
    // An item that is gone is not remembered.
    view.focusItem(at: IndexPath(item: 9, section: 0))
    view.focusItem(at: nil)
    data.counts[0] = 4
    view.reloadData()
    #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
  }
}
