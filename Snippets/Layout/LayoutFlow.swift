// A flow layout with its common options, a delegate that sizes every item
// to its text and gives one section its own spacing, and a panel drawn
// behind each section.
import TermGrid

// snippet.options
func makeTagLayout() -> FlowLayout {
  let layout = FlowLayout(
    itemSize: Size(width: 16, height: 3), minimumInteritemSpacing: 2, minimumLineSpacing: 0,
    sectionInset: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1),
    headerReferenceSize: Size(width: 0, height: 1), footerReferenceSize: Size(width: 0, height: 1))
  layout.lineAlignment = .leading  // pack each line at the left (the default spreads a full line edge to edge)
  layout.sectionHeadersPinToVisibleBounds = true  // the top section's header stays at the top edge
  return layout
}
// snippet.end

// snippet.horizontal
// Lines become columns that grow to the right; the scroll bar runs along the bottom.
let sideways = FlowLayout(itemSize: Size(width: 16, height: 3), scrollDirection: .horizontal)
// snippet.end

// snippet.delegate
final class Tags: CollectionViewController {
  let titles = ["Languages", "Tools"]
  var tags = [["Swift", "C", "Rust", "Go", "Haskell", "OCaml", "Ada"], ["make", "tmux", "git", "ncurses"]]

  init() {
    let layout = makeTagLayout()
    super.init(layout: layout)
    layout.delegate = self  // the layout keeps its delegate weakly
    showPanels(behindSectionsOf: layout)
  }
  // snippet.hide

  override func numberOfSections(in _: CollectionView) -> Int { tags.count }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int {
    tags[section].count
  }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: tags[indexPath.section][indexPath.item], border: .rounded)
  }

  override func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    kind == .header ? .header(titles[indexPath.section]) : .footer("\(tags[indexPath.section].count) tags")
  }
  // snippet.show
}

extension Tags: FlowLayoutItemSizing {
  // Each tag as wide as its text, plus its border and padding: asked once
  // per item when the layout is prepared, never while drawing.
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size {
    Size(width: Double(DisplayWidth.of(tags[indexPath.section][indexPath.item]) + 4), height: 3)
  }

  // One section's own spacing; nil keeps the layout's property.
  func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) -> Double? {
    section == 1 ? 4 : nil
  }
}
// snippet.end

// snippet.decoration
extension Tags {
  /// A panel of `░` behind each section: the layout places one decoration
  /// of kind "panel" per section, and the view draws it with this drawer.
  /// (Setting a layout's property lays the view out again by itself.)
  func showPanels(behindSectionsOf layout: FlowLayout) {
    layout.sectionBackgroundKind = "panel"
    collectionView.register(
      { _ in .filled(with: "░", style: Style(foreground: .brightBlack)) }, forDecorationViewOfKind: "panel")
  }
}
// snippet.end

// snippet.hide
if CommandLine.arguments.count > 1 {
  Application.run(Tags())
}
