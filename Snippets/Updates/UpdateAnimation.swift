// How long animations take and how they run, a layout that says where
// inserted items come from, and a manual clock that steps an animation
// frame by frame, as a test does.
import TermGrid
import TermGridTesting

// snippet.hide
final class Numbers: CollectionViewDataSource {
  var items = [1, 2, 3, 4, 5]

  func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { items.count }

  func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: "#\(items[indexPath.item])", border: .rounded)
  }
}

// snippet.show
// snippet.appearing
/// A flow layout whose inserted items drop in from three rows above their
/// place, transparent at first. (FlowLayout is final: wrap it.)
final class DroppingFlowLayout: CollectionLayout {
  let flow: FlowLayout
  init(_ flow: FlowLayout) { self.flow = flow }

  func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var a = flow.layoutAttributesForItem(at: indexPath) else { return nil }
    a.frame = a.frame.offsetBy(dx: 0, dy: -3)
    a.alpha = 0
    return a
  }

  // Everything else is the flow layout's.
  func prepare(for context: LayoutContext) { flow.prepare(for: context) }
  var contentSize: Size { flow.contentSize }
  var scrollsHorizontally: Bool { flow.scrollsHorizontally }
  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { flow.layoutAttributesForElements(in: rect) }
  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { flow.layoutAttributesForItem(at: indexPath) }
  func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  { flow.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath) }
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    flow.shouldInvalidateLayout(forBoundsChange: newBounds)
  }
  func invalidateLayout(forBoundsChange newBounds: Rect) { flow.invalidateLayout(forBoundsChange: newBounds) }
}
// snippet.end

// snippet.settings
let view = CollectionView(layout: DroppingFlowLayout(FlowLayout(itemSize: Size(width: 8, height: 3))))
view.animationDuration = 0.4  // seconds (0.25 by default; 0 turns animation off)
view.animationCurve = .easeInOut  // .easeOut by default; .linear, .easeIn
// snippet.end

// snippet.hide
let numbers = Numbers()
view.dataSource = numbers
view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 8))
view.reloadData()
var finished: Bool?

// snippet.show
// snippet.clock
let clock = ManualAnimationClock()
view.clock = clock
var surface = Surface(width: 40, height: 8)
view.draw(into: &surface)

try view.performBatchUpdates(
  {
    numbers.items.insert(0, at: 0)
    try view.insertItems(at: [IndexPath(item: 0, section: 0)])
  },
  completion: { finished = $0 })
view.draw(into: &surface)  // time 0: what was on screen
clock.advance(by: view.animationDuration / 2)
view.draw(into: &surface)  // half the time: #0 on its way down, the others sliding right
clock.advance(by: view.animationDuration)
view.draw(into: &surface)  // past the end: the final layout, and the completion has run
// snippet.end

// snippet.hide
precondition(finished == true && !view.isAnimating && surface.text.contains("#0"))
