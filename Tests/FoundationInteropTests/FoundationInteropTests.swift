import Foundation
import TermGrid
// Foundation and TermGrid in one file: every type TermGrid exports is named
// here unqualified, next to Foundation's own names, and the file must
// compile. `names` is checked against the sources, so a new public type
// that clashes with Foundation fails the build once it is listed (the
// test below says which are missing).
import TermGridTesting
import Testing

/// Every public type of GridLayout, GridRender, CursesTerminal and TermGrid.
var everyExportedType: [Any.Type] {
  [
    AlphaBlend.self,
    Application.self,
    Badge.self,
    BatchUpdate.self,
    BatchUpdateError.self,
    BatchUpdatePlan.self,
    Border.self,
    Cell.self,
    ElementContent.self,
    CellRect.self,
    CellPoint.self,
    AccessibilitySettings.self,
    ElementState.self,
    CircleLayout.self,
    CollectionAction.self,
    CollectionView.self,
    CollectionViewController.self,
    CollectionViewDiffableDataSource<Int, Int>.self,
    CollectionViewError.self,
    Color.self,
    ColorSupport.self,
    CursesTerminal.self,
    CursesTerminalError.self,
    ProcessTerminal.self,
    ProcessTerminalError.self,
    StreamTerminal.self,
    StreamTerminalError.self,
    Session.self,
    DecorationDrawer.self,
    DiffableSnapshot<Int, Int>.self,
    DiffableSectionSnapshot<Int>.self,
    SectionSnapshotHandlers<Int>.self,
    ChildrenLoadingError.self,
    (any CollectionViewOutlineDataSource).self,
    DisplayWidth.self,
    EdgeInsets.self,
    ElementCategory.self,
    ElementKind.self,
    EventResult.self,
    QueuedInputRole.self,
    FlowLayout.self,
    FocusDirection.self,
    FocusMoveContext.self,
    FocusNavigation.self,
    FormOverlay.self,
    Glyph.self,
    Grapheme.self,
    HeadlessTerminal.self,
    IndexPath.self,
    InputEvent.self,
    Key.self,
    KeyBindings.self,
    KeyCommand.self,
    LastLineAlignment.self,
    LayoutAttributes.self,
    LayoutContext.self,
    LineAlignment.self,
    ManualAnimationClock.self,
    MouseEvent.self,
    MovedItem.self,
    OverlayResponse.self,
    PanelOverlay.self,
    Point.self,
    PromptOverlay.self,
    Rasterizer.self,
    Screen.self,
    ScreenReset.self,
    CellEncoder.self,
    FrameUpdate.self,
    CellChange.self,
    PictureSupport.self,
    TerminalReply.self,
    TerminalProbe.self,
    PictureProbe.self,
    KittyGraphics.self,
    PixelPlaceholder.self,
    PixelSize.self,
    PixelImage.self,
    PixelImageTable.self,
    PixelPictureWriter.self,
    SixelEncoder.self,
    LayoutDimension.self,
    LayoutSize.self,
    LayoutItem.self,
    LayoutGroup.self,
    LayoutSection.self,
    LayoutEnvironment.self,
    CompositionalLayout.self,
    LayoutBoundarySupplementaryItem.self,
    LayoutAnchor.self,
    LayoutSupplementaryItem.self,
    LayoutDecorationItem.self,
    LayoutEdgeSpacing.self,
    LayoutSpacing.self,
    OrthogonalScrollingBehavior.self,
    LayoutListConfiguration.self,
    ListSeparatorConfiguration.self,
    CellAccessory.self,
    InteractiveTransitionDrag.self,
    CollectionBackground.self,
    Rect.self,
    SGRMouseReport.self,
    Scale.self,
    ScrollHint.self,
    ScrollPosition.self,
    ShelfLayout.self,
    Size.self,
    SnapshotError.self,
    StatusHint.self,
    Style.self,
    StyledText.self,
    Surface.self,
    SystemAnimationClock.self,
    TerminalCapabilities.self,
    TerminalRunLoop.self,
    TextAttributes.self,
    TextField.self,
    TextInputOverlay.self,
    TextLayout.self,
    TextRun.self,
    TextSanitizer.self,
    Theme.self,
    TimingCurve.self,
    UTF8Decoding.self,
    WaterfallLayout.self,
    BackgroundTasks.self,
    (any AnimationClock).self,
    (any CollectionLayout).self,
    (any CollectionViewDataSource).self,
    (any CollectionViewDelegate).self,
    (any FlowLayoutDelegate).self,
    (any FlowLayoutItemSizing).self,
    (any Overlay).self,
    (any Scene).self,
    (any SectionScrollingLayout).self,
    (any LayoutInvalidationTarget).self,
    (any LayoutItemMeasuring).self,
    (any ShelfLayoutDelegate).self,
    (any Terminal).self,
    (any WaterfallLayoutDelegate).self,
    CellPicture.self, FixedPicture.self, Picture.self,
    (any BackgroundWork).self,
    (any PictureSource).self,
    (any CollectionViewDataSourcePrefetching).self,
  ]
}

