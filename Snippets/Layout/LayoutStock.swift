// The other stock layouts (a waterfall, shelves, a circle) and a key that
// switches between layouts with an animation.
import TermGrid

final class Notes: CollectionViewController {
  // snippet.hide
  let titles = ["Today", "Later"]
  var notes = [
    ["Milk", "Call the plumber about the dripping tap in the kitchen", "Post the letters", "Book a table"],
    ["Read the part of the ncurses manual on colour pairs", "Tidy the shed", "Paint the fence", "Plant the bulbs"],
  ]
  var arrangement = 0

  func note(at indexPath: IndexPath) -> String { notes[indexPath.section][indexPath.item] }

  init() {
    super.init(layout: FlowLayout(itemSize: Size(width: 20, height: 4), headerHeight: 1))
    collectionView.register({ _ in .filled(with: "▔") }, forDecorationViewOfKind: ShelfLayout.plankKind)
  }

  override func numberOfSections(in _: CollectionView) -> Int { notes.count }

  override func collectionView(_: CollectionView, numberOfItemsInSection section: Int) -> Int {
    notes[section].count
  }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: note(at: indexPath), titleLineLimit: 6, border: .rounded)
  }

  override func collectionView(
    _: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    .header(titles[indexPath.section])
  }

  // snippet.show
  // snippet.switch
  override var keyCommands: [KeyCommand] {
    [KeyCommand("l", title: "next layout", action: nextLayout)]
  }

  func nextLayout() {
    arrangement = (arrangement + 1) % 3
    // Every visible card moves from its frame in the old layout to its frame
    // in the new one; the focused card stays in view.
    collectionView.setLayout(layout(for: arrangement), animated: true)
  }

  func layout(for arrangement: Int) -> any CollectionLayout {
    switch arrangement {
    case 1: return makeWaterfall()
    case 2: return makeShelves()
    default: return FlowLayout(itemSize: Size(width: 20, height: 4), headerHeight: 1)
    }
  }
  // snippet.end
}

// snippet.waterfall
extension Notes: WaterfallLayoutDelegate {
  func makeWaterfall() -> WaterfallLayout {
    // As many columns of 18 cells or more as fit: the columns follow the terminal's width.
    let layout = WaterfallLayout(columns: .minimumWidth(18), interColumnSpacing: 1, headerHeight: 1)
    layout.delegate = self
    return layout
  }

  // A card as tall as its note wrapped to the column, plus the border.
  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    let lines = TextLayout.wrap(note(at: indexPath), width: max(1, Int(columnWidth) - 4), maxLines: 6).count
    return Double(max(1, lines) + 2)
  }
}
// snippet.end

// snippet.shelves
extension Notes: ShelfLayoutDelegate {
  func makeShelves() -> ShelfLayout {
    // Each section a row of cards under its header and over a plank.
    let layout = ShelfLayout(itemHeight: 3, headerHeight: 1, plankHeight: 1)
    layout.delegate = self
    return layout
  }

  // Self-sizing: a card as wide as its note, within 12 to 40 cells.
  func shelfLayout(_ layout: ShelfLayout, widthForItemAt indexPath: IndexPath) -> Double {
    min(40, max(12, Double(DisplayWidth.of(note(at: indexPath)) + 4)))
  }
}
// snippet.end

// snippet.circle
// The items of section 0 on a ring round the middle of the view.
let ring = CircleLayout(radiusFraction: 0.4, fixedItemSize: Size(width: 8, height: 3))
// snippet.end

// snippet.hide
if CommandLine.arguments.count > 1 {
  Application.run(Notes())
}
