import GridLayout
import GridRender
import Testing

@testable import TermGrid

/// A delegate that records every call and refuses what it is told to.
final class RecordingDelegate: CollectionViewDelegate {
  var calls: [String] = []
  var refuseSelect: Set<IndexPath> = []
  var refuseDeselect: Set<IndexPath> = []
  var refuseHighlight: Set<IndexPath> = []

  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    !refuseHighlight.contains(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    calls.append("highlight \(indexPath.section).\(indexPath.item)")
  }
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    calls.append("unhighlight \(indexPath.section).\(indexPath.item)")
  }
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    calls.append("should select \(indexPath.section).\(indexPath.item)")
    return !refuseSelect.contains(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    calls.append("select \(indexPath.section).\(indexPath.item)")
  }
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    calls.append("should deselect \(indexPath.section).\(indexPath.item)")
    return !refuseDeselect.contains(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    calls.append("deselect \(indexPath.section).\(indexPath.item)")
  }
  func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    calls.append("activate \(indexPath.section).\(indexPath.item)")
  }
  var selectionCalls: [String] { calls.filter { !$0.contains("highlight") } }
}

func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

@Suite struct SelectionTests {
  /// A 5-across grid (14x3 items in 80 columns) with a recording delegate.
  func grid(_ counts: [Int]) -> (CollectionView, NumberedItems, RecordingDelegate) {
    let (view, data) = makeGrid(counts)
    let delegate = RecordingDelegate()
    view.delegate = delegate
    return (view, data, delegate)
  }

  @Test func selectingInCodeCallsNoDelegateMethod() {
    let (view, data, delegate) = grid([20])
    view.selectItem(at: path(0, 7))
    view.selectItem(at: path(0, 2), animated: true, scrollPosition: nil)
    view.selectItem(at: path(0, 99))  // out of range: nothing
    #expect(view.indexPathsForSelectedItems == [path(0, 2), path(0, 7)])
    view.deselectItem(at: path(0, 7), animated: false)
    #expect(view.indexPathsForSelectedItems == [path(0, 2)])
    view.selectItem(at: nil)
    #expect(view.indexPathsForSelectedItems.isEmpty)
    view.allowsMultipleSelection = false
    view.selectItem(at: path(0, 3))
    view.selectItem(at: path(0, 4))
    #expect(view.indexPathsForSelectedItems == [path(0, 4)])
    #expect(delegate.selectionCalls.isEmpty)
    withExtendedLifetime(data) {}
  }

  @Test func theItemsACommandActsOnAreTheSelectedElseTheFocusedOne() {
    let (view, data, delegate) = grid([20])
    view.focusItem(at: path(0, 5))
    #expect(view.indexPathsForSelectedOrFocusedItems == [path(0, 5)])
    view.selectItem(at: path(0, 9))
    view.selectItem(at: path(0, 1))
    #expect(view.indexPathsForSelectedOrFocusedItems == [path(0, 1), path(0, 9)])
    view.deselectAllItems()
    #expect(view.indexPathsForSelectedItems.isEmpty)
    #expect(view.indexPathsForSelectedOrFocusedItems == [path(0, 5)])
    view.focusItem(at: nil)
    #expect(view.indexPathsForSelectedOrFocusedItems.isEmpty)
    #expect(delegate.selectionCalls.isEmpty)
    withExtendedLifetime(data) {}
  }

  @Test func selectingInCodeCanScrollTheItemIntoView() {
    let (view, data, _) = grid([400])
    view.selectItem(at: path(0, 300), animated: false, scrollPosition: .top)
    #expect(view.contentOffset.y == 180)  // row 60 of 3-row items
    withExtendedLifetime(data) {}
  }

