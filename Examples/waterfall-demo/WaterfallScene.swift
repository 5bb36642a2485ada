import GridLayout
import GridRender
import TermGrid

/// The waterfall demo: numbered cards of random heights in a masonry
/// layout. + and - change the number of columns (animated), = lets the
/// width decide again, i inserts a card after the focused one, d deletes
/// the focused one, q quits.
final class WaterfallScene: Scene, CollectionViewDataSource, WaterfallLayoutDelegate {
  static let maximumColumns = 32
  /// The narrowest column when the width decides.
  static let minimumColumnWidth = 20.0
  static let heights = 3...12

  let collectionView: CollectionView
  /// The cards, in order.
  private(set) var cards: [Card]
  /// A fixed number of columns, or nil when the width decides.
  private(set) var fixedColumns: Int?
  private var generator: SeededGenerator
  private var nextNumber: Int
  private var dirty = true
  private(set) var message = ""

  init(count: Int, columns: Int? = nil, seed: UInt64 = 2026) {
    generator = SeededGenerator(seed: seed)
    cards = []
    cards.reserveCapacity(count)
    for n in 0..<count { cards.append(Card(number: n + 1, height: Int.random(in: Self.heights, using: &generator))) }
    nextNumber = count + 1
    fixedColumns = columns
    collectionView = CollectionView(layout: WaterfallLayout())
    collectionView.setLayout(makeLayout(), animated: false)
    collectionView.dataSource = self
    collectionView.allowsSelection = false
    collectionView.animationDuration = 0.3
    collectionView.animationCurve = .easeInOut
    collectionView.drawsIncrementally = true
    collectionView.reloadData()
    if count > 0 { collectionView.focusItem(at: IndexPath(item: 0, section: 0)) }
  }

  var needsDisplay: Bool { dirty || collectionView.needsDisplay }
  var isAnimating: Bool { collectionView.isAnimating }

  /// The layout for the current column setting.
  private func makeLayout() -> WaterfallLayout {
    let columns: WaterfallLayout.Columns = fixedColumns.map { .count($0) } ?? .minimumWidth(Self.minimumColumnWidth)
    let layout = WaterfallLayout(
      columns: columns, interColumnSpacing: 1, lineSpacing: 0, sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1))
    layout.delegate = self
    return layout
  }

  /// The number of columns on screen now.
  var columnCount: Int { (collectionView.collectionViewLayout as? WaterfallLayout)?.columnFrames.count ?? 0 }

  // MARK: data

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { cards.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellContent {
    let card = cards[indexPath.item]
    let palette: [Color] = [.red, .green, .yellow, .blue, .magenta, .cyan]
    return CellContent(
      title: "#\(card.number)", detail: "\(card.height) rows", border: .rounded, alignment: .center,
      style: Style(foreground: palette[card.number % palette.count]), titleAttributes: [.bold], padding: 0)
  }

  func waterfallLayout(_ layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Double) -> Double {
    Double(cards[indexPath.item].height)
  }

  // MARK: changes

  /// The most columns the view's width holds (each at least 4 cells wide, at most 32).
  var maximumColumns: Int { min(Self.maximumColumns, max(1, (collectionView.viewport.width - 1) / 5)) }

  /// Sets a number of columns (nil: the width decides), animated; a number
  /// out of 1 ... ``maximumColumns`` changes nothing and says why.
  func setColumns(_ columns: Int?) {
    dirty = true
    if let columns, columns < 1 || columns > maximumColumns {
      message = columns < 1 ? "1 column is the least" : "\(maximumColumns) columns is the most at this width"
      return
    }
    fixedColumns = columns
    collectionView.setLayout(makeLayout(), animated: true)
    message = ""
  }

  /// Inserts a card of random height after the focused one (at the start
  /// when nothing is focused), animated, and focuses it.
  func insertCard() {
    let index = collectionView.focusedIndexPath.map { $0.item + 1 } ?? 0
    let card = Card(number: nextNumber, height: Int.random(in: Self.heights, using: &generator))
    do {
      try collectionView.performBatchUpdates {
        cards.insert(card, at: index)
        try collectionView.insertItems(at: [IndexPath(item: index, section: 0)])
      }
      nextNumber += 1
      message = "inserted #\(card.number)"
      collectionView.focusItem(at: IndexPath(item: index, section: 0))
    } catch {
      message = "\(error)"
    }
    dirty = true
  }

  /// Deletes the focused card, animated.
  func deleteCard() {
    guard let path = collectionView.focusedIndexPath, path.item < cards.count else { return }
    let removed = cards[path.item]
    do {
      try collectionView.performBatchUpdates {
        cards.remove(at: path.item)
        try collectionView.deleteItems(at: [path])
      }
      message = "deleted #\(removed.number)"
    } catch {
      message = "\(error)"
    }
    dirty = true
  }

  func handle(_ event: InputEvent) -> EventResult {
    switch event {
    case .key(let key):
      if key == .char("q") || key.code == .escape { return .quit }
      if key == .char("+") {
        setColumns((fixedColumns ?? columnCount) + 1)
      } else if key == .char("-") {
        setColumns((fixedColumns ?? columnCount) - 1)
      } else if key == .char("=") {
        setColumns(nil)
      } else if key == .char("i") || key.code == .insert {
        insertCard()
      } else if key == .char("d") || key.code == .delete {
        deleteCard()
      } else {
        collectionView.handle(event)
      }
    case .resize:
      dirty = true
    default:
      collectionView.handle(event)
    }
    return .continue
  }

  func draw(into surface: inout Surface) {
    dirty = false
    let w = surface.width
    let h = surface.height
    let bar = h >= 3
    collectionView.setFrame(CellRect(x: 0, y: 0, width: w, height: bar ? h - 1 : h))
    collectionView.draw(into: &surface)
    guard bar else { return }
    let columns = columnCount
    var left = " \(cards.count) card\(cards.count == 1 ? "" : "s") · \(columns) column\(columns == 1 ? "" : "s")"
    left += fixedColumns == nil ? " (by width)" : " (fixed)"
    if !message.isEmpty { left += " · \(message)" }
    surface.drawStatusLine(left, right: " +/- columns  i insert  d delete  q quit ", y: h - 1, minimumLeft: 80)
  }
}
