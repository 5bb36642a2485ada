import GridLayout
import GridRender
import TermGridTesting
import Testing

@testable import TermGrid

/// Items with ids (an ``IDModel``, which moves them in its model) that the
/// person may move: the delegate says which may move and may redirect a target.
class MovableModel: IDModel, CollectionViewDelegate {
  var fixed: Set<Int> = []
  var redirect: ((IndexPath, IndexPath) -> IndexPath)?

  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    !fixed.contains(sections[indexPath.section][indexPath.item])
  }
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt original: IndexPath,
    toProposedIndexPath proposed: IndexPath
  ) -> IndexPath {
    redirect?(original, proposed) ?? proposed
  }
}

/// A view of 8x3 items, 6 to a row in 60 columns, with headers and footers.
func makeMovableView(_ sections: [[Int]], width: Int = 60, height: Int = 16)
  -> (CollectionView, MovableModel, ManualAnimationClock)
{
  let model = MovableModel(sections)
  let (view, clock) = makeSmallView(showing: model, width: width, height: height)
  return (view, model, clock)
}

@Suite struct MovementTests {
  func frame(_ view: CollectionView, width: Int = 60, height: Int = 16) -> [String] {
    var s = Surface(width: width, height: height)
    view.draw(into: &s)
    return s.lines
  }

  /// The ids in the order the view shows them now.
  func shownIDs(_ view: CollectionView, _ model: MovableModel) -> [[Int]] {
    (0..<view.numberOfSections).map { s in
      (0..<view.numberOfItems(inSection: s)).map { i in
        let d = view.dataIndexPath(forPresented: path(s, i))
        return model.sections[d.section][d.item]
      }
    }
  }

  @Test func beginIsRefusedWhenTheDelegateSaysNo() {
    let (view, model, _) = makeMovableView([[1, 2, 3]])
    model.fixed = [2]
    #expect(!view.beginInteractiveMovementForItem(at: path(0, 1)))
    #expect(!view.beginInteractiveMovementForItem(at: path(0, 7)))  // out of range
    #expect(!view.isMovingItem)
    #expect(view.beginInteractiveMovementForItem(at: path(0, 0)))
    #expect(!view.beginInteractiveMovementForItem(at: path(0, 2)))  // one at a time
    #expect(view.indexPathForMovingItem == path(0, 0))
  }

  @Test func theDefaultDelegateLetsNothingMove() {
    let (view, data) = makeGrid([5])
    #expect(!view.beginInteractiveMovementForItem(at: path(0, 0)))
    withExtendedLifetime(data) {}
  }

  @Test func keysLiftMoveAndDropWithOneCallAtTheEnd() {
    let (view, model, clock) = makeMovableView([[1, 2, 3, 4, 5, 6, 7, 8]])
    view.handle(.key(.char("m")))
    view.handle(.key(Key(.right)))
    view.handle(.key(Key(.right)))
    #expect(model.moves.isEmpty)
    #expect(shownIDs(view, model) == [[2, 3, 1, 4, 5, 6, 7, 8]])
    #expect(view.focusedIndexPath == path(0, 2))
    view.handle(.key(Key(.left)))
    view.handle(.key(Key(.left)))  // back where it began
    #expect(shownIDs(view, model) == [[1, 2, 3, 4, 5, 6, 7, 8]])
    view.handle(.key(Key(.down)))  // to the second row (6 to a row): in front of 8
    #expect(shownIDs(view, model) == [[2, 3, 4, 5, 6, 7, 1, 8]])
    view.handle(.key(Key(.enter)))
    #expect(model.moves.map { [$0.0, $0.1] } == [[path(0, 0), path(0, 6)]])
    #expect(model.sections == [[2, 3, 4, 5, 6, 7, 1, 8]])
    #expect(!view.isMovingItem)
    clock.advance(by: 1)
    let (fresh, freshModel, _) = makeMovableView(model.sections)
    fresh.focusItem(at: path(0, 6))
    #expect(frame(view) == frame(fresh))
    withExtendedLifetime(freshModel) {}
  }