  @Test func spaceAsksTheDelegateAndTellsIt() {
    let (view, data, delegate) = grid([20])
    delegate.refuseSelect = [path(0, 1)]
    view.handle(.key(.char(" ")))  // item 0
    view.perform(.moveFocus(.right))
    view.handle(.key(.char(" ")))  // item 1: refused
    #expect(view.indexPathsForSelectedItems == [path(0, 0)])
    view.perform(.moveFocus(.left))
    delegate.refuseDeselect = [path(0, 0)]
    view.handle(.key(.char(" ")))  // refused too
    #expect(view.indexPathsForSelectedItems == [path(0, 0)])
    delegate.refuseDeselect = []
    view.handle(.key(.char(" ")))
    #expect(view.indexPathsForSelectedItems.isEmpty)
    #expect(
      delegate.selectionCalls == [
        "should select 0.0", "select 0.0", "should select 0.1", "should deselect 0.0", "should deselect 0.0",
        "deselect 0.0",
      ])
    withExtendedLifetime(data) {}
  }

  @Test func singleSelectionDeselectsThePreviousAndSaysSo() {
    let (view, data, delegate) = grid([20])
    view.allowsMultipleSelection = false
    view.handle(.key(.char(" ")))
    view.perform(.moveFocus(.right))
    view.handle(.key(.char(" ")))
    #expect(view.indexPathsForSelectedItems == [path(0, 1)])
    #expect(delegate.selectionCalls == ["should select 0.0", "select 0.0", "should select 0.1", "deselect 0.0", "select 0.1"])
    view.handle(.key(Key(.right, modifiers: .shift)))  // no ranges in single selection
    #expect(view.indexPathsForSelectedItems == [path(0, 1)])
    withExtendedLifetime(data) {}
  }

  @Test func shiftArrowsSelectARangeFromTheAnchorAndKeepWhatWasSelectedBefore() {
    let (view, data, delegate) = grid([20])
    view.focusItem(at: path(0, 12))
    view.handle(.key(.char(" ")))  // 12 selected; the anchor
    view.focusItem(at: path(0, 2))
    view.perform(.moveFocus(.left))  // a plain move: 1; the range starts here
    view.handle(.key(Key(.right, modifiers: .shift)))
    view.handle(.key(Key(.right, modifiers: .shift)))
    #expect(view.indexPathsForSelectedItems == [path(0, 1), path(0, 2), path(0, 3), path(0, 12)])
    view.handle(.key(Key(.down, modifiers: .shift)))  // 1 -> 8 (a row is 5 items; focus was on 3)
    #expect(view.focusedIndexPath == path(0, 8))
    #expect(view.indexPathsForSelectedItems == (1...8).map { path(0, $0) } + [path(0, 12)])
    view.handle(.key(Key(.up, modifiers: .shift)))  // back to 3: 4...8 leave the range
    view.handle(.key(Key(.left, modifiers: .shift)))
    view.handle(.key(Key(.left, modifiers: .shift)))
    view.handle(.key(Key(.left, modifiers: .shift)))  // to 0: before the anchor
    #expect(view.indexPathsForSelectedItems == [path(0, 0), path(0, 1), path(0, 12)])
    #expect(delegate.calls.contains("deselect 0.8") && delegate.calls.contains("select 0.0"))
    view.handle(.key(Key(.escape)))
    #expect(view.indexPathsForSelectedItems.isEmpty)
    withExtendedLifetime(data) {}
  }

  @Test func aRangeRunsAcrossSectionsInIndexOrder() {
    let (view, data, _) = grid([3, 0, 4])
    view.focusItem(at: path(0, 2))
    view.handle(.key(Key(.down, modifiers: .shift)))
    #expect(view.focusedIndexPath == path(2, 2))
    #expect(view.indexPathsForSelectedItems == [path(0, 2), path(2, 0), path(2, 1), path(2, 2)])
    withExtendedLifetime(data) {}
  }

  @Test func theFocusSkipsItemsTheDelegateRefuses() {
    let (view, data, delegate) = grid([10])
    delegate.refuseHighlight = [path(0, 0), path(0, 1), path(0, 9)]
    view.perform(.first)
    #expect(view.focusedIndexPath == path(0, 2))
    // Rows of 5. 1 and 0 refused: Left keeps to the row, so the focus stays.
    #expect(!view.moveFocus(.left))
    #expect(view.focusedIndexPath == path(0, 2))
    view.perform(.moveFocus(.right))
    view.perform(.moveFocus(.right))
    view.perform(.moveFocus(.down))  // 9, below 4, refused: the nearest of that row the focus may land on
    #expect(view.focusedIndexPath == path(0, 8))
    view.perform(.moveFocus(.left))
    #expect(view.focusedIndexPath == path(0, 7))
    view.perform(.last)
    #expect(view.focusedIndexPath == path(0, 8))
    view.perform(.focusNextItem)
    #expect(view.focusedIndexPath == path(0, 8))
    #expect(delegate.calls.contains("unhighlight 0.7") && delegate.calls.last == "highlight 0.8")
    withExtendedLifetime(data) {}
  }

  @Test func selectionFollowsItsItemsThroughAnUpdate() throws {
    let (view, model, _) = makeIDView([[1, 2, 3, 4, 5], [6, 7]])
    view.selectItem(at: path(0, 3))  // id 4
    view.selectItem(at: path(1, 1))  // id 7
    try view.performBatchUpdates(
      {
        model.sections[0].remove(at: 0)  // 1 goes
        model.sections[1].insert(8, at: 0)
        try view.deleteItems(at: [path(0, 0)])
        try view.insertItems(at: [path(1, 0)])
      }, animated: false)
    #expect(view.indexPathsForSelectedItems.map { model.id(at: $0) } == [4, 7])
    try view.performBatchUpdates(
      {
        model.sections[0].remove(at: 2)  // id 4 goes: its selection with it
        try view.deleteItems(at: [path(0, 2)])
      }, animated: false)
    #expect(view.indexPathsForSelectedItems.map { model.id(at: $0) } == [7])
  }

  @Test func selectedFocusedAndLiftedLookDifferentWithoutColour() {
    let (view, data, _) = grid([10])
    view.focusItem(at: path(0, 1))
    view.selectItem(at: path(0, 2))
    var s = Surface(width: 80, height: 24)
    view.draw(into: &s)
    // Focused: reverse video on a plain border. Selected: a heavy border and a check mark, bold.
    #expect(s[15, 0].grapheme == "┌" && s[15, 0].style.attributes.contains(.reverse))
    #expect(s[30, 0].grapheme == "┏" && s[31, 0].grapheme == "✓" && s[31, 0].style.attributes.contains(.bold))
    #expect(!s[30, 0].style.attributes.contains(.reverse) && !s[15, 0].style.attributes.contains(.bold))
    view.theme.asciiOnly = true
    view.draw(into: &s)
    #expect(s[31, 0].grapheme == "*" && s[16, 0].grapheme == "-")
    withExtendedLifetime(data) {}
  }
}
