import GridLayout
import GridRender
import Testing

@testable import TermGrid

/// The data-source and delegate defaults are written once (the protocols'
/// extensions): a controller subclass that overrides nothing answers every
/// question as a bare data source and delegate does, and a subclass's
/// override is still what the view is told.
@Suite struct ControllerDefaultsTests {
  /// A controller that overrides nothing.
  final class Plain: CollectionViewController {
    init() { super.init(layout: FlowLayout(itemSize: Size(width: 6, height: 3))) }
  }

  /// A data source and delegate that implements only what it must.
  final class Bare: CollectionViewDataSource, CollectionViewDelegate {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent { .empty }
  }

  /// What content shows, as a value to compare (ElementContent holds closures).
  static func summary(_ content: ElementContent) -> String {
    [
      content.title, "\(content.lines.count)", content.detail ?? "-", content.border.map { "\($0)" } ?? "-",
      content.badge.map { "\($0)" } ?? "-", "\(content.picture == nil)", "\(content.draw == nil)",
      "\(content.afterDraw == nil)", "\(content.accessories.count)", "\(content.indentationLevel)", "\(content.style)",
      "\(content.fill)", "\(content.padding)",
    ].joined(separator: "|")
  }

  /// Every answer with a value, as the view asks it (through the protocols).
  static func answers(_ source: any CollectionViewDataSource, _ delegate: any CollectionViewDelegate, in view: CollectionView)
    -> [String]
  {
    var out = ["sections \(source.numberOfSections(in: view))"]
    let paths = (0..<3).flatMap { s in [0, 1, 7].map { IndexPath(item: $0, section: s) } }
    for p in paths {
      for kind in [ElementKind.header, .footer, "badge"] {
        let content = source.collectionView(view, contentForSupplementaryElementOfKind: kind, at: p)
        out.append("\(kind) \(p): \(summary(content))")
      }
      out.append("highlight \(p): \(delegate.collectionView(view, shouldHighlightItemAt: p))")
      out.append("select \(p): \(delegate.collectionView(view, shouldSelectItemAt: p))")
      out.append("deselect \(p): \(delegate.collectionView(view, shouldDeselectItemAt: p))")
      out.append("move \(p): \(delegate.collectionView(view, canMoveItemAt: p))")
      for q in paths {
        let target = delegate.collectionView(view, targetIndexPathForMoveFromItemAt: p, toProposedIndexPath: q)
        out.append("target \(p) \(q): \(target)")
      }
      out.append("label \(p): \(delegate.collectionView(view, accessibilityLabelForItemAt: p) ?? "nil")")
      out.append("section label \(p.section): \(delegate.collectionView(view, accessibilityLabelForSection: p.section) ?? "nil")")
    }
    return out
  }

  @Test func aControllerThatOverridesNothingAnswersAsTheProtocolDefaults() {
    let controller = Plain()
    let view = controller.collectionView
    let bare = Bare()
    let expected = Self.answers(bare, bare, in: view)
    let actual = Self.answers(controller, controller, in: view)
    #expect(actual.count == expected.count)
    for (a, e) in zip(actual, expected) { #expect(a == e) }
    // The two defaults the protocols leave to the app (they are required).
    let p = IndexPath(item: 0, section: 0)
    #expect(controller.collectionView(view, numberOfItemsInSection: 0) == 0)
    #expect(Self.summary(controller.collectionView(view, cellForItemAt: p)) == Self.summary(.empty))
    // The view sees the same: one section, no items.
    view.setFrame(CellRect(x: 0, y: 0, width: 30, height: 6))
    view.reloadData()
    #expect(view.numberOfSections == 1 && view.numberOfItems(inSection: 0) == 0)
  }

  /// A controller whose items 1 cannot be selected and whose item 2 can be moved.
  final class Picky: CollectionViewController {
    init() { super.init(layout: FlowLayout(itemSize: Size(width: 6, height: 3))) }
    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      ElementContent(title: "\(indexPath.item)")
    }
    override func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
      indexPath.item != 1
    }
    override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
      indexPath.item == 2
    }
  }

  @Test func aSubclassOverrideIsWhatTheViewIsTold() throws {
    let controller = Picky()
    let view = controller.collectionView
    view.allowsMultipleSelection = true
    view.setFrame(CellRect(x: 0, y: 0, width: 30, height: 6))
    view.reloadData()
    let delegate = try #require(view.delegate)
    #expect(!delegate.collectionView(view, shouldSelectItemAt: IndexPath(item: 1, section: 0)))
    #expect(delegate.collectionView(view, canMoveItemAt: IndexPath(item: 2, section: 0)))
    for item in 0..<3 {
      view.focusItem(at: IndexPath(item: item, section: 0))
      _ = view.perform(.toggleSelection)
    }
    #expect(Set(view.indexPathsForSelectedItems) == [IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0)])
    view.focusItem(at: IndexPath(item: 0, section: 0))
    #expect(!view.perform(.beginMovement))
    view.focusItem(at: IndexPath(item: 2, section: 0))
    #expect(view.perform(.beginMovement) && view.isMovingItem)
  }
}