  @Test func theLiftedItemIsDrawnAboveTheOthersWhileTheyMakeRoom() {
    let (view, model, clock) = makeMovableView([[1, 2, 3, 4]])
    let before = frame(view)
    view.handle(.key(.char("m")))
    view.handle(.key(Key(.right)))
    clock.advance(by: view.animationDuration / 2)
    let middle = frame(view)
    clock.advance(by: 1)
    var s = Surface(width: 60, height: 16)
    view.draw(into: &s)
    // Item 2 slid into the first place; 1 is lifted over the second: a
    // double border a column to the right of the second place, bold, against #3,
    // in its row (a row up would cover the header, which keeps its row).
    #expect(s.lines[2].hasPrefix("│ #2   │  ║ #1   ║│ #3   │"))
    #expect(s.lines[0].hasPrefix(" header has 4") && !s.lines[0].contains("═"))
    #expect(s[10, 1].grapheme == "╔" && s[10, 1].style.attributes.contains(.bold))
    #expect(s[10, 3].grapheme == "╚" && s[17, 3].grapheme == "╝")
    #expect(middle != before && middle != s.lines)
    view.handle(.key(Key(.escape)))
    clock.advance(by: 1)
    #expect(frame(view) == before)
    #expect(model.moves.isEmpty && model.sections == [[1, 2, 3, 4]])
  }

  @Test func liftingIsAnimatedAsEveryLaterStepIs() {
    let (view, _, clock) = makeMovableView([[1, 2, 3, 4]])
    #expect(frame(view)[2].hasPrefix("│ #1   │"))
    view.handle(.key(.char("m")))
    #expect(view.isAnimating)
    // At the start the lifted item (a double border) is still where it lay ...
    #expect(frame(view)[2].hasPrefix("║ #1   ║"))
    // ... and it moves a cell to the right over the animation (not up: the header's row is above it).
    clock.advance(by: 1)
    let end = frame(view)
    #expect(!view.isAnimating)
    #expect(end[1].hasPrefix(" ╔══════╗") && end[2].hasPrefix(" ║ #1   ║"))
  }

