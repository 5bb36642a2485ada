/// One search for the next item to focus: the layout, where the focus is,
/// and the delegate's answers so far (each item is asked about once).
struct FocusSearch {
  let context: FocusMoveContext
  let layout: any CollectionLayout
  let from: IndexPath
  let origin: Rect
  private let shelves: (any SectionScrollingLayout)?
  private var answers: [IndexPath: Bool] = [:]

  init(context: FocusMoveContext, layout: any CollectionLayout, from: IndexPath, origin: Rect) {
    self.context = context
    self.layout = layout
    self.from = from
    self.origin = origin
    shelves = layout as? any SectionScrollingLayout
  }

  /// Whether the focus may land on `path`, asking the context once per item.
  mutating func canFocus(_ path: IndexPath) -> Bool {
    if let known = answers[path] { return known }
    let answer = context.canFocusItem(at: path)
    answers[path] = answer
    return answer
  }

  /// The items (not hidden, not the focused one, not scrolled away) whose
  /// frames meet `rect`.
  func candidates(in rect: Rect) -> [LayoutAttributes] {
    layout.layoutAttributesForElements(in: rect).filter {
      $0.category == .item && !$0.isHidden && $0.indexPath != from && !isScrolledAway($0)
    }
  }

  /// Whether `a` lies in another section that scrolls sideways (or in any,
  /// the focused item's own too, with `evenInOwnSection`), its middle
  /// outside the columns on screen: the focus does not jump from one shelf
  /// into the part of another scrolled out of view (it moves along a shelf,
  /// and up and down to what is shown).
  func isScrolledAway(_ a: LayoutAttributes, evenInOwnSection: Bool = false) -> Bool {
    guard evenInOwnSection || a.indexPath.section != from.section, let shelves,
      shelves.maximumHorizontalOffset(ofSection: a.indexPath.section) > 0
    else { return false }
    let visible = context.visibleRect
    return a.frame.midX < visible.minX || a.frame.midX > visible.maxX
  }

  /// How far sideways a section that scrolls sideways reaches past the
  /// content's columns (0 for any other).
  func sidewaysReach(ofSection section: Int) -> Double {
    shelves?.maximumHorizontalOffset(ofSection: section) ?? 0
  }
}