/// The same, as names, for the completeness check.
let exportedTypeNames: Set<String> = [
  "AlphaBlend", "Application", "Badge", "BatchUpdate", "BatchUpdateError", "BatchUpdatePlan", "Border", "Cell", "ElementContent",
  "CellRect",
  "ElementState", "CircleLayout", "CollectionAction", "CollectionView", "CollectionViewController", "CollectionViewDiffableDataSource",
  "CollectionViewError", "Color", "ColorSupport", "CursesTerminal", "CursesTerminalError", "ProcessTerminal", "ProcessTerminalError",
  "StreamTerminal",
  "StreamTerminalError", "Session", "DecorationDrawer", "DiffableSnapshot",
  "DisplayWidth", "EdgeInsets", "ElementCategory", "ElementKind", "EventResult", "FlowLayout", "FocusDirection", "FocusMoveContext",
  "FocusNavigation", "FormOverlay", "Glyph",
  "Grapheme", "HeadlessTerminal", "IndexPath", "InputEvent", "Key", "KeyBindings", "KeyCommand", "LastLineAlignment", "LayoutAttributes",
  "LayoutContext", "LineAlignment", "ManualAnimationClock", "MouseEvent", "MovedItem", "OverlayResponse", "PanelOverlay", "Point",
  "PromptOverlay", "Rasterizer", "Rect", "SGRMouseReport", "Scale", "ScrollHint", "ScrollPosition", "ShelfLayout", "Size", "SnapshotError",
  "StatusHint", "Style", "StyledText", "Surface", "SystemAnimationClock", "TerminalCapabilities", "TerminalRunLoop", "TextAttributes",
  "TextField",
  "TextInputOverlay", "TextLayout", "TextRun", "TextSanitizer", "Theme", "TimingCurve", "UTF8Decoding", "WaterfallLayout", "AnimationClock",
  "CollectionLayout", "CollectionViewDataSource", "CollectionViewDelegate", "FlowLayoutDelegate", "FlowLayoutItemSizing", "Overlay",
  "Scene", "SectionScrollingLayout", "LayoutInvalidationTarget", "ShelfLayoutDelegate", "Terminal", "WaterfallLayoutDelegate",
  "CellPicture", "FixedPicture", "Picture",
  "BackgroundWork", "BackgroundTasks", "PictureSource", "CollectionViewDataSourcePrefetching", "Screen", "ScreenReset", "CellEncoder",
  "FrameUpdate", "CellChange",
  "PictureSupport", "TerminalReply", "TerminalProbe", "PictureProbe", "KittyGraphics",
  "PixelPlaceholder", "PixelSize", "PixelImage", "PixelImageTable", "PixelPictureWriter", "SixelEncoder",
  "LayoutDimension", "LayoutSize", "LayoutItem", "LayoutGroup", "LayoutSection", "LayoutEnvironment", "CompositionalLayout",
  "LayoutBoundarySupplementaryItem", "LayoutAnchor", "LayoutSupplementaryItem", "LayoutDecorationItem", "LayoutEdgeSpacing",
  "LayoutSpacing", "OrthogonalScrollingBehavior", "LayoutItemMeasuring", "InteractiveTransitionDrag", "CollectionBackground",
  "DiffableSectionSnapshot", "SectionSnapshotHandlers", "ChildrenLoadingError", "CollectionViewOutlineDataSource",
  "LayoutListConfiguration", "ListSeparatorConfiguration", "CellAccessory", "CellPoint", "AccessibilitySettings", "QueuedInputRole",
]

/// Deprecated names kept for a rename (using them would warn).
let formerTypeNames: Set<String> = ["CellContent", "CellState"]

@Suite struct FoundationInteropTests {
  @Test func indexPathIsTermGridsAndWorksWithFoundationImported() {
    let path = IndexPath(item: 2, section: 1)
    var paths: [IndexPath] = []
    paths.append(path)
    let set: Set<IndexPath> = [path, IndexPath(item: 0, section: 0)]
    #expect(paths.first?.item == 2 && set.count == 2)
    #expect([IndexPath]().isEmpty)
    // Foundation's names are Foundation's.
    #expect(RunLoop.current === RunLoop.current)
    #expect(Date().timeIntervalSince1970 > 0)
    #expect(URL(fileURLWithPath: "/tmp").path == "/tmp")
  }

  @Test func aCollectionViewBuildsWithFoundationImported() {
    final class Source: CollectionViewDataSource {
      let names = ["a", "b", "c"]
      func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { names.count }
      func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
        ElementContent(title: names[indexPath.item], border: .rounded)
      }
    }
    let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 8, height: 3)))
    view.dataSource = Source()
    view.setFrame(CellRect(x: 0, y: 0, width: 40, height: 6))
    view.reloadData()
    var surface = Surface(width: 40, height: 6)
    view.draw(into: &surface)
    #expect(surface.text.contains("a") && view.indexPathsForVisibleItems.count == 3)
    #expect(everyExportedType.count == exportedTypeNames.count)
  }

  @Test func everyPublicTypeIsListed() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var found: Set<String> = []
    let pattern = /^(?:public|open) (?:final )?(?:class|struct|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)/
    for module in ["GridLayout", "GridRender", "GridTerminal", "CursesTerminal", "TermGrid"] {
      let dir = root.appendingPathComponent("Sources/\(module)")
      let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") {
          if let m = line.firstMatch(of: pattern) { found.insert(String(m.output.1)) }
        }
      }
    }
    let unlisted = found.subtracting(exportedTypeNames).subtracting(formerTypeNames)
    #expect(unlisted.isEmpty, "add these to the list: \(unlisted.sorted())")
    #expect(!found.isEmpty)
  }
}