  @Test func aLiftedItemNeverCoversAPinnedHeaderAndItsOffsetIsASetting() {
    let model = MovableModel([Array(1...24)])
    let layout = FlowLayout(
      itemSize: Size(width: 8, height: 3), minimumInteritemSpacing: 1,
      headerReferenceSize: Size(width: 0, height: 1), footerReferenceSize: Size(width: 0, height: 1))
    layout.sectionHeadersPinToVisibleBounds = true
    layout.lineAlignment = .leading
    let view = CollectionView(layout: layout)
    let clock = ManualAnimationClock()
    view.clock = clock
    view.dataSource = model
    view.delegate = model
    view.showsScrollIndicator = false
    view.setFrame(CellRect(x: 0, y: 0, width: 60, height: 10))
    view.reloadData()
    // Scrolled so the header floats over the first row's last line, the second row just under it.
    view.setContentOffset(Point(x: 0, y: 3))
    view.focusItem(at: path(0, 6))
    /// The frame as text, without trailing spaces.
    func screen() -> String {
      frame(view, height: 10).map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
    #expect(
      screen() == """
         header has 24
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #7   │ │ #8   │ │ #9   │ │ #10  │ │ #11  │ │ #12  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #13  │ │ #14  │ │ #15  │ │ #16  │ │ #17  │ │ #18  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #19  │ │ #20  │ │ #21  │ │ #22  │ │ #23  │ │ #24  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        """)
    view.handle(.key(.char("m")))
    clock.advance(by: 1)
    // Raised a row it would cover the header: it stays in its row, whole, a
    // column right, and the header whole above it (drawn on top of
    // everything before, its ╔══════╗ covered " header").
    #expect(view.isMovingItem)
    #expect(
      screen() == """
         header has 24
         ╔══════╗┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
         ║ #7   ║│ #8   │ │ #9   │ │ #10  │ │ #11  │ │ #12  │
         ╚══════╝└──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #13  │ │ #14  │ │ #15  │ │ #16  │ │ #17  │ │ #18  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #19  │ │ #20  │ │ #21  │ │ #22  │ │ #23  │ │ #24  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        """)
    var lifted = Surface(width: 60, height: 10)
    view.draw(into: &lifted)
    #expect(lifted[1, 1].grapheme == "╔" && lifted[1, 1].style.attributes.contains(.bold))
    #expect(lifted[0, 0].grapheme == " " && lifted[1, 0].grapheme == "h" && !lifted[1, 0].style.attributes.contains(.bold))
    // No offset: the lifted card stays in its place, marked by its double border alone.
    view.liftedItemOffset = .zero
    #expect(view.needsDisplay)
    #expect(
      screen() == """
         header has 24
        ╔══════╗ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        ║ #7   ║ │ #8   │ │ #9   │ │ #10  │ │ #11  │ │ #12  │
        ╚══════╝ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #13  │ │ #14  │ │ #15  │ │ #16  │ │ #17  │ │ #18  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #19  │ │ #20  │ │ #21  │ │ #22  │ │ #23  │ │ #24  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        """)
    // Two columns right: it covers the next card's left edge.
    view.liftedItemOffset = Point(x: 2, y: 0)
    #expect(
      screen() == """
         header has 24
          ╔══════╗──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
          ║ #7   ║ #8   │ │ #9   │ │ #10  │ │ #11  │ │ #12  │
          ╚══════╝──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #13  │ │ #14  │ │ #15  │ │ #16  │ │ #17  │ │ #18  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #19  │ │ #20  │ │ #21  │ │ #22  │ │ #23  │ │ #24  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        """)
    // Moved to a row with no header above it, it rises a row and a column, over #8's bottom edge.
    view.liftedItemOffset = Point(x: 1, y: -1)
    view.handle(.key(Key(.down)))
    clock.advance(by: 1)
    #expect(
      screen() == """
         header has 24
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #8   │ │ #9   │ │ #10  │ │ #11  │ │ #12  │ │ #13  │
        └╔══════╗└──────┘ └──────┘ └──────┘ └──────┘ └──────┘
         ║ #7   ║┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
         ╚══════╝│ #14  │ │ #15  │ │ #16  │ │ #17  │ │ #18  │
                 └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #19  │ │ #20  │ │ #21  │ │ #22  │ │ #23  │ │ #24  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        """)
    // Back up, and scrolled a row on: its place is under the pinned header
    // now, as the row's are, and raised it slips further beneath it.
    view.handle(.key(Key(.up)))
    clock.advance(by: 1)
    view.setContentOffset(Point(x: 0, y: 4))
    clock.advance(by: 1)
    #expect(
      screen() == """
         header has 24
         ╚══════╝│ #8   │ │ #9   │ │ #10  │ │ #11  │ │ #12  │
                 └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #13  │ │ #14  │ │ #15  │ │ #16  │ │ #17  │ │ #18  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
        ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐ ┌──────┐
        │ #19  │ │ #20  │ │ #21  │ │ #22  │ │ #23  │ │ #24  │
        └──────┘ └──────┘ └──────┘ └──────┘ └──────┘ └──────┘
         footer has 24
        """)
    // It moves and drops as ever.
    view.handle(.key(Key(.right)))
    view.handle(.key(Key(.enter)))
    clock.advance(by: 1)
    #expect(model.sections[0][7] == 7 && screen().contains("│ #8   │ │ #7   │"))
  }

  @Test func cancelPutsEverythingBackAndCallsNothing() {
    let (view, model, clock) = makeMovableView([[1, 2, 3], [4, 5]])
    let before = frame(view)
    #expect(view.beginInteractiveMovementForItem(at: path(0, 1)))
    view.moveInteractiveItem(.down)
    view.moveInteractiveItem(.right)
    #expect(shownIDs(view, model) == [[1, 3], [4, 5, 2]])
    view.cancelInteractiveMovement()
    #expect(view.numberOfItems(inSection: 0) == 3 && view.focusedIndexPath == path(0, 1))
    clock.advance(by: 1)
    #expect(frame(view) == before)
    #expect(model.moves.isEmpty)
  }

  @Test func aBatchUpdateDuringAMovePutsTheItemBackFirst() throws {
    let (view, model, clock) = makeMovableView([[1, 2, 3], [4, 5]])
    #expect(view.beginInteractiveMovementForItem(at: path(0, 1)))
    view.moveInteractiveItem(.down)
    #expect(shownIDs(view, model) != [[1, 2, 3], [4, 5]])
    // The data changes meanwhile (an insert from elsewhere): its index paths are the data's.
    try view.insertItems(at: [path(1, 0)]) { model.sections[1].insert(9, at: 0) }
    #expect(!view.isMovingItem && model.moves.isEmpty)
    clock.advance(by: 1)
    #expect(shownIDs(view, model) == [[1, 2, 3], [9, 4, 5]])
  }

  @Test func aMoveAcrossSectionsEndsWithTheSourceAndFinalIndexPaths() {
    let (view, model, clock) = makeMovableView([[1, 2, 3], [4, 5]])
    view.beginInteractiveMovementForItem(at: path(0, 2))
    view.moveInteractiveItem(.down)  // the nearest below: 5's place in section 1 (columns 2 -> 1)
    #expect(view.indexPathForMovingItem == path(1, 1))
    #expect(view.numberOfItems(inSection: 0) == 2 && view.numberOfItems(inSection: 1) == 3)
    view.endInteractiveMovement()
    #expect(model.moves.map { [$0.0, $0.1] } == [[path(0, 2), path(1, 1)]])
    #expect(model.sections == [[1, 2], [4, 3, 5]])
    clock.advance(by: 1)
    #expect(frame(view).joined().contains("footer has 3"))
  }

  @Test func theDelegateRedirectsATarget() {
    let (view, model, _) = makeMovableView([[1, 2, 3], [4, 5]])
    // Keep items in their section: across, go to the section's end.
    model.redirect = { original, proposed in
      proposed.section == original.section ? proposed : path(original.section, 2)
    }
    view.beginInteractiveMovementForItem(at: path(0, 0))
    view.moveInteractiveItem(.down)
    #expect(view.indexPathForMovingItem == path(0, 2))
    #expect(shownIDs(view, model) == [[2, 3, 1], [4, 5]])
    // A redirect to a place that does not exist is ignored.
    model.redirect = { _, _ in path(0, 9) }
    view.moveInteractiveItem(.left)
    #expect(view.indexPathForMovingItem == path(0, 2))
    view.endInteractiveMovement()
    #expect(model.sections == [[2, 3, 1], [4, 5]])
  }

  @Test func aTargetPositionPicksTheItemUnderIt() {
    let (view, model, _) = makeMovableView([[1, 2, 3, 4, 5]])
    view.beginInteractiveMovementForItem(at: path(0, 0))
    let third = view.layoutAttributesForItem(at: path(0, 3))!.frame
    view.updateInteractiveMovementTargetPosition(third.center)
    #expect(view.indexPathForMovingItem == path(0, 3))
    view.updateInteractiveMovementTargetPosition(Point(x: 59, y: 15))  // over nothing: the target stays
    #expect(view.indexPathForMovingItem == path(0, 3))
    view.endInteractiveMovement()
    #expect(model.sections == [[2, 3, 4, 1, 5]])
  }

  @Test func dropWhereItBeganCallsNothing() {
    let (view, model, _) = makeMovableView([[1, 2, 3]])
    view.handle(.key(.char("m")))
    view.handle(.key(Key(.right)))
    view.handle(.key(Key(.left)))
    view.handle(.key(Key(.enter)))
    #expect(model.moves.isEmpty)
  }

  @Test func aReloadWhileMovingPutsTheItemBack() {
    let (view, model, _) = makeMovableView([[1, 2, 3], [4]])
    view.beginInteractiveMovementForItem(at: path(0, 0))
    view.moveInteractiveItem(.down)
    view.reloadData()
    #expect(!view.isMovingItem && view.numberOfItems(inSection: 0) == 3)
    #expect(model.moves.isEmpty)
  }

  @Test func randomMovesEndWithTheDataInTheOrderShown() {
    var rng = SplitMix64(seed: 4)
    for round in 0..<200 {
      let sectionCount = Int.random(in: 1...4, using: &rng)
      var next = 1
      let sections = (0..<sectionCount).map { _ in
        (0..<Int.random(in: 0...9, using: &rng)).map { _ in
          defer { next += 1 }
          return next
        }
      }
      let (view, model, clock) = makeMovableView(sections, width: 40 + round % 30)
      let all = sections.indices.flatMap { s in sections[s].indices.map { path(s, $0) } }
      guard let start = all.randomElement(using: &rng) else { continue }
      let acrossAllowed = Bool.random(using: &rng)
      if !acrossAllowed {
        model.redirect = { o, p in p.section == o.section ? p : o }
      }
      #expect(view.beginInteractiveMovementForItem(at: start))
      for _ in 0..<Int.random(in: 0...12, using: &rng) {
        view.moveInteractiveItem(FocusDirection.allCases.randomElement(using: &rng)!)
        clock.advance(by: Double.random(in: 0...0.3, using: &rng))
      }
      let shown = shownIDs(view, model)
      let target = view.indexPathForMovingItem!
      let moving = sections[start.section][start.item]
      #expect(shown[target.section][target.item] == moving)
      #expect(shown.flatMap { $0 }.sorted() == sections.flatMap { $0 }.sorted())
      if !acrossAllowed { #expect(target.section == start.section) }
      if Bool.random(using: &rng) {
        view.endInteractiveMovement()
        #expect(model.sections == shown)
        #expect(model.moves.count == (target == start ? 0 : 1))
      } else {
        view.cancelInteractiveMovement()
        #expect(model.sections == sections && model.moves.isEmpty)
      }
      #expect(view.focusedIndexPath.map { model.sections[$0.section][$0.item] } == moving)
      clock.advance(by: 1)
      let (fresh, freshModel, _) = makeMovableView(model.sections, width: 40 + round % 30)
      fresh.focusItem(at: view.focusedIndexPath)
      fresh.setContentOffset(view.contentOffset)
      #expect(frame(view) == frame(fresh))
      withExtendedLifetime(freshModel) {}
    }
  }
}
